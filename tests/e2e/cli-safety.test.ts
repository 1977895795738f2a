import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLI_BIN,
  daemonPid,
  daemonPids,
  eventually,
  firefoxProcesses,
  RELAUNCHING_TEST_MS,
  runBin,
} from '../helpers/processes.js';
import { signal, startTestServer } from '../helpers/server.js';
import { useCliHome, useFolder } from '../helpers/fixtures.js';

/**
 * The real `firefox-bidi` bin against what a cloned repository or a careless setting may hold
 * (issue 35): links where install-skill writes, a daemon home other users can open, a session
 * name on the daemon's socket that would make a folder outside the session folders, and a daemon
 * that dies or freezes while a command waits for it.
 */

const scratch = useFolder();
const cli = useCliHome();

describe('install-skill never writes through a link', () => {
  it.each([
    ['the skill file', '.claude/skills/firefox-bidi/SKILL.md', 'file'],
    ['AGENTS.md', 'AGENTS.md', 'file'],
    ['a folder on the way', '.claude', 'folder'],
  ] as const)('refuses %s when it is a link, and leaves what it leads to alone', async (_what, linked, kind) => {
    const repo = mkdtempSync(join(scratch.path, 'repo-'));
    const outside = mkdtempSync(join(scratch.path, 'outside-'));
    const target = kind === 'file' ? join(outside, 'precious.txt') : outside;
    if (kind === 'file') writeFileSync(target, 'keep me\n');
    mkdirSync(join(repo, linked, '..'), { recursive: true });
    symlinkSync(target, join(repo, linked));
    const result = await cli.runIn(repo, 'install-skill', '.');
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toContain(`${join(resolve(repo), linked)} is a link`);
    expect(result.stderr).toContain('install-skill never writes through links');
    if (kind === 'file') expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    else expect(existsSync(join(outside, 'skills'))).toBe(false);
  });
});

describe('a daemon home others can open', () => {
  it('is refused with why, and left as it was', async () => {
    const shared = mkdtempSync(join(scratch.path, 'shared-'));
    chmodSync(shared, 0o1777);
    const env = { ...process.env, FIREFOX_BIDI_HOME: shared };
    try {
      const result = await runBin(CLI_BIN, ['pages'], cli.work, env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${shared} is open to other users (mode 1777)`);
      expect(statSync(shared).mode & 0o7777).toBe(0o1777);
      expect(existsSync(join(shared, 'daemon.sock'))).toBe(false);
    } finally {
      // A build that took the folder would have left a daemon there.
      await runBin(CLI_BIN, ['stop'], cli.work, env);
    }
  });
});

describe("the daemon's socket", () => {
  it('refuses a session name that is no name, and makes no folder for it', async () => {
    expect((await cli.run('open', 'about:blank')).code).toBe(0);
    const escape = `../../../escape-${process.pid}`;
    const answer = await new Promise<string>((done, fail) => {
      const socket = connect(join(cli.home, 'daemon.sock'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('\n')) {
          socket.end();
          done(text);
        }
      });
      socket.on('error', fail);
      socket.write(`${JSON.stringify({ op: 'run', session: escape, command: 'pages', rest: [] })}\n`);
    });
    expect(JSON.parse(answer)).toMatchObject({
      ok: false,
      error: expect.stringContaining('A session name is 1 to 64 letters') as unknown,
    });
    expect(await eventually(() => !existsSync(join(cli.work, '.firefox-bidi', 'sessions', escape)), 500)).toBe(true);
  });
});

describe('first commands run together', () => {
  it('start one daemon between them, which every one of them used', async () => {
    await cli.run('stop');
    expect(await eventually(() => daemonPids(cli.home).length === 0, 10_000)).toBe(true);
    const results = await Promise.all([1, 2, 3].map((n) => cli.run('eval', `() => ${n} * 7`)));
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    expect(results.map((result) => /\d+/.exec(result.stdout.replace(/[\s\S]*returned:/, ''))?.[0])).toEqual([
      '7',
      '14',
      '21',
    ]);
    // Any second daemon that started saw the first and stopped: one is left, and it holds the socket.
    expect(await eventually(() => daemonPids(cli.home).length === 1, 5000)).toBe(true);
    expect((await cli.run('sessions')).stdout).toContain('default');
  });
});

/** The pid of the home's daemon; throws when none runs (a signal to pid -1 would reach every process). */
function runningDaemon(): number {
  const pid = daemonPid(cli.home);
  if (pid === undefined) throw new Error(`no daemon runs for ${cli.home}`);
  return pid;
}

// Each test starts a daemon and its Firefox twice.
describe('a daemon that goes away while a command waits', { timeout: RELAUNCHING_TEST_MS }, () => {
  it('killed mid-call: the command fails (exit 1) saying so, and the next command starts a new daemon', async () => {
    const started = signal();
    const site = await startTestServer({ '/started': started.route });
    try {
      expect((await cli.run('open', site.url('/a.html'))).code).toBe(0);
      const pid = runningDaemon();
      const waiting = cli.runIn(
        cli.work,
        'eval',
        'async () => { fetch("/started").catch(() => {}); await new Promise((resolve) => setTimeout(resolve, 20000)); }',
      );
      // The daemon is killed once the call is under way in the page.
      expect(await eventually(() => started.heard > 0, 15_000)).toBe(true);
      process.kill(pid, 'SIGKILL');
      const result = await waiting;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The daemon went away before it answered');
      expect((await cli.run('eval', '() => 1 + 1')).stdout).toContain('2');
    } finally {
      await site.close();
    }
  });

  it('frozen: the command ends within seconds saying the daemon stopped answering; stop ends it and its Firefox', async () => {
    expect((await cli.run('pages')).code).toBe(0);
    const pid = runningDaemon();
    const marker = `FIREFOX_BIDI_HOME=${cli.home}`;
    expect(firefoxProcesses(marker).size).toBeGreaterThan(0);
    process.kill(pid, 'SIGSTOP');
    try {
      const started = performance.now();
      const result = await cli.run('pages');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The daemon stopped answering');
      expect(performance.now() - started).toBeLessThan(15_000);
      // `stop` cannot be answered by it: it ends it by its pid, and the watchdog takes its Firefox.
      const stopped = await cli.run('stop');
      expect(stopped.code, stopped.stderr).toBe(0);
      expect(stopped.stdout).toContain(`it was ended (pid ${pid}), and its Firefox with it`);
      expect(daemonPids(cli.home)).toEqual([]);
      expect(await eventually(() => firefoxProcesses(marker).size === 0)).toBe(true);
    } finally {
      if (daemonPids(cli.home).includes(pid)) process.kill(pid, 'SIGKILL');
    }
    // The next command starts a new daemon.
    expect((await cli.run('pages')).code).toBe(0);
    expect(daemonPid(cli.home)).not.toBe(pid);
  });

  it('frozen: a new daemon ends the frozen one before it takes the socket', async () => {
    expect((await cli.run('pages')).code).toBe(0);
    const pid = runningDaemon();
    process.kill(pid, 'SIGSTOP');
    try {
      // Started as the bin starts one, with the frozen one on the socket (commands find it stuck and say so).
      const settings = JSON.stringify({
        flags: ['--output-dir', '.firefox-bidi'],
        idleMs: 60_000,
        socket: join(cli.home, 'daemon.sock'),
      });
      const next = runBin(join(process.cwd(), 'dist/src/cli/daemon-main.js'), [settings], cli.work, {
        ...process.env,
        FIREFOX_BIDI_HOME: cli.home,
      });
      expect(await eventually(() => !daemonPids(cli.home).includes(pid))).toBe(true);
      expect(await eventually(async () => (await cli.run('pages')).code === 0)).toBe(true);
      expect(daemonPids(cli.home)).toHaveLength(1);
      expect((await cli.run('stop')).code).toBe(0);
      expect((await next).code).toBe(0);
    } finally {
      if (daemonPids(cli.home).includes(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});

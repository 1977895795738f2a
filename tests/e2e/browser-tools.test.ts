import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, evaluateInPage, startStdioServer, text, uidOf } from '../helpers/mcp.js';
import { eventually } from '../helpers/processes.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';
import { storedZip } from '../helpers/zip.js';

/**
 * Cookies, downloads, PDF, emulation and init scripts through the real MCP server: each test checks what the page, the
 * web server or the file system sees, not only the tool's words.
 */

const TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

let server: TestServer;
let client: Client;
let work: string;
let out: string;
/** The Cookie header of the last request to /cookie, as the web server got it. */
let lastCookie = '';

beforeAll(async () => {
  server = await startTestServer({
    '/cookie': (request, response) => {
      lastCookie = request.headers.cookie ?? '';
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<title>Cookie</title><p id="seen">${request.headers.cookie ?? '(none)'}</p>`);
    },
    '/set-cookie': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'session=from-server; Path=/; HttpOnly' });
      response.end('<title>Set</title><p>set</p>');
    },
    '/files.html': page('Files', '<a href="/report.bin">Get the report</a>'),
    '/report.bin': (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="report.bin"',
      });
      response.end('downloaded bytes');
    },
    '/nav-report.csv': (_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="nav-report.csv"',
      });
      response.end('a,b\n1,2\n');
    },
    '/no-content': (_request, response) => {
      response.writeHead(204);
      response.end();
    },
    '/print.html': page('Print me', '<h1>Quarterly report</h1><p>Numbers.</p>'),
    '/stub.html': page(
      'Stub',
      '<p id="out"></p><script>document.getElementById("out").textContent = String(window.stubbedAnswer);</script>',
    ),
  });
  work = mkdtempSync(join(tmpdir(), 'ffmcp-tools-'));
  writeFileSync(join(work, 'secrets.env'), `API_TOKEN=${TOKEN}\n`);
  // Files the tools read lie in the output directory: the working directory is no place they read or write.
  out = join(work, 'out');
  mkdirSync(out);
  ({ client } = await startStdioServer(
    ['--output-dir', 'out', '--secrets', 'secrets.env', '--tools', 'all', '--color-scheme', 'dark'],
    {},
    work,
  ));
});

afterAll(async () => {
  await client.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

async function seenByServer(): Promise<unknown> {
  await call(client, 'navigate_page', { url: server.url('/cookie') });
  return evaluateInPage(client, '() => document.getElementById("seen").textContent');
}

describe('cookies', () => {
  it("sets a cookie the server then receives, lists the server's own, and deletes them", async () => {
    const set = await call(client, 'set_cookie', { name: 'flavour', value: 'oat', domain: '127.0.0.1' });
    expect(text(set)).toContain('Set cookie flavour=oat (domain 127.0.0.1, path /');
    expect(await seenByServer()).toBe('flavour=oat');
    await call(client, 'navigate_page', { url: server.url('/set-cookie') });
    const listed = text(await call(client, 'get_cookies', { domain: '127.0.0.1' }));
    expect(listed).toContain('session=from-server (domain 127.0.0.1, path /, httpOnly');
    expect(listed).toContain('flavour=oat');
    expect(text(await call(client, 'delete_cookies', { name: 'flavour' }))).toContain('Deleted 1 cookie.');
    expect(await seenByServer()).toBe('session=from-server');
    expect(text(await call(client, 'delete_cookies'))).toContain('Deleted 1 cookie.');
    expect(await seenByServer()).toBe('(none)');
  });

  it('sets a named secret without showing it, and refuses a domain that is no host name, changing nothing', async () => {
    expect(
      text(
        await call(client, 'set_cookie', { name: 'auth', value: '<secret>API_TOKEN</secret>', domain: '127.0.0.1' }),
      ),
    ).toContain('auth=<secret>API_TOKEN</secret>');
    // The web server gets the value itself; every answer shows the reference, even the page's text.
    expect(await seenByServer()).toBe('auth=<secret>API_TOKEN</secret>');
    expect(lastCookie).toBe(`auth=${TOKEN}`);
    expect(text(await call(client, 'get_cookies'))).not.toContain(TOKEN);
    const bad = await call(client, 'set_cookie', { name: 'x', value: 'y', domain: 'http://127.0.0.1:8080/' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('is not a host name');
    await seenByServer();
    expect(lastCookie).toBe(`auth=${TOKEN}`);
    await call(client, 'delete_cookies');
  });
});

describe('downloads and PDF', () => {
  it('reports a download a click started and lists it, saved in the output directory', async () => {
    await call(client, 'navigate_page', { url: server.url('/files.html') });
    const clicked = text(
      await call(client, 'click', { uid: uidOf(text(await call(client, 'take_snapshot')), 'link', 'Get the report') }),
    );
    expect(clicked).toContain('It started a download of "report.bin"');
    // The download finishes on its own time: ask until it says so.
    let listed = '';
    await eventually(async () => (listed = text(await call(client, 'list_downloads'))).includes('complete'));
    expect(listed).toMatch(/report\.bin: complete, 16 B, saved as .*out\/downloads\/report\.bin/);
    expect(readFileSync(join(work, 'out', 'downloads', 'report.bin'), 'utf8')).toBe('downloaded bytes');
  });

  it('says a navigation to a download started it and left the page as it was, and the file arrives', async () => {
    const files = server.url('/files.html');
    await call(client, 'navigate_page', { url: files });
    const target = server.url('/nav-report.csv');
    const answer = await call(client, 'navigate_page', { url: target });
    expect(answer.isError).toBeFalsy();
    expect(text(answer)).toContain(
      `No new page loaded. It started a download of "nav-report.csv" from ${target}; the page stayed as it was`,
    );
    expect(text(answer)).toContain(`The page is still at ${files}.`);
    expect(text(answer)).not.toContain('Navigated to');
    expect(answer.structuredContent).toMatchObject({
      url: files,
      navigationEnded: { outcome: 'download', url: target },
    });
    expect(await evaluateInPage(client, '() => location.href')).toBe(files);
    const saved = join(work, 'out', 'downloads', 'nav-report.csv');
    await eventually(() => existsSync(saved));
    expect(readFileSync(saved, 'utf8')).toBe('a,b\n1,2\n');
  });

  it('says a navigation answered 204 brought no page, and the page stayed as it was', async () => {
    const files = server.url('/files.html');
    await call(client, 'navigate_page', { url: files });
    const answer = await call(client, 'navigate_page', { url: server.url('/no-content') });
    expect(answer.isError).toBeFalsy();
    expect(text(answer)).toContain(`It asked for ${server.url('/no-content')}, but no page came`);
    expect(text(answer)).toContain(`The page is still at ${files}.`);
    expect(await evaluateInPage(client, '() => location.href')).toBe(files);
  });

  it('prints the page to a PDF file in the output directory', async () => {
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    const saved = await call(client, 'save_pdf', { filePath: 'report.pdf' });
    expect(text(saved)).toMatch(/Saved the page as PDF \(\d+ bytes\) to .*out\/report\.pdf/);
    const pdf = readFileSync(join(work, 'out', 'report.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    const outside = await call(client, 'save_pdf', { filePath: '/tmp/outside-report.pdf' });
    expect(outside.isError).toBe(true);
    expect(existsSync('/tmp/outside-report.pdf')).toBe(false);
  });
});

describe('emulation', () => {
  const seen = (): Promise<unknown> =>
    evaluateInPage(
      client,
      '() => [navigator.userAgent, navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone]',
    );
  const position = (): Promise<unknown> =>
    evaluateInPage(
      client,
      '() => new Promise((resolve) => navigator.geolocation.getCurrentPosition((p) => resolve([p.coords.latitude, p.coords.longitude]), (e) => resolve("error " + e.code), { timeout: 5000 }))',
    );

  it('shows the page another user agent, locale, time zone and place, and resets them', async () => {
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    const own = (await seen()) as string[];
    const set = await call(client, 'emulate', {
      userAgent: 'AgentBot/1.0',
      locale: 'de-DE',
      timezone: 'Asia/Tokyo',
      geolocation: { latitude: 48.8566, longitude: 2.3522 },
    });
    expect(text(set)).toContain(
      'user agent "AgentBot/1.0"; geolocation 48.8566, 2.3522; locale de-DE; time zone Asia/Tokyo',
    );
    await call(client, 'navigate_page', { type: 'reload' });
    expect(await seen()).toEqual(['AgentBot/1.0', 'de-DE', 'Asia/Tokyo']);
    expect(await position()).toEqual([48.8566, 2.3522]);
    // Bad input changes nothing.
    const bad = await call(client, 'emulate', { userAgent: 'Other/2.0', timezone: 'Mars/Olympus_Mons' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('is not a time zone');
    await call(client, 'navigate_page', { type: 'reload' });
    expect(await seen()).toEqual(['AgentBot/1.0', 'de-DE', 'Asia/Tokyo']);
    await call(client, 'emulate', { reset: true });
    await call(client, 'navigate_page', { type: 'reload' });
    expect(await seen()).toEqual(own);
  });

  it('resizes the viewport the page lays out in', async () => {
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    const own = await evaluateInPage(client, '() => [innerWidth, innerHeight]');
    expect(text(await call(client, 'resize_page', { width: 800, height: 600 }))).toContain('800x600');
    expect(await evaluateInPage(client, '() => [innerWidth, innerHeight]')).toEqual([800, 600]);
    await call(client, 'emulate', { viewport: null });
    expect(await evaluateInPage(client, '() => [innerWidth, innerHeight]')).toEqual(own);
  });

  it('looks like a phone: viewport, pixel ratio, user agent and touch from a device preset, and back', async () => {
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    const device = (): Promise<unknown> =>
      evaluateInPage(
        client,
        '() => [innerWidth, devicePixelRatio, /iPhone/.test(navigator.userAgent), navigator.maxTouchPoints, "ontouchstart" in window]',
      );
    const own = (await device()) as unknown[];
    expect(own.slice(1)).toEqual([1, false, 0, false]);
    // --color-scheme dark, a launch pref, holds for every page.
    expect(
      await evaluateInPage(
        client,
        '() => [matchMedia("(prefers-color-scheme: dark)").matches, matchMedia("(prefers-color-scheme: light)").matches]',
      ),
    ).toEqual([true, false]);
    const set = text(await call(client, 'emulate', { device: 'iPhone 15' }));
    expect(set).toContain('device iPhone 15 (user agent');
    expect(set).toContain('viewport 393×852 at 3× pixels; touch screen (as pages detect it))');
    await call(client, 'navigate_page', { type: 'reload' });
    expect(await device()).toEqual([393, 3, true, 5, true]);
    // A setting given alongside the preset wins; a bad one changes nothing.
    await call(client, 'emulate', { device: 'Pixel 7', touch: false });
    await call(client, 'navigate_page', { type: 'reload' });
    expect(
      await evaluateInPage(
        client,
        '() => [innerWidth, devicePixelRatio, /Pixel 7/.test(navigator.userAgent), navigator.maxTouchPoints]',
      ),
    ).toEqual([412, 2.625, true, 0]);
    for (const [args, message] of [
      [{ device: 'Nokia 3310' }, 'Invalid option'],
      [{ viewport: { width: 0, height: 500 } }, 'from 1 to 10000'],
    ] as const) {
      const bad = await call(client, 'emulate', args);
      expect(bad.isError).toBe(true);
      expect(text(bad)).toContain(message);
    }
    expect(await evaluateInPage(client, '() => innerWidth')).toBe(412);
    await call(client, 'emulate', { reset: true });
    await call(client, 'navigate_page', { type: 'reload' });
    expect(await device()).toEqual(own);
  });

  it('takes the page offline and back, and emulates for every page of the session with scope session', async () => {
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    const fetchStatus = (): Promise<unknown> =>
      evaluateInPage(client, '() => fetch("/cookie").then((r) => r.status, () => "failed")');
    await call(client, 'emulate', { offline: true });
    expect(await fetchStatus()).toBe('failed');
    await call(client, 'emulate', { offline: false });
    expect(await fetchStatus()).toBe(200);
    await call(client, 'emulate', { scope: 'session', userAgent: 'SessionBot/3.0' });
    await call(client, 'new_page', { url: server.url('/print.html') });
    expect(((await seen()) as string[])[0]).toBe('SessionBot/3.0');
    await call(client, 'close_page', { pageIdx: 1 });
    await call(client, 'emulate', { scope: 'session', reset: true });
  });
});

describe('init scripts', () => {
  it("runs before the page's scripts from the next load, lists and removes them", async () => {
    const added = await call(client, 'add_init_script', { function: '() => { window.stubbedAnswer = 42; }' });
    const id = (added.structuredContent as { id: string }).id;
    await call(client, 'navigate_page', { url: server.url('/stub.html') });
    // The page's own inline script saw the stub when it ran.
    expect(await evaluateInPage(client, '() => document.getElementById("out").textContent')).toBe('42');
    expect(text(await call(client, 'remove_init_script'))).toContain(`${id}: () => { window.stubbedAnswer = 42; }`);
    const bad = await call(client, 'remove_init_script', { id: 'nope' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain(`No init script has id "nope"; the ids are ${id}.`);
    expect(text(await call(client, 'remove_init_script', { id }))).toContain('No init scripts.');
    await call(client, 'navigate_page', { type: 'reload' });
    expect(await evaluateInPage(client, '() => document.getElementById("out").textContent')).toBe('undefined');
  });
});

describe('localStorage and sessionStorage', () => {
  it("sets keys the page's own script reads, lists what the page stored, and removes them", async () => {
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    await evaluateInPage(
      client,
      '() => { localStorage.setItem("fromPage", "hello"); sessionStorage.setItem("tab", "one"); }',
    );
    expect(text(await call(client, 'set_storage', { type: 'local', key: 'fromAgent', value: 'world' }))).toContain(
      'Set localStorage fromAgent=world.',
    );
    expect(
      await evaluateInPage(client, '() => [localStorage.getItem("fromAgent"), localStorage.getItem("fromPage")]'),
    ).toEqual(['world', 'hello']);
    const listed = text(await call(client, 'get_storage', { type: 'local' }));
    expect(listed).toContain('fromPage=hello');
    expect(listed).toContain('fromAgent=world');
    expect(text(await call(client, 'get_storage', { type: 'session' }))).toContain('tab=one');
    // A secret goes in as itself and comes out as its reference.
    await call(client, 'set_storage', { type: 'local', key: 'token', value: '<secret>API_TOKEN</secret>' });
    expect(await evaluateInPage(client, '() => localStorage.getItem("token") === "' + TOKEN + '"')).toBe(true);
    expect(text(await call(client, 'get_storage', { type: 'local', key: 'token' }))).toBe(
      '# get_storage response\nlocalStorage token=<secret>API_TOKEN</secret>',
    );
    expect(text(await call(client, 'set_storage', { type: 'local', key: 'fromAgent' }))).toContain(
      'Removed "fromAgent" from localStorage.',
    );
    expect(await evaluateInPage(client, '() => localStorage.getItem("fromAgent")')).toBeNull();
    await evaluateInPage(client, '() => { localStorage.clear(); sessionStorage.clear(); }');
  });
});

describe('storage state', () => {
  it('saves cookies and localStorage to a file and restores them: the server and the page see them again', async () => {
    const session = 'sess_7Hq2Lm9Xw4Rt8Zp3Kv6Nc1Bd5Fg0Yj2';
    await call(client, 'set_cookie', { name: 'session', value: session, domain: '127.0.0.1', httpOnly: true });
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    await evaluateInPage(client, '() => localStorage.setItem("user", "ada")');
    const saved = text(await call(client, 'save_storage_state', { filePath: 'state/login.json' }));
    expect(saved).toMatch(
      new RegExp(
        `Saved 1 cookie and the localStorage of ${server.origin.replace(/\./g, '\\.')} \\(1 localStorage key\\) to .*state/login\\.json`,
      ),
    );
    expect(saved).not.toContain(session);
    const file = join(work, 'out', 'state', 'login.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const state = JSON.parse(readFileSync(file, 'utf8')) as {
      cookies: { name: string; value: string; httpOnly: boolean }[];
      origins: unknown[];
    };
    expect(state.cookies).toMatchObject([{ name: 'session', value: session, httpOnly: true }]);
    expect(state.origins).toEqual([{ origin: server.origin, localStorage: [{ name: 'user', value: 'ada' }] }]);

    // Logged out: nothing is left for the server or the page to see.
    await call(client, 'delete_cookies');
    await evaluateInPage(client, '() => localStorage.clear()');
    expect(await seenByServer()).toBe('(none)');

    expect(text(await call(client, 'load_storage_state', { filePath: file }))).toContain(
      'Restored 1 cookie and 1 localStorage key of 1 origin.',
    );
    await seenByServer();
    expect(lastCookie).toBe(`session=${session}`);
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    expect(await evaluateInPage(client, '() => localStorage.getItem("user")')).toBe('ada');
    // The scratch tab that wrote localStorage is gone, and the selected page stayed.
    expect(text(await call(client, 'list_pages')).match(/^\d+:/gm)).toHaveLength(1);
    await call(client, 'delete_cookies');
    await evaluateInPage(client, '() => localStorage.clear()');
  });

  it('refuses a file that is missing, not JSON or not a state, restoring nothing', async () => {
    writeFileSync(join(out, 'notjson.json'), '{ cookies: ');
    // A file given by mistake may hold secrets: the refusal must not quote it.
    writeFileSync(join(out, 'credentials.txt'), 'db_password=Hunter2-7f3a9c\n');
    writeFileSync(
      join(out, 'badorigin.json'),
      JSON.stringify({
        cookies: [{ name: 'a', value: 'b', domain: '127.0.0.1', path: '/' }],
        origins: [{ origin: 'file:///etc', localStorage: [] }],
      }),
    );
    writeFileSync(
      join(work, 'cwd-state.json'),
      JSON.stringify({ cookies: [{ name: 'a', value: 'b', domain: '127.0.0.1', path: '/' }], origins: [] }),
    );
    const cases: [string, RegExp][] = [
      [join(out, 'missing.json'), /does not exist/],
      ['notjson.json', /is not JSON( \(it breaks at character \d+\))?; its content is not shown/],
      [join(out, 'credentials.txt'), /credentials\.txt is not JSON.*its content is not shown, as it may hold secrets/],
      [join(out, 'badorigin.json'), /origin 0 \("file:\/\/\/etc"\) is not an http\(s\) origin/],
      // The working directory is not read from.
      [join(work, 'cwd-state.json'), /outside the folders files may be read from/],
      ['../cwd-state.json', /outside the folders files may be read from/],
    ];
    for (const [filePath, message] of cases) {
      const result = await call(client, 'load_storage_state', { filePath });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(message);
      expect(text(result)).not.toMatch(/Hunter2|db_pass|cookies:/);
    }
    expect(await seenByServer()).toBe('(none)');
  });
});

describe('extensions', () => {
  const manifest = (id: string): string =>
    JSON.stringify({
      manifest_version: 2,
      name: `Marker ${id}`,
      version: '1.2',
      browser_specific_settings: { gecko: { id } },
      content_scripts: [{ matches: ['<all_urls>'], js: ['content.js'], run_at: 'document_start' }],
    });
  const content = (mark: string): string => `document.documentElement.dataset.${mark} = 'yes';`;
  const marks = (): Promise<unknown> =>
    evaluateInPage(
      client,
      '() => [document.documentElement.dataset.folder ?? "no", document.documentElement.dataset.archive ?? "no"]',
    );

  it('installs extensions from a folder and an .xpi that reach the page, lists and uninstalls them', async () => {
    const folder = join(out, 'marker-ext');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'manifest.json'), manifest('folder@example.com'));
    writeFileSync(join(folder, 'content.js'), content('folder'));
    writeFileSync(
      join(out, 'marker.xpi'),
      storedZip({ 'manifest.json': manifest('archive@example.com'), 'content.js': content('archive') }),
    );

    expect(text(await call(client, 'install_extension', { path: folder }))).toContain(
      'Installed folder@example.com: Marker folder@example.com 1.2',
    );
    expect(text(await call(client, 'install_extension', { path: 'marker.xpi' }))).toContain(
      'Installed archive@example.com: marker.xpi',
    );
    await call(client, 'navigate_page', { url: server.url('/print.html') });
    expect(await marks()).toEqual(['yes', 'yes']);
    const listed = text(await call(client, 'list_extensions'));
    expect(listed).toContain('folder@example.com');
    expect(listed).toContain('archive@example.com');

    expect(text(await call(client, 'uninstall_extension', { id: 'folder@example.com' }))).toContain(
      'Uninstalled folder@example.com',
    );
    await call(client, 'navigate_page', { type: 'reload' });
    expect(await marks()).toEqual(['no', 'yes']);
    await call(client, 'uninstall_extension', { id: 'archive@example.com' });
    await call(client, 'navigate_page', { type: 'reload' });
    expect(await marks()).toEqual(['no', 'no']);
    expect(text(await call(client, 'list_extensions'))).toContain('No extensions installed.');
  });

  it('refuses a missing path, a folder without a manifest and an unknown id, installing nothing', async () => {
    mkdirSync(join(out, 'empty-ext'), { recursive: true });
    writeFileSync(join(out, 'notes.txt'), 'not an extension');
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['install_extension', { path: join(out, 'nowhere') }, /does not exist/],
      ['install_extension', { path: join(out, 'empty-ext') }, /does not exist/],
      ['install_extension', { path: 'notes.txt' }, /neither a folder nor an \.xpi/],
      ['install_extension', { path: join(work, 'secrets.env') }, /outside the folders files may be read from/],
      [
        'uninstall_extension',
        { id: 'nobody@example.com' },
        /No extension this client installed has id "nobody@example.com"; none is installed/,
      ],
    ];
    for (const [tool, args, message] of cases) {
      const result = await call(client, tool, args);
      expect(result.isError, tool).toBe(true);
      expect(text(result)).toMatch(message);
    }
    expect(text(await call(client, 'list_extensions'))).toContain('No extensions installed.');
  });
});

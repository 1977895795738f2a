import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrowserClosedError,
  EvaluationError,
  FirefoxClient,
  InvalidArgumentError,
  NoSuchPageError,
  PageCrashedError,
  TimeoutError,
} from '../../src/index.js';
import { contentProcesses, eventually, groupAlive, steady } from '../helpers/processes.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let client: FirefoxClient;

beforeAll(async () => {
  server = await startTestServer({
    // Text that comes late inside a same-origin frame (an editor's document) and into a field's value; and a password
    // that is never matched.
    '/late-frame.html': page(
      'Late frame',
      `<iframe srcdoc="<body><p>frame start</p></body>"></iframe>
       <label>Status <input id="status"></label>
       <label>Password <input type="password" id="pw" value="hunter2-secret"></label>
       <script>
         setTimeout(() => { document.querySelector('iframe').contentDocument.body.append('Saved in the editor'); }, 300);
         setTimeout(() => { document.getElementById('status').value = 'Upload complete'; }, 300);
       </script>`,
    ),
    // Ionic-style buttons: the DOM says "Delete account", the screen shows it in capitals; a label whose words wrap
    // over lines.
    '/shouting.html': page(
      'Shouting',
      `<button id="delete" style="text-transform: uppercase" hidden>Delete   account</button>
       <p>Last
          signed in today</p>
       <script>setTimeout(() => { document.getElementById('delete').hidden = false; }, 300);</script>`,
    ),
    '/big.html': page(
      'Big',
      Array.from({ length: 20_000 }, (_, i) => `<p>Paragraph ${i} <a href="#${i}">link</a></p>`).join(''),
    ),
    // The same console page twice in frames: once from the page's own origin, once cross-origin (another process).
    '/framed.html': (request, response) => {
      const port = (request.headers.host ?? '').split(':')[1] ?? '';
      page(
        'Framed',
        `<h1>Framed</h1><iframe src="/console.html"></iframe><iframe src="http://localhost:${port}/console.html"></iframe>`,
      )(request, response);
    },
  });
  client = await FirefoxClient.launch();
});

afterAll(async () => {
  await client.close();
  await server.close();
});

/** Leaves exactly one page open, selected, on about:blank. */
/** The browser's state counts once they stopped changing (what closed or navigated before is forgotten). */
function steadyCounts(): Promise<Record<string, number>> {
  return steady(() => client.browser.stateCounts(), 300);
}

async function resetPages(): Promise<void> {
  while ((await client.userContext.listPages()).length > 1) await client.userContext.closePage(1);
  await client.userContext.selectPage(0);
  await client.page.navigate('about:blank');
}

describe('FirefoxClient against a launched Firefox', () => {
  it('launches headless Firefox with one blank page', async () => {
    expect(client.browser.sessionKind).toBe('launched');
    expect(client.browser.browserVersion).toMatch(/^\d+\./);
    const pages = await client.userContext.listPages();
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ index: 0, url: 'about:blank', selected: true });
  });

  it('opens, selects and closes pages', async () => {
    await resetPages();
    const second = await client.userContext.newPage(server.url('/a.html'));
    expect(await client.userContext.info(second)).toMatchObject({ index: 1, title: 'Page A', selected: true });
    await client.userContext.newPage(server.url('/b.html'));
    let pages = await client.userContext.listPages();
    expect(pages.map((page) => page.title)).toEqual(['', 'Page A', 'Page B']);
    expect(pages.map((page) => page.selected)).toEqual([false, false, true]);

    const selected = await client.userContext.selectPage(1);
    expect(await client.userContext.info(selected)).toMatchObject({ index: 1, title: 'Page A', selected: true });
    expect(await client.page.evaluate(() => document.title)).toBe('Page A');

    await client.userContext.closePage(2);
    pages = await client.userContext.listPages();
    expect(pages.map((page) => page.title)).toEqual(['', 'Page A']);
    await expect(client.userContext.selectPage(5)).rejects.toThrow(NoSuchPageError);
    await expect(client.userContext.selectPage(5)).rejects.toThrow(/valid indexes are 0 to 1/);
  });

  it('falls back to a live page with a note when the selected page closes itself', async () => {
    await resetPages();
    await client.userContext.newPage(server.url('/b.html'));
    await client.page
      .evaluate(() => {
        setTimeout(() => window.close(), 0);
      })
      .catch(() => undefined);
    // Should the page's own close not have come yet, it is closed from outside; one that is closing meanwhile refuses
    // that, and the note below is what counts either way.
    if ((await client.userContext.listPages()).length === 2)
      await client.browser.bidi.send('browsingContext.close', { context: client.page.id }).catch(() => undefined);
    expect(
      await eventually(
        () => client.userContext.takeNotes().some((note) => note.includes('was closed; page 0 is selected now')),
        5000,
      ),
    ).toBe(true);
    expect((await client.userContext.listPages()).map((page) => page.selected)).toEqual([true]);
  });

  it('closes a new page that failed to load, and selects the page before it again', async () => {
    await resetPages();
    await client.page.navigate(server.url('/a.html'));
    // A port nothing listens on.
    const closed = await startTestServer();
    const unreachable = closed.url('/');
    await closed.close();
    await expect(client.userContext.newPage(unreachable)).rejects.toThrow(
      /The new page was closed; page 0 is selected again\./,
    );
    const pages = await client.userContext.listPages();
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ url: server.url('/a.html'), selected: true });
  });

  it('refuses to close the last page', async () => {
    await resetPages();
    await expect(client.userContext.closePage(0)).rejects.toThrow(/last open page cannot be closed/);
  });

  it('navigates with history: back, forward and reload', async () => {
    await resetPages();
    expect((await client.page.navigate(server.url('/a.html'))).url).toBe(server.url('/a.html'));
    await client.page.navigate(server.url('/b.html'));
    expect((await client.page.goBack()).url).toBe(server.url('/a.html'));
    expect(await client.page.evaluate(() => document.title)).toBe('Page A');
    expect((await client.page.goForward()).url).toBe(server.url('/b.html'));
    expect(await client.page.evaluate(() => document.title)).toBe('Page B');
    await client.page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await client.page.reload();
    expect(await client.page.evaluate(() => typeof (window as unknown as { marker?: number }).marker)).toBe(
      'undefined',
    );
    await expect(client.page.goForward()).rejects.toThrow(/no later page/);
  });

  it('rejects invalid URLs with a clear error and leaves the page as it was', async () => {
    await resetPages();
    await client.page.navigate(server.url('/a.html'));
    await expect(client.page.navigate('not a url')).rejects.toThrow(InvalidArgumentError);
    await expect(client.page.navigate('not a url')).rejects.toThrow(/absolute URL/);
    expect((await client.userContext.listPages())[0]?.url).toBe(server.url('/a.html'));
  });

  it('evaluates functions with JSON arguments and results', async () => {
    await resetPages();
    expect(await client.page.evaluate('(a, b) => a + b', [2, 3])).toBe(5);
    expect(await client.page.evaluate('(o) => ({ ...o, n: [1, null, "x"], d: 1.5 })', [{ k: 'v' }])).toEqual({
      k: 'v',
      n: [1, null, 'x'],
      d: 1.5,
    });
    expect(
      await client.page.evaluate('async () => { await new Promise((r) => setTimeout(r, 20)); return "later"; }'),
    ).toBe('later');
    expect(await client.page.evaluate('() => undefined')).toBeUndefined();
    await expect(client.page.evaluate('() => { throw new Error("nope"); }')).rejects.toThrow(EvaluationError);
    await expect(client.page.evaluate('() => { throw new Error("nope"); }')).rejects.toThrow(/nope/);
  });

  it('times out a script that never finishes, and stays usable', async () => {
    await resetPages();
    await expect(client.page.evaluate('() => new Promise(() => {})', [], { timeout: 300 })).rejects.toThrow(
      TimeoutError,
    );
    expect(await client.page.evaluate('() => 7')).toBe(7);
  });

  it('takes PNG and JPEG screenshots of the viewport and the full page', async () => {
    await resetPages();
    await client.page.setViewport(400, 300);
    await client.page.navigate(server.url('/tall.html'));
    const { image: png } = await client.page.screenshot();
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([400, 300]);
    const { image: full } = await client.page.screenshot({ fullPage: true });
    expect(full.readUInt32BE(20)).toBeGreaterThanOrEqual(3000);
    const { image: jpeg } = await client.page.screenshot({ format: 'jpeg', quality: 50 });
    expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    await expect(client.page.screenshot({ format: 'gif' as 'png' })).rejects.toThrow(/use "png" or "jpeg"/);
    await expect(client.page.setViewport(0, 10)).rejects.toThrow(/width must be a whole number/);
  });

  it('captures console messages and uncaught errors of a served page', async () => {
    await resetPages();
    client.page.clearConsoleMessages();
    await client.page.navigate(server.url('/console.html'));
    await client.page.waitForText('Console');
    expect(await eventually(() => client.page.getConsoleMessages().length >= 5, 5000)).toBe(true);
    const messages = client.page.getConsoleMessages();
    expect(messages.map((message) => [message.level, message.type, message.text])).toEqual(
      expect.arrayContaining([
        ['info', 'log', 'hello from the page 42'],
        ['warn', 'warn', 'careful'],
        ['error', 'error', 'something broke'],
        ['info', 'info', 'data 42'],
        ['error', 'exception', expect.stringContaining('uncaught boom')],
      ]),
    );
    expect(messages.find((message) => message.text === 'careful')?.source?.url).toBe(server.url('/console.html'));
    expect(client.page.getConsoleMessages({ level: 'warn' }).map((message) => message.text)).toEqual(['careful']);
    expect(client.page.getConsoleMessages({ textContains: 'BOOM' })).toHaveLength(1);
    const firstId = messages[0]?.id ?? 0;
    expect(client.page.getConsoleMessages({ since: firstId }).length).toBe(messages.length - 1);
    client.page.clearConsoleMessages();
    expect(client.page.getConsoleMessages()).toEqual([]);
  });

  it('captures network requests with status, type, headers and timings', async () => {
    await resetPages();
    client.page.clearNetworkRequests();
    await client.page.navigate(server.url('/console.html'));
    expect(
      await eventually(
        () =>
          client.page.getNetworkRequests().filter((request) => request.status !== null || request.failure).length >= 3,
        5000,
      ),
    ).toBe(true);
    const requests = client.page.getNetworkRequests();
    const document = requests.find((request) => request.url === server.url('/console.html'));
    expect(document).toMatchObject({ method: 'GET', resourceType: 'document', status: 200, isNavigation: true });
    expect(document?.responseHeaders['content-type']).toContain('text/html');
    const api = client.page.getNetworkRequests({ urlContains: '/api/data' })[0];
    expect(api).toMatchObject({ url: server.url('/api/data?x=1'), status: 200 });
    expect(api?.mimeType).toContain('json');
    expect(api?.responseHeaders['x-test']).toBe('yes');
    expect(api?.durationMs).toBeGreaterThanOrEqual(0);
    expect(api?.sizes.responseBody).toBe(JSON.stringify({ answer: 42 }).length);
    expect(api?.timings.waitingMs).toBeGreaterThanOrEqual(0);
    // Firefox also asks for /favicon.ico, which this server does not have either.
    expect(
      client.page.getNetworkRequests({ status: 404, resourceType: 'fetch' }).map((request) => request.url),
    ).toEqual([server.url('/missing.json')]);
    expect(client.page.getNetworkRequests({ resourceType: 'document' })).toHaveLength(1);
    client.page.clearNetworkRequests();
    expect(client.page.getNetworkRequests()).toEqual([]);
  });

  it('lists what iframes log and fetch under their page, with the frame it came from', async () => {
    await resetPages();
    client.page.clearConsoleMessages();
    client.page.clearNetworkRequests();
    await client.page.navigate(server.url('/framed.html'));
    const port = new URL(server.origin).port;
    const frames = [server.url('/console.html'), `http://localhost:${port}/console.html`];
    expect(await eventually(() => client.page.getConsoleMessages({ textContains: 'careful' }).length === 2, 5000)).toBe(
      true,
    );
    expect(
      client.page
        .getConsoleMessages({ textContains: 'careful' })
        .map((message) => message.frame)
        .sort(),
    ).toEqual([...frames].sort());
    expect(
      await eventually(() => client.page.getNetworkRequests({ urlContains: '/api/data' }).length === 2, 5000),
    ).toBe(true);
    expect(
      client.page
        .getNetworkRequests({ urlContains: '/api/data' })
        .map((request) => request.frame)
        .sort(),
    ).toEqual([...frames].sort());
    // The page's own requests say no frame.
    expect(client.page.getNetworkRequests({ urlContains: '/framed.html' })[0]?.frame).toBeUndefined();
  });

  it('gives user contexts (browser.newUserContext()) their own pages, storage, console and uids, and closing one leaves nothing behind', async () => {
    await resetPages();
    await client.page.navigate(server.url('/a.html'));
    await client.page.evaluate('() => { localStorage.setItem("who", "main"); console.log("main was here"); }');
    const mainUid = /^\s*(\d+_\d+) /m.exec((await client.page.takeSnapshot()).text)?.[1] ?? 'none';
    const before = client.browser.stateCounts();
    const agent = await client.browser.newUserContext();
    try {
      expect(agent.id).not.toBe(client.userContext.id);
      expect(await agent.listPages()).toHaveLength(1);
      await agent.page.navigate(server.url('/a.html'));
      expect(await agent.page.evaluate('() => String(localStorage.getItem("who"))')).toBe('null');
      expect(agent.page.getConsoleMessages().map((message) => message.text)).not.toContain('main was here');
      await expect(agent.page.clickByUid(mainUid)).rejects.toThrow('never taken');
      // Init scripts and emulation stay in their user context too.
      await agent.addInitScript('() => { window.agentOnly = true; }');
      await agent.emulate({ userAgent: 'AgentOnly/1.0' });
      await agent.newPage(server.url('/b.html'));
      expect(await agent.page.evaluate('() => [window.agentOnly === true, navigator.userAgent]')).toEqual([
        true,
        'AgentOnly/1.0',
      ]);
      // So do request rules: the agent's mock answers its pages only.
      await agent.route({ urlPattern: '*/api/data*', action: 'mock', body: '{"answer":"mocked"}' });
      const fetchAnswer = '() => fetch("/api/data").then((r) => r.json()).then((d) => d.answer)';
      expect(await agent.page.evaluate(fetchAnswer)).toBe('mocked');
      expect(await client.page.evaluate(fetchAnswer)).toBe(42);
      expect(client.userContext.routes()).toEqual([]);
      expect((await agent.listPages()).map((page) => new URL(page.url).pathname)).toEqual(['/a.html', '/b.html']);
      expect((await client.userContext.listPages()).map((page) => new URL(page.url).pathname)).toEqual(['/a.html']);
    } finally {
      await agent.dispose();
    }
    expect(agent.closed).toBe(true);
    expect(client.browser.closed).toBe(false);
    await expect(agent.listPages()).rejects.toThrow();
    // All the agent held is gone; the main page holds the one request it made meanwhile.
    const after = { ...before, networkRequests: (before.networkRequests ?? 0) + 1 };
    expect(await eventually(() => JSON.stringify(client.browser.stateCounts()) === JSON.stringify(after), 5000)).toBe(
      true,
    );
    expect(await client.page.evaluate('() => localStorage.getItem("who")')).toBe('main');
    // The agent's init script and user agent were its own: the main context's next load has neither.
    await client.page.reload();
    expect(
      await client.page.evaluate('() => [window.agentOnly === undefined, navigator.userAgent === "AgentOnly/1.0"]'),
    ).toEqual([true, false]);
  });

  it('leaves nothing behind of pages that closed, in any of its maps', async () => {
    await resetPages();
    await client.page.takeSnapshot();
    const before = await steadyCounts();
    for (let round = 0; round < 3; round++) {
      await client.userContext.newPage(server.url('/framed.html'));
      await client.page.waitForText('Framed');
      await client.page.takeSnapshot();
      await client.page.takeSnapshot({ since: 1 });
      await client.userContext.closePage(1);
    }
    await expect.poll(() => client.browser.stateCounts()).toEqual(before);
    // A page that navigates keeps its maps' entries for the new document only.
    await client.page.navigate(server.url('/a.html'));
    await client.page.takeSnapshot();
    await client.page.navigate(server.url('/b.html'));
    const snapshot = await client.page.takeSnapshot();
    await expect
      .poll(() => {
        const { snapshots, snapshotHistory } = client.browser.stateCounts();
        return { snapshots, snapshotHistory };
      })
      .toEqual({ snapshots: 1, snapshotHistory: 1 });
    expect(snapshot.id).toBeGreaterThan(1);
  });

  it('forgets the frames a page removes, in every map that knew them, while the page stays', async () => {
    await resetPages();
    await client.page.navigate(server.url('/a.html'));
    await client.page.takeSnapshot();
    const before = await steadyCounts();
    // An app that mounts and unmounts iframes (a preview, a payment form, ads) without ever navigating.
    for (let round = 0; round < 4; round++) {
      await client.page.evaluate(
        '(src) => new Promise((done) => { const frame = document.createElement("iframe"); frame.id = "mounted"; frame.src = src; frame.onload = () => done(true); document.body.append(frame); })',
        [server.url('/b.html')],
      );
      const snapshot = await client.page.takeSnapshot();
      expect(snapshot.text).toContain('Page B');
      expect(client.browser.stateCounts()).toMatchObject({ frames: 1, snapshotFrames: 1, snapshotRealms: 2 });
      await client.page.evaluate('() => { document.getElementById("mounted").remove(); }');
      // Firefox tells of the frame's end in an event of its own.
      await expect.poll(() => client.browser.stateCounts().frames).toBe(before.frames);
      await client.page.takeSnapshot();
    }
    await expect
      .poll(() => {
        const after = client.browser.stateCounts();
        return {
          frames: after.frames,
          snapshotFrames: after.snapshotFrames,
          snapshotRealms: after.snapshotRealms,
          contexts: after.contexts,
        };
      })
      .toEqual({
        frames: before.frames,
        snapshotFrames: before.snapshotFrames,
        snapshotRealms: before.snapshotRealms,
        contexts: before.contexts,
      });
  });

  it('records each hop of a redirect', async () => {
    await resetPages();
    client.page.clearNetworkRequests();
    await client.page.navigate(server.url('/redirect'));
    expect(
      await eventually(() => client.page.getNetworkRequests().some((request) => request.status === 200), 5000),
    ).toBe(true);
    expect(
      client.page.getNetworkRequests({ resourceType: 'document' }).map((request) => [request.url, request.status]),
    ).toEqual([
      [server.url('/redirect'), 302],
      [server.url('/b.html'), 200],
    ]);
  });

  it('reports alert, confirm and prompt dialogs and answers them', async () => {
    await resetPages();
    await client.page.navigate(server.url('/dialogs.html'));
    expect(client.page.getDialog()).toBeUndefined();
    await expect(client.page.handleDialog(true)).rejects.toThrow(/No dialog is open/);

    await client.page.evaluate('() => { setTimeout(() => document.getElementById("alert").click(), 0); }');
    expect(await eventually(() => client.page.getDialog() !== undefined, 5000)).toBe(true);
    expect(client.page.getDialog()).toMatchObject({ type: 'alert', message: 'Hello alert' });
    await expect(client.page.evaluate('() => 1')).rejects.toThrow(/an alert dialog is open/);
    await client.page.handleDialog(true);
    expect(client.page.getDialog()).toBeUndefined();
    expect(await client.page.evaluate('() => 1')).toBe(1);

    await client.page.evaluate('() => { setTimeout(() => document.getElementById("confirm").click(), 0); }');
    expect(await eventually(() => client.page.getDialog()?.type === 'confirm', 5000)).toBe(true);
    await client.page.handleDialog(false);
    expect(await client.page.evaluate(() => document.title)).toBe('confirm:false');

    await client.page.evaluate('() => { setTimeout(() => document.getElementById("prompt").click(), 0); }');
    expect(await eventually(() => client.page.getDialog()?.type === 'prompt', 5000)).toBe(true);
    expect(client.page.getDialog()?.defaultValue).toBe('anon');
    await client.page.handleDialog(true, 'Ada');
    expect(await client.page.evaluate(() => document.title)).toBe('prompt:Ada');
  });

  it('sees a second alert that opens as soon as the first is answered', async () => {
    await resetPages();
    await client.page.navigate(server.url('/dialogs.html'));
    for (let round = 0; round < 8; round++) {
      await client.page.evaluate(
        `() => { setTimeout(() => { alert('first ${round}'); alert('second ${round}'); document.title = 'done ${round}'; }, 0); }`,
      );
      expect(await eventually(() => client.page.getDialog()?.message === `first ${round}`, 5000)).toBe(true);
      await client.page.handleDialog(true);
      expect(
        await eventually(() => client.page.getDialog()?.message === `second ${round}`, 5000),
        `round ${round}`,
      ).toBe(true);
      await client.page.handleDialog(true);
      expect(await client.page.evaluate(() => document.title)).toBe(`done ${round}`);
    }
  });

  it('returns from a navigation at once when the page opens a dialog while loading', async () => {
    await resetPages();
    const result = await client.page.navigate(server.url('/alert-on-load.html'));
    expect(result.dialog).toMatchObject({ type: 'alert', message: 'Loading alert' });
    await client.page.handleDialog(true);
    expect(await client.page.waitForText('After the alert', { timeout: 5000 })).toBe('After the alert');
  });

  it('waits for text to appear, and times out with the texts it wanted', async () => {
    await resetPages();
    await client.page.navigate(server.url('/late-text.html'), { wait: 'interactive' });
    expect(await client.page.waitForText(['Never shown', 'Ready now'], { timeout: 5000 })).toBe('Ready now');
    await expect(client.page.waitForText('Not on this page', { timeout: 300 })).rejects.toThrow(
      /"Not on this page" appeared on the page within 300 ms/,
    );
    await expect(client.page.waitForText([])).rejects.toThrow(InvalidArgumentError);
  });

  it('waits for text as a person reads it: whatever its case on screen (text-transform), whitespace runs as one space', async () => {
    await resetPages();
    await client.page.navigate(server.url('/shouting.html'), { wait: 'interactive' });
    expect(await client.page.waitForText('Delete account', { timeout: 5000 })).toBe('Delete account');
    // What the page shows, and what the search read: the capitals.
    expect(await client.page.evaluate(() => document.body.innerText)).toContain('DELETE ACCOUNT');
    expect(await client.page.waitForText('last  signed in', { timeout: 1000 })).toBe('last  signed in');
    await expect(client.page.waitForText('Delete the account', { timeout: 300 })).rejects.toThrow(
      /appeared on the page within 300 ms/,
    );
  });

  it('waits for text inside a same-origin frame and in field values, never in a password', async () => {
    await resetPages();
    await client.page.navigate(server.url('/late-frame.html'), { wait: 'interactive' });
    expect(await client.page.waitForText('Saved in the editor', { timeout: 5000 })).toBe('Saved in the editor');
    expect(await client.page.waitForText('Upload complete', { timeout: 5000 })).toBe('Upload complete');
    expect(await client.page.evaluate(() => (document.getElementById('status') as HTMLInputElement).value)).toBe(
      'Upload complete',
    );
    await expect(client.page.waitForText('hunter2-secret', { timeout: 300 })).rejects.toThrow(
      /appeared on the page within 300 ms/,
    );
  });
});

describe('closing', () => {
  it('says a page crashed when its content process ends, never snapshots the blank page left behind, and recovers by navigating', async () => {
    await resetPages();
    const url = server.url('/big.html');
    await client.page.navigate(url);
    const kill = (): void => {
      for (const pid of contentProcesses(client.browser.pid ?? -1)) process.kill(pid, 'SIGKILL');
    };
    // Killed during a snapshot: the answer is the crash or the page as it was, never an empty blank page.
    const during = client.page.takeSnapshot();
    setTimeout(kill, 20);
    const outcome = await during.then(
      (snapshot) => snapshot.url,
      (error: unknown) => error,
    );
    if (typeof outcome === 'string') expect(outcome).toBe(url);
    else expect(outcome).toBeInstanceOf(PageCrashedError);
    kill();
    expect(await eventually(async () => (await client.userContext.listPages())[0]?.crashed === true, 5000)).toBe(true);
    await expect(client.page.takeSnapshot()).rejects.toThrow(PageCrashedError);
    await expect(client.page.takeSnapshot()).rejects.toThrow(
      `page 0 crashed (its content process ended) while it showed "${url}"`,
    );
    await client.page.navigate(url);
    expect((await client.page.takeSnapshot()).url).toBe(url);
    expect((await client.userContext.listPages())[0]?.crashed).toBeUndefined();
  });

  it('closes Firefox, deletes its temporary profile and refuses later calls', async () => {
    const own = await FirefoxClient.launch();
    const pid = own.browser.pid ?? 0;
    const profile = own.browser.profileDir ?? '';
    expect(groupAlive(pid)).toBe(true);
    expect(existsSync(profile)).toBe(true);
    await own.close();
    expect(await eventually(() => !groupAlive(pid), 5000)).toBe(true);
    expect(existsSync(profile)).toBe(false);
    await expect(own.userContext.listPages()).rejects.toThrow(BrowserClosedError);
    expect(() => own.page.getConsoleMessages()).toThrow(/browser is closed/);
    await own.close(); // A second close is harmless.
  });
});

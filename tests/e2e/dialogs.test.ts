import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, evaluateInPage, text, uidOf } from '../helpers/mcp.js';
import { eventually } from '../helpers/processes.js';
import { page } from '../helpers/server.js';
import { useFolder, useMcpServer, useSite } from '../helpers/fixtures.js';

/**
 * A dialog that opens while a tool runs, whichever kind of tool it is, is seen and reported (the
 * answer names it), the tool does not wait behind it for its whole timeout, and handle_dialog
 * answers it. Each page below opens its alert from an event the tool itself causes (once per
 * call: the rest of a call's input goes on once the dialog is answered, as it would for a person).
 */

const DURING = `
  <button id="click" onclick="alert('during click')">Click me</button>
  <button id="hover" onmouseover="alert('during hover')">Hover me</button>
  <label>Fill me <input id="fill" oninput="if (!window.filled) { window.filled = true; alert('during fill'); }"></label>
  <label>Keys <input id="keys" onkeydown="if (!window.pressed) { window.pressed = true; alert('during keys'); }"></label>
  <label>File <input id="file" type="file" onchange="alert('during upload')"></label>
  <button id="drag" onmousedown="alert('during drag')">Drag me</button>
  <button id="drop">Drop here</button>
  <div style="height:4000px">tall</div>
  <script>
    addEventListener('scroll', () => alert('during scroll'), { once: true });
    addEventListener('resize', () => alert('during resize'), { once: true });
  </script>`;

/** Alerts once the snapshot engine stamps its uids on the page: during take_snapshot. */
const STAMPED = `
  <button>Stamp me</button>
  <script>
    new MutationObserver(() => alert('during snapshot')).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-mcp-uid'] });
  </script>`;

const server = useSite({
  '/during.html': page('During', DURING),
  '/stamped.html': page('Stamped', STAMPED),
  '/load-alert.html': page('Load alert', '<p>Loaded</p><script>alert("during load")</script>'),
  '/show-alert.html': page(
    'Show alert',
    '<p>Shown</p><script>addEventListener("pageshow", (event) => { if (event.persisted || sessionStorage.shown) alert("during back"); sessionStorage.shown = 1; });</script>',
  ),
  '/plain.html': page('Plain', '<p>Plain</p>'),
});
// Files are read from the output directory (or --allowed-dir folders), never the working directory.
const work = useFolder({ 'out/notes.txt': 'notes' });
const client = useMcpServer(['--output-dir', 'out', '--tools', 'all'], { cwd: work });

/** The answer names the dialog (reported beside a result, or as why the tool stopped), and it is then answered. */
async function expectDialogSeen(
  answer: Awaited<ReturnType<typeof call>> | string,
  message: string,
  tool: string,
): Promise<void> {
  expect(typeof answer === 'string' ? answer : text(answer), tool).toMatch(
    new RegExp(`alert dialog (is open|opened)[^]*"${message}"`),
  );
  expect(text(await call(client, 'handle_dialog', { action: 'accept' })), tool).toContain(
    `Accepted the alert dialog "${message}"`,
  );
  expect(text(await call(client, 'list_pages')), tool).not.toContain('dialog is open');
}

async function uid(role: string, name: string): Promise<string> {
  return uidOf(text(await call(client, 'take_snapshot')), role, name);
}

describe('a dialog that opens during a tool', () => {
  it('is reported by each input tool that caused it', async () => {
    await call(client, 'navigate_page', { url: server.url('/during.html') });
    await expectDialogSeen(
      await call(client, 'click', { uid: await uid('button', 'Click me') }),
      'during click',
      'click',
    );
    await expectDialogSeen(
      await call(client, 'hover', { uid: await uid('button', 'Hover me') }),
      'during hover',
      'hover',
    );
    await expectDialogSeen(
      await call(client, 'fill', { uid: await uid('textbox', 'Fill me'), value: 'abc' }),
      'during fill',
      'fill',
    );
    await evaluateInPage(client, '() => { window.filled = false; }');
    await expectDialogSeen(
      await call(client, 'fill_form', { elements: [{ uid: await uid('textbox', 'Fill me'), value: 'x' }] }),
      'during fill',
      'fill_form',
    );
    await call(client, 'click', { uid: await uid('textbox', 'Keys') });
    await expectDialogSeen(await call(client, 'press_key', { key: 'a' }), 'during keys', 'press_key');
    await evaluateInPage(client, '() => { window.pressed = false; }');
    await expectDialogSeen(await call(client, 'type_text', { text: 'bcd' }), 'during keys', 'type_text');
    await expectDialogSeen(
      await call(client, 'upload_file', {
        uid: await uid('button', 'File'),
        filePaths: [join(work.path, 'out', 'notes.txt')],
      }),
      'during upload',
      'upload_file',
    );
    await expectDialogSeen(
      await call(client, 'drag', {
        from_uid: await uid('button', 'Drag me'),
        to_uid: await uid('button', 'Drop here'),
      }),
      'during drag',
      'drag',
    );
    // The input that opened the dialogs reached the page.
    expect(
      await evaluateInPage(
        client,
        '() => [document.querySelector("#fill").value !== "", document.querySelector("#keys").value !== "", document.querySelector("#file").files.length]',
      ),
    ).toEqual([true, true, 1]);
  });

  it('is reported by scrolling, resizing, scripts and snapshots', async () => {
    await call(client, 'navigate_page', { url: server.url('/during.html') });
    await expectDialogSeen(await call(client, 'scroll_page', { direction: 'down' }), 'during scroll', 'scroll_page');
    await expectDialogSeen(
      await call(client, 'resize_page', { width: 700, height: 500 }),
      'during resize',
      'resize_page',
    );
    await expectDialogSeen(
      await call(client, 'evaluate_script', { function: '() => { alert("during script"); return 1; }' }),
      'during script',
      'evaluate_script',
    );
    // A timer's alert during a wait ends the wait at once, not at its timeout.
    await call(client, 'evaluate_script', {
      function: '() => { setTimeout(() => alert("during wait"), 200); return 1; }',
    });
    const waited = await call(client, 'wait_for', { text: ['never there'], timeout: 20_000 });
    expect(text(waited)).not.toContain('None of');
    await expectDialogSeen(waited, 'during wait', 'wait_for');
    for (const [tool, args] of [
      ['take_snapshot', {}],
      ['find_in_page', { query: 'Stamp' }],
      ['get_page_markdown', { view: 'agent' }],
    ] as const) {
      await call(client, 'navigate_page', { url: server.url('/stamped.html') });
      await expectDialogSeen(await call(client, tool, args), 'during snapshot', tool);
    }
  });

  it('is reported by navigations: a new page, a load, going back', async () => {
    await expectDialogSeen(
      await call(client, 'new_page', { url: server.url('/load-alert.html') }),
      'during load',
      'new_page',
    );
    expect(text(await call(client, 'wait_for', { text: ['Loaded'] }))).toContain('Found "Loaded"');
    await call(client, 'close_page', { pageIdx: 1 });
    await call(client, 'navigate_page', { url: server.url('/plain.html') });
    await expectDialogSeen(
      await call(client, 'navigate_page', { url: server.url('/load-alert.html') }),
      'during load',
      'navigate_page url',
    );
    await expectDialogSeen(
      await call(client, 'navigate_page', { type: 'reload' }),
      'during load',
      'navigate_page reload',
    );
    await call(client, 'navigate_page', { url: server.url('/show-alert.html') });
    await call(client, 'navigate_page', { url: server.url('/plain.html') });
    // pageshow runs after the load that going back waits for: its dialog is in this answer or the next one.
    let seen = text(await call(client, 'navigate_page', { type: 'back' }));
    for (let tries = 0; tries < 40 && !seen.includes('"during back"'); tries++)
      seen = text(await call(client, 'list_pages'));
    await expectDialogSeen(seen, 'during back', 'navigate_page back');
    expect(await evaluateInPage(client, '() => location.pathname')).toBe('/show-alert.html');
  });

  it('sees a second alert that opens as the first is answered', async () => {
    await call(client, 'navigate_page', { url: server.url('/plain.html') });
    await call(client, 'evaluate_script', {
      function: '() => { setTimeout(() => { alert("first"); alert("second"); }, 0); return 1; }',
    });
    await eventually(async () => text(await call(client, 'list_pages')).includes('"first"'), 5000);
    const answered = text(await call(client, 'handle_dialog', { action: 'accept' }));
    expect(answered).toContain('Accepted the alert dialog "first"');
    let seen = answered;
    for (let tries = 0; tries < 40 && !seen.includes('"second"'); tries++)
      seen = text(await call(client, 'list_pages'));
    expect(seen).toContain('An alert dialog is open: "second"');
    expect(text(await call(client, 'handle_dialog', { action: 'accept' }))).toContain(
      'Accepted the alert dialog "second"',
    );
  });
});

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ANSWER_LINE_FORMS, ANSWER_TEXT } from '../../src/mcp/answer-forms.js';
import { fullwidth } from '../helpers/look-alikes.js';
import { call, text, uidOf } from '../helpers/mcp.js';
import { page, type Route } from '../helpers/server.js';
import { useFolder, useMcpServer, useSite } from '../helpers/fixtures.js';

const { pageTextBlock, posesAsAnswer } = ANSWER_TEXT;

/**
 * Every line form our answers use is kept from page text by one rule (src/mcp/answer-forms.ts): this
 * walks every tool (each must be called here), gathers the lines of its answers that are ours (not
 * the page's text), and checks that the rule knows each one. Then a page writes every one of them,
 * and fullwidth look-alikes, and neither Markdown view shows one at a line's start unmarked.
 */

const WALK_PAGE = page(
  'Walk',
  `<h1>Walk</h1>
   <p id="para">Walk words to select here.</p>
   <label>Name <input id="name"></label>
   <label><input type="checkbox" id="agree"> Agree</label>
   <label>Size <select id="size"><option>Small</option><option>Large</option></select></label>
   <label>File <input type="file" id="file"></label>
   <button id="go" onclick="document.getElementById('out').textContent = 'Went'">Go</button>
   <button onclick="alert('Walk alert')">Alert</button>
   <button onclick="document.title = prompt('Your name?', 'anon')">Prompt</button>
   <a href="/walk.txt" download>Get file</a>
   <a href="/b.html">Next</a>
   <div draggable="true" id="from" ondragstart="event.dataTransfer.setData('text/plain', 'x')">Drag me</div>
   <div id="to" ondragover="event.preventDefault()" ondrop="this.textContent = 'Dropped'">Drop here</div>
   <p id="out"></p>
   <script>console.log('walk loaded'); fetch('/walk.json');</script>`,
);

/** Answer lines a server answered, by tool, with the page's own text left out. */
const seen = new Map<string, Set<string>>();
/** The page that writes every line the walk gathered, set by the second test. */
let forgedPage: Route = page('Empty', '');
const server = useSite({
  '/walk.html': WALK_PAGE,
  '/forged-lines.html': (request, response) => forgedPage(request, response),
  '/walk.json': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"walk":1}');
  },
  '/walk.txt': (_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/plain',
      'content-disposition': 'attachment; filename="walk.txt"',
    });
    response.end('walk file');
  },
});
const work = useFolder({ 'upload.txt': 'upload' });
const client = useMcpServer(['--tools', 'all', '--output-dir', '.'], { cwd: work, accessibility: true });

/** The lines of an answer that are ours: fenced blocks (script values, headers) and the page's text left out. */
function ownLines(result: CallToolResult): string[] {
  const structured = result.structuredContent as
    { markdown?: string; request?: { bodies: Record<string, { text?: string }> } } | undefined;
  // The page's own text: its Markdown, and the bodies of a request as get_network_request shows them.
  const bodies = Object.values(structured?.request?.bodies ?? {}).map((body) => pageTextBlock(body.text ?? ''));
  const pageText = new Set([structured?.markdown ?? '', ...bodies].flatMap((block) => block.split('\n')));
  const lines: string[] = [];
  let fenced = false;
  const answer = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  for (const line of answer.split('\n')) {
    if (/^`{3,}/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced && !pageText.has(line) && line.trim()) lines.push(line);
  }
  return lines;
}

async function walk(tool: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await call(client, tool, args);
  const lines = seen.get(tool) ?? new Set<string>();
  // Error answers are flagged as such (isError), a form apart: see answer-forms.ts.
  if (!result.isError) for (const line of ownLines(result)) lines.add(line);
  seen.set(tool, lines);
  return text(result);
}

/** The walk calls every tool once, each with the page's reading: a minute on a busy machine. */
const WALK_MS = 60_000;

describe('every answer line form', () => {
  it(
    'is known to the rule that keeps page text from posing as it, for every tool',
    async () => {
      await walk('list_pages');
      await walk('navigate_page', { url: server.url('/walk.html') });
      const snapshot = await walk('take_snapshot');
      const uid = (role: string, name: string): string => uidOf(snapshot, role, name);
      const uidBefore = (rest: string): string => new RegExp(`(\\d+_\\d+) ${rest}`).exec(snapshot)?.[1] ?? `no ${rest}`;
      const snapshotId = Number(/snapshot=(\d+)/.exec(snapshot)?.[1]);
      await walk('take_snapshot', { verbose: true });
      await walk('take_snapshot', { viewport: true });
      await walk('find_in_page', { query: 'Walk' });
      await walk('find_in_page', { query: 'nowhere-at-all' });
      await walk('resolve_uid_to_selector', { uid: uid('button', 'Go') });
      await walk('scroll_page', { direction: 'down' });
      await walk('get_page_markdown', { view: 'document' });
      await walk('get_page_markdown', { view: 'agent', maxChars: 100 });
      await walk('click', { uid: uid('button', 'Go') });
      await walk('take_snapshot', { since: snapshotId });
      await walk('click', { uid: uid('button', 'Go'), includeSnapshot: true });
      await walk('click', { uid: '999_1' });
      await walk('hover', { uid: uid('button', 'Go') });
      await walk('fill', { uid: uid('textbox', 'Name'), value: 'Ada' });
      await walk('fill', { uid: uid('combobox', 'Size'), value: 'Large' });
      await walk('fill', { uid: uid('checkbox', 'Agree'), value: 'true' });
      await walk('fill_form', { elements: [{ uid: uid('textbox', 'Name'), value: 'Grace' }] });
      await walk('select_text', { uid: uidBefore('paragraph:'), text: 'words' });
      await walk('drag', { from_uid: uidBefore('group: Drag me'), to_uid: uidBefore('div: Drop here') });
      await walk('press_key', { key: 'Tab' });
      await walk('type_text', { text: 'x', submitKey: 'Tab' });
      await walk('upload_file', { uid: uid('button', 'File'), filePaths: ['upload.txt'] });
      await walk('click', { uid: uid('button', 'Alert') });
      await walk('take_snapshot');
      await walk('handle_dialog', { action: 'accept' });
      await walk('click', { uid: uid('button', 'Prompt') });
      await walk('handle_dialog', { action: 'accept', promptText: 'Lin' });
      await walk('evaluate_script', { function: '() => ({ title: document.title })' });
      await walk('evaluate_script', { function: '() => { throw new Error("walk") }' });
      await walk('list_console_messages');
      await walk('get_console_message', { msgid: 1 });
      const requests = await walk('list_network_requests');
      await walk('get_network_request', {
        reqid: Number(/reqid=(\d+) GET 200 \S+ \S+\/walk\.json/.exec(requests)?.[1]),
      });
      await walk('click', { uid: uid('link', 'Get file') });
      await walk('list_downloads');
      await walk('take_screenshot');
      await walk('take_screenshot', { filePath: 'shot.png' });
      await walk('save_pdf', { filePath: 'walk.pdf' });
      await walk('export_script', { format: 'ts', filePath: 'walk.ts' });
      await walk('save_timeline', { filePath: 'walk.html' });
      await walk('resize_page', { width: 900, height: 700 });
      const routed = await walk('route', { urlPattern: '*/mocked*', action: 'mock', body: 'mocked' });
      await walk('list_routes');
      await walk('unroute', { id: Number(/\b(?:id|route) ?=?(\d+)/.exec(routed)?.[1] ?? 1) });
      const added = await walk('add_init_script', { function: '() => {}' });
      await walk('remove_init_script', { id: /id[= ](\S+?)[).,]?(?:\s|$)/.exec(added)?.[1] ?? 'x' });
      await walk('set_cookie', { name: 'walk', value: 'yes', domain: '127.0.0.1' });
      await walk('get_cookies');
      await walk('delete_cookies', { name: 'walk' });
      await walk('set_storage', { type: 'local', key: 'walk', value: 'yes' });
      await walk('get_storage', { type: 'local' });
      await walk('save_storage_state', { filePath: 'state.json' });
      await walk('load_storage_state', { filePath: 'state.json' });
      await walk('emulate', { userAgent: 'Walker/1.0' });
      await walk('install_extension', { path: 'no-such-extension' });
      await walk('list_extensions');
      await walk('uninstall_extension', { id: 'no-such@extension' });
      await walk('witness_snapshot');
      // Over stdio no one can watch: its answers with a person's hand are walked in live-view.test.ts.
      await walk('request_human', { reason: 'Walk' });
      await walk('wait_for', { text: ['Walk'] });
      await walk('wait_for', { text: ['never here'], timeout: 300 });
      await walk('new_page', { url: server.url('/walk.html') });
      await walk('select_page', { pageIdx: 0 });
      await walk('close_page', { pageIdx: 1 });
      await walk('navigate_page', { type: 'reload' });
      await walk('click', { uid: uidOf(await walk('take_snapshot'), 'link', 'Next') });
      await walk('navigate_page', { type: 'back' });
      await walk('navigate_page', { type: 'forward' });

      const { tools } = await client.listTools();
      expect(
        tools.map((tool) => tool.name).filter((name) => !seen.has(name)),
        'tools this walk never called: add a call for each',
      ).toEqual([]);
      const unknown = [...seen].flatMap(([tool, lines]) =>
        [...lines].filter((line) => !posesAsAnswer(line)).map((line) => `${tool}: ${line}`),
      );
      expect(unknown, 'answer lines no form of answer-forms.ts starts: declare their form beside their writer').toEqual(
        [],
      );
    },
    WALK_MS,
  );

  it('never shows page text that writes them, or their fullwidth look-alikes, as ours in either Markdown view', async () => {
    const ours = [
      ...new Set([
        ...[...seen.values()].flatMap((lines) => [...lines]),
        ...ANSWER_LINE_FORMS.map((form) => form.example),
      ]),
    ];
    expect(ours.length, 'the walk above ran first').toBeGreaterThan(60);
    const forged = [...ours, ...ours.map(fullwidth)];
    const html = (line: string): string => line.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    forgedPage = page(
      'Forged',
      `${forged.map((line) => `<p>${html(line)}</p>`).join('')}<pre>${forged.map(html).join('\n')}</pre>`,
    );
    await call(client, 'navigate_page', { url: server.url('/forged-lines.html') });
    for (const view of ['document', 'agent'] as const) {
      const result = await call(client, 'get_page_markdown', { view, maxChars: 1_000_000 });
      const markdown = (result.structuredContent as { markdown: string }).markdown;
      // Every forged line is on the page as written (so the check can fail), each shown set apart.
      for (const line of forged.slice(0, 5)) expect(markdown, line).toContain(line.trim().slice(0, 10));
      const posing = markdown.split('\n').filter((line) => posesAsAnswer(line));
      expect(posing, `${view} view`).toEqual([]);
      expect(markdown.split('\n').filter((line) => /^\s*\\/.test(line)).length, `${view} view`).toBeGreaterThanOrEqual(
        forged.length,
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { call, evaluateInPage, text } from '../helpers/mcp.js';
import { page } from '../helpers/server.js';
import { useFolder, useMcpServer, useSite } from '../helpers/fixtures.js';

/**
 * What answers say about themselves, through the real MCP server: a program reading structuredContent
 * gets the whole page of text it asked for, or a sign that it did not; list answers say what they hold.
 */

/** Paragraphs of distinct words: about 5,000 characters of Markdown. */
const PARAGRAPHS = Array.from(
  { length: 40 },
  (_, index) => `<p>Paragraph ${index}: ${Array.from({ length: 16 }, (_, word) => `w${index}x${word}`).join(' ')}.</p>`,
).join('');

const server = useSite({
  '/long.html': page('Long read', `<h1>Long read</h1>${PARAGRAPHS}`),
  '/quiet.html': page('Quiet', '<p>Nothing logged.</p>'),
  '/booking.html': page(
    'Booking',
    `<form><label>Name <input id="name"></label> <label>Guests <input id="guests" type="number"></label>
         <button type="button" onclick="document.getElementById('status').textContent = 'Booked for ' + document.getElementById('name').value">Book</button></form>
       <p id="status" role="status"></p>
       <table id="orders"><thead><tr><th>Order</th><th>Guest</th><th>Total</th></tr></thead><tbody>${Array.from({ length: 30 }, (_, i) => `<tr><td>#${2000 + i}</td><td>Guest ${i}</td><td>${100 + i}.00</td></tr>`).join('')}</tbody></table>
       <script>
         // As a framework re-renders: every keystroke draws the orders anew, as they were.
         document.getElementById('name').addEventListener('input', () => { const body = document.querySelector('#orders tbody'); body.replaceWith(body.cloneNode(true)); });
       </script>`,
  ),
});
const work = useFolder();
const client = useMcpServer(['--output-dir', 'out'], { cwd: work });

interface MarkdownData {
  markdown: string;
  totalChars: number;
  truncated: boolean;
  hasMore: boolean;
  nextOffset: number | null;
  cut?: unknown;
}

describe('structuredContent', () => {
  it("carries get_page_markdown's whole page of Markdown, as the text does", async () => {
    await call(client, 'navigate_page', { url: server.url('/long.html') });
    const answer = await call(client, 'get_page_markdown');
    const data = answer.structuredContent as unknown as MarkdownData;
    expect(data.totalChars).toBeGreaterThan(4000);
    expect(data.truncated).toBe(false);
    expect(data.markdown).toHaveLength(data.totalChars);
    expect(data.markdown).toContain('Paragraph 39: w39x0');
    expect(text(answer)).toContain(data.markdown);
    expect(data.cut).toBeUndefined();
  });

  it('gives a program paging through structuredContent the whole Markdown, page by page', async () => {
    const whole = (await call(client, 'get_page_markdown')).structuredContent as unknown as MarkdownData;
    let joined = '';
    let offset: number | null = 0;
    for (let pages = 0; offset !== null && pages < 20; pages++) {
      const data = (await call(client, 'get_page_markdown', { maxChars: 1500, offset }))
        .structuredContent as unknown as MarkdownData;
      expect(data.markdown.length).toBeLessThanOrEqual(1500);
      joined += data.markdown;
      offset = data.nextOffset;
    }
    expect(joined).toBe(whole.markdown);
  });

  it('names each string it cut, such as a long evaluate_script result', async () => {
    const answer = await call(client, 'evaluate_script', { function: '() => "r".repeat(3000)' });
    expect(answer.structuredContent).toMatchObject({
      result: `${'r'.repeat(2000)}… (3000 characters)`,
      cut: { count: 1, paths: ['result'] },
    });
  });
});

describe('list answers', () => {
  it('say a list is empty, or how many it holds, without a paging line for one page', async () => {
    await call(client, 'navigate_page', { url: server.url('/quiet.html') });
    const empty = text(await call(client, 'list_console_messages'));
    expect(empty).toContain('No console messages.');
    expect(empty).not.toMatch(/page \d+ of \d+|pageIdx/);
    await evaluateInPage(client, '() => { console.log("one"); console.log("two"); console.warn("three"); return 1; }');
    const three = text(await call(client, 'list_console_messages'));
    expect(three).toContain('3 console messages.');
    expect(three).not.toMatch(/page \d+ of \d+|pageIdx/);
    expect(text(await call(client, 'list_console_messages', { types: ['error'] }))).toContain(
      'No console messages of type error.',
    );
    // One pager for every long answer: a list comes a window of whole lines at a time, and programs get the entries the
    // window shows.
    await evaluateInPage(
      client,
      '() => { console.log("A" + ".".repeat(2999)); console.log("B" + ".".repeat(2999)); return 1; }',
    );
    const lines = text(await call(client, 'list_console_messages'))
      .split('\n')
      .slice(1);
    expect(lines[0]).toBe('5 console messages.');
    const last = lines.at(-1) ?? '';
    const window = lines.slice(0, -1).join('\n').length + 1;
    const paged = await call(client, 'list_console_messages', { maxChars: window });
    expect(text(paged).split('\n').slice(1)).toEqual([
      ...lines.slice(0, -1),
      `… ${last.length.toLocaleString('en-US')} more characters; call again with offset=${window}`,
    ]);
    const starts = (answer: typeof paged): string[] =>
      (answer.structuredContent as { messages: { text: string }[] }).messages.map((message) =>
        message.text.slice(0, 3),
      );
    expect(starts(paged)).toEqual(['one', 'two', 'thr', 'A..']);
    const rest = await call(client, 'list_console_messages', { maxChars: window, offset: window });
    expect(text(rest).split('\n').slice(1)).toEqual([last]);
    expect(starts(rest)).toEqual(['B..']);
    const past = await call(client, 'list_console_messages', { offset: 10_000 });
    expect(past.isError).toBe(true);
    const total = window + last.length;
    expect(text(past)).toContain(
      `offset=10000 is beyond the end of the text, which has ${total.toLocaleString('en-US')} characters; use an offset from 0 to ${total}`,
    );
    const bogus = await call(client, 'list_console_messages', { types: ['error', 'bogus'] });
    expect(bogus.isError).toBe(true);
    expect(text(bogus)).toContain('types has "bogus", which is not one of error, warn, info');
    const strangers = await call(client, 'list_network_requests', { resourceTypes: ['pictures', 'ajax'] });
    expect(text(strangers)).toContain('resourceTypes has "pictures", "ajax", which are not one of document, script');
    expect(text(await call(client, 'list_network_requests', { resourceTypes: ['fetch'] }))).toContain(
      'No network requests of type fetch.',
    );
    await evaluateInPage(client, 'async () => (await fetch("/quiet.html")).status');
    expect(text(await call(client, 'list_network_requests', { resourceTypes: ['fetch'] }))).toContain(
      '1 network request of type fetch.',
    );
  });
});

describe('what an action answers', () => {
  it('shows what the action changed, not the parts of the page that did not change (nor a part drawn anew as it was), and the whole page stays one call away', async () => {
    await call(client, 'navigate_page', { url: server.url('/booking.html') });
    const whole = text(await call(client, 'take_snapshot'));
    const uid = (role: string, name: string): string =>
      new RegExp(`(\\d+_\\d+) ${role} "${name}"`).exec(whole)?.[1] ?? '';
    const filled = text(
      await call(client, 'fill', { uid: uid('textbox', 'Name'), value: 'Ada', includeSnapshot: true }),
    );
    expect(await evaluateInPage(client, '() => document.getElementById("name").value')).toBe('Ada');
    expect(filled).toContain('## Changes');
    expect(filled).toMatch(/~ \d+_\d+ textbox "Name": value none → "Ada"/);
    // The orders were drawn anew as they were: said in one line, not row by row.
    expect(filled).toMatch(/= uid=\d+_\d+ \(under uid=\d+_\d+, with \d+ elements inside\) was drawn anew as it was/);
    expect(filled).not.toContain('Guest 7');
    const booked = text(await call(client, 'click', { uid: uid('button', 'Book'), includeSnapshot: true }));
    expect(await evaluateInPage(client, '() => document.getElementById("status").textContent')).toBe('Booked for Ada');
    expect(booked).toMatch(/status: Booked for Ada/);
    expect(booked).not.toContain('Guest 7');
    expect(booked.length).toBeLessThan(whole.length / 4);
    expect(text(await call(client, 'take_snapshot'))).toContain('Guest 7');
  });
});

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import type { ActionResult, UserContext, NavigationEnd, Page, PageInfo } from '../../src/firefox/index.js';
import { navigationEndLine } from '../../src/mcp/answer-frame.js';
import { ToolResponse } from '../../src/mcp/response.js';

/** The answer's text; every answer has exactly one text part, first. */
function text(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('the answer has no text first');
  return first.text;
}

/** The answer's lines after its heading. */
function body(result: CallToolResult): string[] {
  return text(result).split('\n').slice(1);
}

const TEN_LINES = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n'); // 69 characters
const CLICKED = 'Clicked uid=1_4 button "Go"';
/** What the client returns for that click. */
const CLICK = {
  done: { kind: 'click', target: { uid: '1_4', role: 'button', tag: 'button', name: 'Go' }, count: 1, button: 'left' },
} as const;

describe('ToolResponse.text', () => {
  it('shows a text that fits whole, with the paging fields and no note', async () => {
    const result = await new ToolResponse('list_console_messages')
      .line('## Console')
      .text('a\nb')
      .build(undefined, undefined, []);
    expect(result.content).toEqual([{ type: 'text', text: '# list_console_messages response\n## Console\na\nb' }]);
    expect(result.structuredContent).toEqual({
      totalChars: 3,
      offset: 0,
      hasMore: false,
      nextOffset: null,
      truncated: false,
      midLine: false,
    });
  });

  it('shows one page ending with a whole line, then a note saying how much follows and the offset to ask for', async () => {
    const first = await new ToolResponse('take_snapshot', 20).text(TEN_LINES).build(undefined, undefined, []);
    expect(body(first)).toEqual(['line 0', 'line 1', '… 55 more characters; call again with offset=14']);
    expect(first.structuredContent).toEqual({
      totalChars: 69,
      offset: 0,
      hasMore: true,
      nextOffset: 14,
      truncated: true,
      midLine: false,
    });

    const second = await new ToolResponse('take_snapshot', 20, 14).text(TEN_LINES).build(undefined, undefined, []);
    expect(body(second)).toEqual(['line 2', 'line 3', '… 41 more characters; call again with offset=28']);
    expect(second.structuredContent).toMatchObject({ offset: 14, nextOffset: 28, truncated: true });

    const last = await new ToolResponse('take_snapshot', 20, 63).text(TEN_LINES).build(undefined, undefined, []);
    expect(body(last)).toEqual(['line 9']);
    // Structured content keeps to the call's budget as well: 20 characters leave no room for every field.
    expect(last.structuredContent).toEqual({
      totalChars: 69,
      offset: 63,
      nextOffset: null,
      truncated: true,
      midLine: false,
      omitted: ['hasMore'],
    });
  });

  it('says when a page ends mid-line', async () => {
    const result = await new ToolResponse('evaluate_script', 20).text('x'.repeat(50)).build(undefined, undefined, []);
    expect(body(result)).toEqual([
      'x'.repeat(20),
      '… 30 more characters (this page ends mid-line); call again with offset=20',
    ]);
    expect(result.structuredContent).toMatchObject({ hasMore: true, nextOffset: 20, midLine: true });
  });

  it('refuses an offset past the end of the text', () => {
    expect(() => new ToolResponse('take_snapshot', 100, 4).text('abc')).toThrow(InvalidArgumentError);
    expect(() => new ToolResponse('take_snapshot', 100, 4).text('abc')).toThrow(
      /offset=4 is beyond the end of the text, which has 3 characters/,
    );
  });
});

describe('ToolResponse.list', () => {
  const noun = ['entry', 'entries'] as const;
  const entries = ['alpha', 'beta', 'gamma', 'delta'].map((name, index) => ({ id: index + 1, name }));
  const lineOf = (entry: { id: number; name: string }): string => `id=${entry.id} ${entry.name}`;

  it('counts the list in its first line, or says it is empty, with no paging line when it fits', async () => {
    const empty = await new ToolResponse('list_console_messages')
      .list('entries', [], noun, lineOf)
      .build(undefined, undefined, []);
    expect(body(empty)).toEqual(['No entries.']);
    expect(empty.structuredContent).toMatchObject({ entries: [], hasMore: false });
    const one = await new ToolResponse('list_console_messages')
      .list('entries', entries.slice(0, 1), noun, lineOf)
      .build(undefined, undefined, []);
    expect(body(one)).toEqual(['1 entry.', 'id=1 alpha']);
    const all = await new ToolResponse('list_console_messages')
      .list('entries', entries, noun, lineOf)
      .build(undefined, undefined, []);
    expect(body(all)).toEqual(['4 entries.', 'id=1 alpha', 'id=2 beta', 'id=3 gamma', 'id=4 delta']);
    expect(all.structuredContent).toMatchObject({ entries, hasMore: false });
  });

  it('pages the list as one text, whole lines per window, and gives programs the items the window shows', async () => {
    // Lines of 112 characters: the first window (240) holds the count and two of them (237 characters of 462).
    const long = (entry: { id: number; name: string }): string =>
      `${lineOf(entry)} ${'x'.repeat(112 - lineOf(entry).length - 1)}`;
    const first = await new ToolResponse('list_console_messages', 240)
      .list('entries', entries, noun, long)
      .build(undefined, undefined, []);
    const [alpha, beta, gamma, delta] = entries.map(long);
    expect(body(first)).toEqual(['4 entries.', alpha, beta, '… 225 more characters; call again with offset=237']);
    expect(first.structuredContent).toMatchObject({ entries: entries.slice(0, 2), nextOffset: 237 });
    const second = await new ToolResponse('list_console_messages', 240, 237)
      .list('entries', entries, noun, long)
      .build(undefined, undefined, []);
    expect(body(second)).toEqual([gamma, delta]);
    expect(second.structuredContent).toMatchObject({ entries: entries.slice(2), hasMore: false });
    expect(() => new ToolResponse('list_console_messages', 240, 463).list('entries', entries, noun, long)).toThrow(
      /offset=463 is beyond the end of the text, which has 462 characters/,
    );
  });
});

describe('ToolResponse structured content', () => {
  it('is left out when nothing was added', async () => {
    const result = await new ToolResponse('close_page').line('Closed page 1.').build(undefined, undefined, []);
    expect('structuredContent' in result).toBe(false);
    expect(text(result)).toBe('# close_page response\nClosed page 1.');
  });

  it('shortens long strings anywhere inside it and names each one it cut; the text content carries them whole', async () => {
    const long = 'z'.repeat(2500);
    const result = await new ToolResponse('evaluate_script')
      .structured('value', { list: [long, 'short'], 'odd key': long })
      .build(undefined, undefined, []);
    expect(result.structuredContent).toEqual({
      value: {
        list: [`${'z'.repeat(2000)}… (2500 characters)`, 'short'],
        'odd key': `${'z'.repeat(2000)}… (2500 characters)`,
      },
      cut: { count: 2, paths: ['value.list[0]', 'value["odd key"]'] },
    });
    const whole = await new ToolResponse('evaluate_script')
      .structured('value', 'z'.repeat(2000))
      .build(undefined, undefined, []);
    expect(whole.structuredContent).toEqual({ value: 'z'.repeat(2000) });
  });

  it('keeps a paged text whole, beside the other entries, and says nothing was cut', async () => {
    // get_page_markdown's case: a 5,033-character page asked for with the default budget.
    const markdown = `# Title\n${'word '.repeat(1005)}`;
    expect(markdown.length).toBe(5033);
    const result = await new ToolResponse('get_page_markdown')
      .pagedText('markdown', markdown)
      .structured('truncated', false)
      .structured('url', 'https://x.test/')
      .build(undefined, undefined, []);
    expect(result.structuredContent).toEqual({ markdown, truncated: false, url: 'https://x.test/' });
    // A page at the edge of a small budget stays whole too, and the small entries stay with it.
    const page = 'p'.repeat(100);
    const small = await new ToolResponse('get_page_markdown', 100)
      .pagedText('markdown', page)
      .structured('totalChars', 300)
      .structured('nextOffset', 100)
      .build(undefined, undefined, []);
    expect(small.structuredContent).toEqual({ markdown: page, totalChars: 300, nextOffset: 100 });
  });

  it('cuts a paged text only past the budget, and says so', async () => {
    const result = await new ToolResponse('get_page_markdown', 10)
      .pagedText('markdown', 'm'.repeat(15))
      .build(undefined, undefined, []);
    expect(result.structuredContent).toEqual({
      markdown: `${'m'.repeat(10)}… (15 characters)`,
      cut: { count: 1, paths: ['markdown'] },
    });
  });

  it('lists at most 20 cut paths, with their count, and none of an omitted entry', async () => {
    const long = 'q'.repeat(2100);
    const many = await new ToolResponse('list_console_messages', 1_000_000)
      .structured(
        'messages',
        Array.from({ length: 25 }, () => ({ text: long })),
      )
      .build(undefined, undefined, []);
    const cut = (many.structuredContent as { cut: { count: number; paths: string[] } }).cut;
    expect(cut.count).toBe(25);
    expect(cut.paths).toHaveLength(20);
    expect(cut.paths[0]).toBe('messages[0].text');
    const dropped = await new ToolResponse('list_console_messages', 100)
      .structured('messages', [{ text: long }])
      .structured('count', 1)
      .build(undefined, undefined, []);
    expect(dropped.structuredContent).toEqual({ count: 1, omitted: ['messages'] });
  });

  it('drops the largest entries first when it exceeds the budget, and names them in omitted', async () => {
    const result = await new ToolResponse('list_network_requests', 100)
      .structured('count', 3)
      .structured('requests', ['r'.repeat(150)])
      .structured('summary', 's'.repeat(50))
      .build(undefined, undefined, []);
    expect(result.structuredContent).toEqual({ count: 3, summary: 's'.repeat(50), omitted: ['requests'] });
  });
});

describe('ToolResponse.action', () => {
  it('says where the page went', async () => {
    const lines = async (action: ActionResult): Promise<string[]> =>
      body(await new ToolResponse('click').action(action).build(undefined, undefined, []));
    expect(await lines({ ...CLICK, settled: true })).toEqual([CLICKED]);
    expect(
      await lines({
        ...CLICK,
        navigated: { url: 'https://x.test/next', sameDocument: false, complete: true },
        settled: true,
      }),
    ).toEqual([CLICKED, 'The page navigated to https://x.test/next.']);
    expect(
      await lines({
        ...CLICK,
        navigated: { url: 'https://x.test/next', sameDocument: false, complete: false },
        settled: true,
      }),
    ).toEqual([CLICKED, 'The page navigated to https://x.test/next (still loading).']);
    expect(
      await lines({
        ...CLICK,
        navigated: { url: 'https://x.test/#top', sameDocument: true, complete: true },
        settled: true,
      }),
    ).toEqual([CLICKED, 'The page moved to https://x.test/#top (same document).']);
  });

  it('says how a navigation ended without a new page', async () => {
    const navigationEnded: NavigationEnd = { url: 'https://x.test/report', outcome: 'download', detail: 'report.pdf' };
    const result = await new ToolResponse('click')
      .action({ ...CLICK, navigationEnded, settled: true })
      .build(undefined, undefined, []);
    expect(body(result)).toEqual([CLICKED, navigationEndLine(navigationEnded)]);
  });

  it('says when the page had not settled, unless a dialog holds it', async () => {
    const unsettled = await new ToolResponse('click')
      .action({ ...CLICK, settled: false })
      .build(undefined, undefined, []);
    expect(body(unsettled)).toEqual([
      CLICKED,
      'The page was still changing when the wait ended; take a snapshot to see where it is.',
    ]);
    const waiting = await new ToolResponse('click')
      .action({ ...CLICK, settled: false, pendingRequests: 2 })
      .build(undefined, undefined, []);
    expect(body(waiting)).toEqual([
      CLICKED,
      'The page was still waiting for 2 requests the action started when the wait ended; take a snapshot to see where it is (or wait_for the text you expect).',
    ]);
    const dialog = { type: 'alert' as const, message: 'Hi', openedAt: 0 };
    const held = await new ToolResponse('click')
      .action({ ...CLICK, dialog, settled: false })
      .build(undefined, undefined, []);
    expect(body(held)).toEqual([CLICKED]);
  });
});

describe('navigationEndLine', () => {
  it('words each way a navigation can end, on one line', () => {
    const end = (outcome: NavigationEnd['outcome'], detail: string): NavigationEnd => ({
      url: 'https://x.test/a\nb',
      outcome,
      detail,
    });
    expect(navigationEndLine(end('download', 'report.pdf'))).toBe(
      'It started a download of "report.pdf" from https://x.test/a\\nb; the page stayed as it was (the next answer says when the download finishes).',
    );
    expect(navigationEndLine(end('no-content', '204 No Content'))).toBe(
      'It asked for https://x.test/a\\nb, which answered 204 No Content; the page stayed as it was.',
    );
    expect(navigationEndLine(end('aborted', 'NS_BINDING_ABORTED'))).toBe(
      'It asked for https://x.test/a\\nb, but no page came (NS_BINDING_ABORTED: an answer with nothing to show, such as 204, or a load cancelled); the page stayed as it was.',
    );
    expect(navigationEndLine(end('failed', 'NS_ERROR_UNKNOWN_HOST\nmore'))).toBe(
      "It tried to load https://x.test/a\\nb, which failed: NS_ERROR_UNKNOWN_HOST\\nmore. The page now shows the browser's error page; navigate elsewhere or go back.",
    );
  });
});

describe('ToolResponse.build', () => {
  it('puts notes first, each on one line and shortened', async () => {
    const result = await new ToolResponse('navigate_page')
      .line('Navigated.')
      .build(undefined, undefined, ['Firefox was restarted\nafter a crash', 'y'.repeat(1500)]);
    expect(body(result)).toEqual([
      'Note: Firefox was restarted\\nafter a crash',
      `Note: ${'y'.repeat(1000)}… (1500 characters)`,
      'Navigated.',
    ]);
  });

  it('adds images after the text', async () => {
    const result = await new ToolResponse('take_screenshot')
      .line('Took a screenshot.')
      .image(Buffer.from('png'), 'image/png')
      .build(undefined, undefined, []);
    expect(result.content).toEqual([
      { type: 'text', text: '# take_screenshot response\nTook a screenshot.' },
      { type: 'image', data: 'cG5n', mimeType: 'image/png' },
    ]);
  });

  it('cuts the whole answer at its budget plus the frame, and says how to ask for less', async () => {
    const result = await new ToolResponse('evaluate_script', 100)
      .line('x'.repeat(9000))
      .build(undefined, undefined, []);
    const cap = 100 + 8000;
    const note = `\n(The answer was cut at ${cap} characters; ask for less, such as a smaller maxChars.)`;
    expect(text(result)).toBe(`${`# evaluate_script response\n${'x'.repeat(9000)}`.slice(0, cap)}${note}`);
  });

  it('adds the page list and a snapshot paged by the budget when a client is open', async () => {
    const pages: PageInfo[] = [
      { index: 0, pageId: 1, id: 'ctx-0', url: 'https://x.test/', title: 'Home', selected: true },
      { index: 1, pageId: 3, id: 'ctx-1', url: 'https://x.test/b', title: '', selected: false },
    ];
    // Only what build() reads of a user context and of the page the tool acted on.
    const page = {
      disposed: false,
      getDialog: () => undefined,
      takeSnapshot: () => Promise.resolve({ text: TEN_LINES }),
      snapshotHistory: [],
    } as unknown as Page;
    const context = { closed: false, listPages: () => Promise.resolve(pages) } as unknown as UserContext;
    const result = await new ToolResponse('click', 20).line(CLICKED).includeSnapshot().build(context, page, []);
    expect(body(result)).toEqual([
      CLICKED,
      '## Pages',
      '0: Home (https://x.test/) pageId=1 [selected]',
      '1: (no title) (https://x.test/b) pageId=3',
      '## Page snapshot',
      'line 0',
      'line 1',
      '… 55 more characters; call again with offset=14',
    ]);
    // Structured content keeps to the budget too: 20 characters leave no room for the page list.
    expect(result.structuredContent).toEqual({ omitted: ['pages'] });
    const roomy = await new ToolResponse('click').line(CLICKED).build(context, page, []);
    expect(roomy.structuredContent).toEqual({ pages });
  });

  it('puts its sections in the one order, whatever order the tool added its parts: lines, the reading, the dialog, the pages', async () => {
    const pages: PageInfo[] = [
      { index: 0, pageId: 1, id: 'ctx-0', url: 'https://x.test/', title: 'Home', selected: true },
      { index: 1, pageId: 3, id: 'ctx-1', url: 'https://x.test/b', title: 'B', selected: false },
    ];
    const page = { disposed: false, getDialog: () => undefined } as unknown as Page;
    const context = { closed: false, listPages: () => Promise.resolve(pages) } as unknown as UserContext;
    const result = await new ToolResponse('scroll_page')
      .line('Scrolled the page down by 10 px (asked 10 px).')
      .reading('Viewport snapshot', 'line 0')
      .line('The page was still scrolling.')
      .build(context, page, []);
    // Parsed back into sections, as a client would read them.
    const sections = text(result)
      .split(/^## /m)
      .map((part) => part.split('\n')[0]);
    expect(sections).toEqual(['# scroll_page response', 'Viewport snapshot', 'Pages']);
    expect(body(result).slice(0, 4)).toEqual([
      'Scrolled the page down by 10 px (asked 10 px).',
      'The page was still scrolling.',
      '## Viewport snapshot',
      'line 0',
    ]);
  });
});

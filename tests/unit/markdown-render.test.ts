import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/index.js';
import { engineCall } from '../../src/firefox/engine/index.js';
import { clientPageText } from '../../src/firefox/page/line-forms.js';
import { codeFence } from '../../src/firefox/util/text.js';
import {
  escapeText,
  documentFromReading,
  parseMarkdownView,
  renderMarkdown,
  type MarkdownView,
  type MdBlock,
  type MdControl,
  type MdDocument,
  type MdInline,
  type MdListItem,
  type MdRow,
} from '../../src/firefox/engine/markdown/index.js';

// ------------------------------------------------------------------ builders

/** Page text set apart from the client's own lines, as Page.getPageMarkdown does for a caller who adds none. */
const { setApartLine: setApart } = clientPageText();

const t = (v: string): MdInline => ({ k: 'text', v });
const strong = (...c: MdInline[]): MdInline => ({ k: 'strong', c });
const em = (...c: MdInline[]): MdInline => ({ k: 'em', c });
const del = (...c: MdInline[]): MdInline => ({ k: 'del', c });
const code = (v: string): MdInline => ({ k: 'code', v });
const br: MdInline = { k: 'br' };
const img = (alt: string, src: string): MdInline => ({ k: 'img', alt, src });
function link(href: string, text: string | MdInline[], uid?: string): MdInline {
  const node: MdInline = { k: 'link', href, c: typeof text === 'string' ? [t(text)] : text };
  if (uid) node.uid = uid;
  return node;
}
const control = (fields: Omit<MdControl, 'k'>): MdControl => ({ k: 'control', ...fields });

const p = (...c: MdInline[]): MdBlock => ({ k: 'paragraph', c });
const h = (level: number, ...c: MdInline[]): MdBlock => ({ k: 'heading', level, c });
const item = (...c: MdBlock[]): MdListItem => ({ c });
const ul = (...items: MdListItem[]): MdBlock => ({ k: 'list', ordered: false, items });
const ol = (items: MdListItem[], start?: number): MdBlock =>
  start === undefined ? { k: 'list', ordered: true, items } : { k: 'list', ordered: true, start, items };
const cell = (...c: MdBlock[]): { c: MdBlock[] } => ({ c });
const row = (...texts: string[]): MdRow => ({ cells: texts.map((text) => cell(...(text ? [p(t(text))] : []))) });
const headerRow = (...texts: string[]): MdRow => ({
  header: true,
  cells: texts.map((text) => ({ header: true, c: [p(t(text))] })),
});

const doc = (...blocks: MdBlock[]): MdDocument => ({ url: 'https://example.com/', title: 'Example', blocks });
const md = (blocks: MdBlock[], view: MarkdownView = 'document'): string =>
  renderMarkdown(doc(...blocks), { setApart, view }).markdown;

// ------------------------------------------------------------------ blocks

describe('renderMarkdown: blocks', () => {
  it('renders headings, paragraphs and rules with one blank line between blocks and a final newline', () => {
    expect(md([h(1, t('Title')), p(t('First paragraph.')), { k: 'hr' }, h(3, t('Sub')), p(t('Second.'))])).toBe(
      '# Title\n\nFirst paragraph.\n\n---\n\n### Sub\n\nSecond.\n',
    );
  });

  it('clamps heading levels, drops empty blocks, and keeps a trailing # as text', () => {
    expect(md([h(9, t('Deep')), h(0, t('Zero')), h(2, t('  ')), p(t(' \n ')), h(2, t('C #')), h(2, t('###'))])).toBe(
      '###### Deep\n\n# Zero\n\n## C \\#\n\n## \\###\n',
    );
    expect(md([])).toBe('');
  });

  it('collapses whitespace across inline boundaries and trims each line', () => {
    expect(md([p(t('  Some\n\t text  '), strong(t(' bold ')), t('   and  '), em(t('it')), t(' \n'))])).toBe(
      'Some text **bold** and *it*\n',
    );
  });

  it('renders line breaks as hard breaks and drops empty lines between them', () => {
    expect(md([p(t('line one'), br, br, t('line two'), br)])).toBe('line one\\\nline two\n');
  });

  it('escapes what would start a block at the beginning of a line', () => {
    const lines = [
      '# not heading',
      '> not quote',
      '- not item',
      '+ not item',
      '1. not ordered',
      '2) not ordered',
      '---',
      '===',
    ];
    const out = md([p(...lines.flatMap((line) => [t(line), br]))]);
    expect(out).toBe(
      '\\# not heading\\\n\\> not quote\\\n\\- not item\\\n\\+ not item\\\n1\\. not ordered\\\n2\\) not ordered\\\n\\---\\\n\\===\n',
    );
    // In the middle of a line, or in a heading, they are plain text.
    expect(md([p(t('C# > B - 1. ok')), h(2, t('1. Introduction'))])).toBe('C# > B - 1. ok\n\n## 1. Introduction\n');
  });

  it('renders code blocks with a fence longer than any backtick run, and the language when safe', () => {
    expect(md([{ k: 'code', text: 'const a = 1;\n', lang: 'js' }])).toBe('```js\nconst a = 1;\n```\n');
    expect(md([{ k: 'code', text: 'x = "```"\ny = "`````"' }])).toBe('``````\nx = "```"\ny = "`````"\n``````\n');
    expect(md([{ k: 'code', text: 'a', lang: 'c++ "evil"`' }])).toBe('```c++evil\na\n```\n');
    expect(md([{ k: 'code', text: '  indented\n\n\nkept blank lines\n\n' }])).toBe(
      '```\n  indented\n\n\nkept blank lines\n```\n',
    );
    expect(md([{ k: 'code', text: '\n  \n' }])).toBe('');
    expect(codeFence('no ticks')).toBe('```');
    expect(codeFence('````')).toBe('`````');
  });

  it('renders blockquotes line by line, nested ones too', () => {
    expect(
      md([{ k: 'blockquote', c: [p(t('Quoted')), { k: 'blockquote', c: [p(t('Inner'))] }, ul(item(p(t('point'))))] }]),
    ).toBe('> Quoted\n>\n> > Inner\n>\n> - point\n');
    expect(md([{ k: 'blockquote', c: [p(t(' '))] }])).toBe('');
  });

  it('renders images as blocks and inline, with alt text escaped and data URLs shortened', () => {
    expect(md([{ k: 'image', alt: 'A [chart]', src: 'https://example.com/a b.png' }])).toBe(
      '![A \\[chart\\]](https://example.com/a%20b.png)\n',
    );
    expect(md([p(t('See '), img('logo', 'https://example.com/l.png'), t(' here'))])).toBe(
      'See ![logo](https://example.com/l.png) here\n',
    );
    const data = `data:image/png;base64,${'A'.repeat(500)}`;
    expect(md([{ k: 'image', alt: 'dot', src: data }])).toBe('![dot](data:image/png;base64,…)\n');
  });

  it('says the same block twice in a row only once', () => {
    expect(md([p(t('Menu')), p(t('Menu')), p(t('Other')), p(t('Menu'))])).toBe('Menu\n\nOther\n\nMenu\n');
  });
});

// ------------------------------------------------------------------ inline

describe('renderMarkdown: inline', () => {
  it('renders emphasis with the spaces outside the delimiters, once per kind, and drops empty emphasis', () => {
    expect(md([p(t('a'), strong(t(' b ')), t('c'))])).toBe('a **b** c\n');
    expect(md([p(strong(t('outer '), strong(t('inner'))), t(' '), em(t('x')), t(' '), del(t('gone')))])).toBe(
      '**outer inner** *x* ~~gone~~\n',
    );
    expect(md([p(t('icon'), em(), t(' here'), strong(t('  ')))])).toBe('icon here\n');
    expect(md([p(strong(t('one'), br, t('two')))])).toBe('**one**\\\n**two**\n');
  });

  it('renders inline code with a delimiter longer than its backticks', () => {
    expect(md([p(code('x'), t(' '), code('a`b'), t(' '), code('`tick`'), t(' '), code('  spaced   out '))])).toBe(
      '`x` ``a`b`` `` `tick` `` `spaced out`\n',
    );
  });

  it('renders links with their destination made safe, and the URL as text when the link has none', () => {
    expect(md([p(link('https://example.com/a(1) b', 'Docs'))])).toBe('[Docs](https://example.com/a%281%29%20b)\n');
    expect(md([p(link('https://example.com/x', []))])).toBe('[https://example.com/x](https://example.com/x)\n');
    expect(md([p(link('https://example.com/', [img('Home', 'https://example.com/h.png')]))])).toBe(
      '[![Home](https://example.com/h.png)](https://example.com/)\n',
    );
    expect(md([p(link('https://example.com/', [t('outer '), link('https://example.com/in', 'inner')]))])).toBe(
      '[outer inner](https://example.com/)\n',
    );
    expect(md([p(link('https://example.com/', [t('two'), br, t('lines')]))])).toBe(
      '[two lines](https://example.com/)\n',
    );
    // "Wow!" right before a link must not turn it into an image.
    expect(md([p(t('Wow!'), link('https://example.com/', 'see'))])).toBe('Wow\\![see](https://example.com/)\n');
  });

  it('renders a javascript: link as its words in the document view and as something to click in the agent view', () => {
    const blocks = [p(t('Do '), link('javascript:void(0)', 'it now', '1_3'))];
    expect(md(blocks)).toBe('Do it now\n');
    expect(md(blocks, 'agent')).toBe('Do [link "it now" uid=1_3]\n');
  });

  it('escapes Markdown syntax in text', () => {
    expect(escapeText('5 * 3 [a](b) `c` ~d~ \\ e')).toBe('5 \\* 3 \\[a\\](b) \\`c\\` \\~d\\~ \\\\ e');
    expect(escapeText('snake_case _em_ __init__ a_')).toBe('snake_case \\_em\\_ \\_\\_init\\_\\_ a\\_');
    expect(escapeText('<div> a < b <!-- x --> &amp; &#39; AT&T R&D;')).toBe(
      '\\<div> a < b \\<!-- x --> \\&amp; \\&#39; AT&T R\\&D;',
    );
    expect(escapeText('C# > # 1. | ! (x)')).toBe('C# > # 1. | ! (x)');
    expect(md([p(t('[1] *not em* <b>not html</b>'))])).toBe('\\[1\\] \\*not em\\* \\<b>not html\\</b>\n');
  });
});

// ------------------------------------------------------------------ lists

describe('renderMarkdown: lists', () => {
  it('renders bullet lists nested with two spaces per level', () => {
    const list = ul(item(p(t('one')), ul(item(p(t('one.a')), ul(item(p(t('one.a.i'))))))), item(p(t('two'))));
    expect(md([list])).toBe('- one\n  - one.a\n    - one.a.i\n- two\n');
  });

  it('numbers ordered lists from their start and indents their content to the text column', () => {
    expect(md([ol([item(p(t('three'))), item(p(t('four')), ul(item(p(t('nested')))))], 3)])).toBe(
      '3. three\n4. four\n   - nested\n',
    );
    const ten = ol(Array.from({ length: 10 }, (_, i) => item(p(t(`n${i + 1}`)))));
    expect(md([ten]).split('\n').slice(8, 10)).toEqual(['9. n9', '10. n10']);
    expect(md([ol([item(p(t('a'))), item(p(t('b')))], 0)])).toBe('0. a\n1. b\n');
  });

  it('puts a blank line before a nested ordered list that does not start at 1 (it could not interrupt a paragraph)', () => {
    expect(md([ul(item(p(t('steps')), ol([item(p(t('five')))], 5)))])).toBe('- steps\n\n  5. five\n');
  });

  it('renders task lists, with the checkbox uid after the box in the agent view', () => {
    const list = ul(
      { c: [p(t('done'))], task: true, taskUid: '2_5' },
      { c: [p(t('todo'))], task: false },
      { c: [], task: false },
    );
    expect(md([list])).toBe('- [x] done\n- [ ] todo\n- [ ]\n');
    expect(renderMarkdown(doc(list), { setApart, view: 'agent' })).toEqual({
      markdown: '- [x] {uid=2_5} done\n- [ ] todo\n- [ ]\n',
      refsCount: 1,
    });
  });

  it('keeps several paragraphs in one item, skips empty items, and keeps adjacent lists apart', () => {
    expect(md([ul(item(p(t('para one')), p(t('para two'))), item(), item(p(t(' '))), item(p(t('next'))))])).toBe(
      '- para one\n\n  para two\n- next\n',
    );
    expect(
      md([ul(item(p(t('a')))), ul(item(p(t('b')))), ul(item(p(t('c')))), ol([item(p(t('d')))]), ol([item(p(t('e')))])]),
    ).toBe('- a\n\n* b\n\n- c\n\n1. d\n\n1) e\n');
    expect(md([ul(item(p(t('a'))), item(ul(item(p(t('only nested'))))))])).toBe('- a\n- - only nested\n');
  });

  it('indents code blocks inside items', () => {
    expect(md([ol([item(p(t('Run:')), { k: 'code', text: 'npm test\nnpm run lint', lang: 'sh' })])])).toBe(
      '1. Run:\n\n   ```sh\n   npm test\n   npm run lint\n   ```\n',
    );
  });

  it('escapes item text that would read as a marker', () => {
    expect(md([ul(item(p(t('1. not a sublist'))))])).toBe('- 1\\. not a sublist\n');
  });
});

// ------------------------------------------------------------------ tables

describe('renderMarkdown: tables', () => {
  it('renders a GFM table with its header row', () => {
    const table: MdBlock = { k: 'table', rows: [headerRow('Name', 'Value'), row('a', '1'), row('b', '2')] };
    expect(md([table])).toBe('| Name | Value |\n| --- | --- |\n| a | 1 |\n| b | 2 |\n');
  });

  it('infers the header from the first row when there is none', () => {
    const table: MdBlock = { k: 'table', rows: [row('Plan', 'Price'), row('Free', '$0')] };
    expect(md([table])).toBe('| Plan | Price |\n| --- | --- |\n| Free | $0 |\n');
    expect(md([{ k: 'table', rows: [row('only', 'row')] }])).toBe('| only | row |\n| --- | --- |\n');
  });

  it('escapes pipes, turns line breaks into <br>, and keeps inline formatting in cells', () => {
    const table: MdBlock = {
      k: 'table',
      rows: [
        row('a', 'b'),
        {
          cells: [
            cell(p(t('x|y'))),
            cell(p(strong(t('one')), br, code('a|b'), t(' '), link('https://e.com/?q=a|b', 'q'))),
          ],
        },
      ],
    };
    expect(md([table])).toBe('| a | b |\n| --- | --- |\n| x\\|y | **one**<br>`a\\|b` [q](https://e.com/?q=a\\|b) |\n');
  });

  it('places colspan and rowspan cells, pads short rows and drops empty rows', () => {
    const table: MdBlock = {
      k: 'table',
      rows: [
        row('A', 'B', 'C'),
        {
          cells: [
            { c: [p(t('tall'))], rowspan: 2 },
            { c: [p(t('wide'))], colspan: 2 },
          ],
        },
        row('x', 'y'),
        row('', ''),
        row('short'),
      ],
    };
    expect(md([table])).toBe('| A | B | C |\n| --- | --- | --- |\n| tall | wide |  |\n|  | x | y |\n| short |  |  |\n');
  });

  it('renders the caption above the table', () => {
    expect(md([{ k: 'table', caption: [t('Prices')], rows: [row('a', 'b')] }])).toBe(
      'Prices\n\n| a | b |\n| --- | --- |\n',
    );
  });

  it('flattens layout tables: one column, block content in a cell, or marked as layout', () => {
    expect(md([{ k: 'table', rows: [row('first'), row('second')] }])).toBe('first\n\nsecond\n');
    const blocky: MdBlock = {
      k: 'table',
      rows: [{ cells: [cell(h(2, t('Side')), p(t('text'))), cell(p(t('main')))] }],
    };
    expect(md([blocky])).toBe('## Side\n\ntext\n\nmain\n');
    expect(md([{ k: 'table', rows: [{ cells: [cell(ul(item(p(t('li'))))), cell(p(t('x')))] }] }])).toBe('- li\n\nx\n');
    expect(md([{ k: 'table', layout: true, caption: [t('Cap')], rows: [row('a', 'b')] }])).toBe('Cap\n\na\n\nb\n');
    const nested: MdBlock = {
      k: 'table',
      rows: [{ cells: [cell({ k: 'table', rows: [row('in', 'ner')] }), cell(p(t('out')))] }],
    };
    expect(md([nested])).toBe('| in | ner |\n| --- | --- |\n\nout\n');
  });
});

// ------------------------------------------------------------------ chrome

describe('renderMarkdown: chrome', () => {
  const nav: MdBlock = {
    k: 'chrome',
    landmark: 'navigation',
    label: 'Main',
    items: [
      link('https://e.com/docs', 'Docs', '1_2'),
      t(' | '),
      link('https://e.com/pricing', 'Pricing', '1_3'),
      control({ role: 'button', tag: 'button', name: 'Menu', expanded: false, uid: '1_4' }),
    ],
  };

  it('condenses a landmark to one line of its links', () => {
    expect(md([nav])).toBe('Navigation (Main): [Docs](https://e.com/docs) · [Pricing](https://e.com/pricing)\n');
    expect(
      md([
        {
          k: 'chrome',
          landmark: 'contentinfo',
          items: [t('© 2025 Acme ·'), link('https://e.com/p', 'Privacy'), link('https://e.com/p', 'Privacy')],
        },
      ]),
    ).toBe('Footer: © 2025 Acme · [Privacy](https://e.com/p)\n');
    expect(
      md([
        { k: 'chrome', landmark: 'banner', items: [t('Acme')] },
        { k: 'chrome', landmark: 'complementary', items: [t('Related')] },
        { k: 'chrome', landmark: 'search', items: [] },
      ]),
    ).toBe('Header: Acme\n\nSidebar: Related\n');
  });

  it('keeps uids and controls in the agent view', () => {
    expect(renderMarkdown(doc(nav), { setApart, view: 'agent' })).toEqual({
      markdown:
        'Navigation (Main): [Docs](https://e.com/docs){uid=1_2} · [Pricing](https://e.com/pricing){uid=1_3} · [button "Menu" collapsed uid=1_4]\n',
      refsCount: 3,
    });
    // A landmark with controls only says nothing in the document view.
    expect(
      md([
        {
          k: 'chrome',
          landmark: 'search',
          items: [control({ role: 'searchbox', tag: 'input', type: 'search', name: 'Search' })],
        },
      ]),
    ).toBe('');
  });
});

// ------------------------------------------------------------------ views

describe('renderMarkdown: views', () => {
  const form: MdBlock[] = [
    h(1, t('Sign in')),
    p(
      control({
        role: 'textbox',
        tag: 'input',
        type: 'email',
        name: 'Email',
        value: 'a@b.c',
        required: true,
        uid: '1_7',
      }),
      t(' '),
      control({ role: 'textbox', tag: 'input', type: 'password', name: 'Password', value: 'hunter2', uid: '1_8' }),
      t(' '),
      control({ role: 'checkbox', tag: 'input', type: 'checkbox', name: 'Remember', checked: 'true', uid: '1_9' }),
      control({ role: 'checkbox', tag: 'input', type: 'checkbox', name: 'Newsletter', checked: 'false' }),
      control({ role: 'checkbox', tag: 'div', name: 'Some', checked: 'mixed' }),
      t(' '),
      control({ role: 'combobox', tag: 'select', name: 'Size', value: 'M', uid: '1_10' }),
      t(' '),
      control({ role: 'button', tag: 'button', name: 'Sign "in"', disabled: true, uid: '1_11' }),
      control({ role: 'button', tag: 'button', name: 'Bold', pressed: 'true', uid: '1_11' }),
      control({ role: 'tab', tag: 'li', name: 'Tab', selected: true }),
      t('(next)'),
    ),
    p(t('Read the '), link('https://e.com/terms', 'terms', '1_12'), t('.')),
  ];

  it('agent view: controls inline with their state and value, links with their uid, passwords masked', () => {
    const { markdown, refsCount } = renderMarkdown(doc(...form), { setApart, view: 'agent' });
    expect(markdown).toBe(
      '# Sign in\n\n' +
        '[textbox "Email" type=email value="a@b.c" required uid=1_7] [textbox "Password" type=password value="••••••••" uid=1_8] ' +
        '[checkbox "Remember" checked uid=1_9] [checkbox "Newsletter" unchecked] [checkbox "Some" checked=mixed] [combobox "Size" value="M" uid=1_10] ' +
        '[button "Sign \\"in\\"" disabled uid=1_11] [button "Bold" pressed uid=1_11] [tab "Tab" selected] (next)\n\n' +
        'Read the [terms](https://e.com/terms){uid=1_12}.\n',
    );
    expect(markdown).not.toContain('hunter2');
    // Distinct uids: 1_11 appears twice.
    expect(refsCount).toBe(6);
  });

  it('document view: no uids, no controls, link text kept', () => {
    const { markdown, refsCount } = renderMarkdown(doc(...form), { setApart, view: 'document' });
    expect(markdown).toBe('# Sign in\n\n(next)\n\nRead the [terms](https://e.com/terms).\n');
    expect(refsCount).toBe(0);
    expect(markdown).not.toMatch(/uid|hunter2|•/);
  });

  it('rejects an unknown view', () => {
    expect(() => renderMarkdown(doc(), { setApart, view: 'raw' as MarkdownView })).toThrow(InvalidArgumentError);
    expect(() => parseMarkdownView('raw')).toThrow(/view must be "document".*or "agent".*got "raw"/);
    expect(() => parseMarkdownView(undefined)).toThrow(/got undefined/);
    expect(parseMarkdownView('agent')).toBe('agent');
  });
});

// ------------------------------------------------------------------ determinism

describe('renderMarkdown: determinism', () => {
  const everything: MdBlock[] = [
    {
      k: 'chrome',
      landmark: 'navigation',
      items: [link('https://e.com/a', 'A', '1_1'), link('https://e.com/b', 'B', '1_2')],
    },
    h(1, t('Title')),
    p(
      t('Intro with '),
      strong(t('bold')),
      t(', '),
      em(t('em')),
      t(', '),
      code('code'),
      t(' and '),
      link('https://e.com/x', 'x', '1_3'),
      t('.'),
    ),
    ul({ c: [p(t('task'))], task: true }, item(p(t('plain')), ol([item(p(t('sub')))]))),
    { k: 'table', rows: [row('k', 'v'), row('a', 'b')] },
    { k: 'code', text: 'print("hi")', lang: 'py' },
    { k: 'blockquote', c: [p(t('quote'))] },
    { k: 'image', alt: 'pic', src: 'https://e.com/p.png' },
    { k: 'hr' },
    p(control({ role: 'button', tag: 'button', name: 'Go', uid: '1_4' })),
    { k: 'chrome', landmark: 'contentinfo', items: [t('© 2025')] },
  ];

  it('gives byte-identical output for the same tree, and for its JSON round trip', () => {
    for (const view of ['document', 'agent'] as const) {
      const first = renderMarkdown(doc(...everything), { setApart, view });
      const second = renderMarkdown(JSON.parse(JSON.stringify(doc(...everything))) as MdDocument, { setApart, view });
      expect(second).toEqual(first);
    }
  });

  it('never leaves more than one blank line between blocks outside code', () => {
    for (const view of ['document', 'agent'] as const) {
      const { markdown } = renderMarkdown(
        doc(...everything, p(t(' ')), p(control({ role: 'button', tag: 'button' })), p(t('end'))),
        { setApart, view },
      );
      expect(markdown).not.toMatch(/\n\n\n/);
      expect(markdown.endsWith('end\n')).toBe(true);
    }
  });

  it('renders the whole set as expected', () => {
    expect(md(everything)).toBe(
      [
        'Navigation: [A](https://e.com/a) · [B](https://e.com/b)',
        '# Title',
        'Intro with **bold**, *em*, `code` and [x](https://e.com/x).',
        '- [x] task\n- plain\n  1. sub',
        '| k | v |\n| --- | --- |\n| a | b |',
        '```py\nprint("hi")\n```',
        '> quote',
        '![pic](https://e.com/p.png)',
        '---',
        'Footer: © 2025',
      ].join('\n\n') + '\n',
    );
  });
});

// ------------------------------------------------------------------ the Node side

describe('markdown index', () => {
  it('sends the engine as a function declaration that compiles and installs it once per sandbox', () => {
    const source = engineCall('readDocument');
    expect(source).toMatch(/^function \(\.\.\.args\) \{ const engine = globalThis\.__firefoxBidiMcp \?\?= /);
    expect(source.endsWith('return engine.readDocument(...args); }')).toBe(true);
    // It compiles as JavaScript (the page compiles it the same way, as a parenthesized expression).
    expect(() => new Script(`(${source})`)).not.toThrow();
  });

  it('arranges what the walk read into blocks, and says what went wrong otherwise', () => {
    const box: [number, number, number, number] = [0, 0, 10, 10];
    const reading = {
      url: 'https://example.com/a',
      title: 'A',
      content: [
        {
          uid: '',
          tag: 'h1',
          role: 'heading',
          level: 1,
          box,
          content: ['Title ', { uid: '', tag: 'em', role: 'emphasis', box, content: ['here'] }],
        },
        {
          uid: '',
          tag: 'p',
          role: 'paragraph',
          box,
          content: [
            'See ',
            {
              uid: '1_2',
              tag: 'a',
              role: 'link',
              href: 'https://example.com/b',
              interactive: true,
              box,
              content: ['this'],
            },
            '.',
          ],
        },
        { uid: '1_3', tag: 'button', role: 'button', name: 'Go', interactive: true, box, content: ['Go'] },
      ],
    };
    expect(documentFromReading(JSON.stringify(reading), 'document')).toEqual({
      url: 'https://example.com/a',
      title: 'A',
      blocks: [
        { k: 'heading', level: 1, c: [t('Title '), em(t('here'))] },
        p(t('See '), link('https://example.com/b', 'this'), t('.')),
        p({ k: 'control', role: 'button', tag: 'button', name: 'Go' }),
      ],
    });
    expect(documentFromReading(JSON.stringify(reading), 'agent').blocks.slice(1)).toEqual([
      p(t('See '), link('https://example.com/b', 'this', '1_2'), t('.')),
      p({ k: 'control', role: 'button', tag: 'button', name: 'Go', uid: '1_3' }),
    ]);
    expect(documentFromReading('{"content":[]}', 'document')).toEqual({ url: '', title: '', blocks: [] });
    expect(() => documentFromReading(undefined, 'document')).toThrow(/returned nothing/);
    expect(() => documentFromReading('not json', 'document')).toThrow(/not JSON/);
    expect(() => documentFromReading('{"content":3}', 'document')).toThrow(/other than a reading of the page/);
  });

  it('keeps the joiners emoji sequences and scripts need, drops what shows nothing, and shows a stray joiner escaped', () => {
    const box: [number, number, number, number] = [0, 0, 10, 10];
    const family = '👨\u200D👩\u200D👧';
    const persian = 'می\u200Cخواهم';
    const reading = {
      url: '',
      title: '',
      content: [
        {
          uid: '',
          tag: 'p',
          role: 'paragraph',
          box,
          content: [`${family} ${persian} soft\u00ADhy\u200Bphen \uf101icon stray\u200Djoin`],
        },
      ],
    };
    const markdown = renderMarkdown(documentFromReading(JSON.stringify(reading), 'document'), {
      setApart,
      view: 'document',
    }).markdown;
    expect(markdown).toBe(`${family} ${persian} softhyphen icon stray\\u200djoin\n`);
  });
});

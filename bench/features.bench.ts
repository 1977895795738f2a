/**
 * The snapshot features on pages built for them, each against a floor measured in the same run:
 *
 * 1. compression: a 2,000-row table and a 5,000-item list, `takeSnapshot()` against
 *    `takeSnapshot({ compress: true })` — time, characters and o200k_base tokens;
 * 2. reach: nested cross-origin frames (127.0.0.1 → localhost → 127.0.0.1, a form in the
 *    innermost) and nested shadow roots (open in open, closed in closed) — time, frames and closed
 *    roots reached, and every control present by name;
 * 3. Markdown: an article of ~200 paragraphs, `getPageMarkdown({ view: 'document' })` against the
 *    snapshot of the same page, and byte-identical output across calls;
 * 4. diffs: one cell of the table changed, then `takeSnapshot({ since })`.
 *
 * One Firefox for the whole run; pages come from a local HTTP server on 127.0.0.1, which also
 * answers as http://localhost:<same port> (a second origin, for cross-origin frames). Run with
 * `npm run bench:features`. Exits non-zero on errors and on correctness failures (a control missing
 * from the snapshot, Markdown that differs between calls), never on timings or sizes.
 */
import { performance } from 'node:perf_hooks';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { allNodes, FirefoxClient, type SnapshotNode, type TakenSnapshot } from '../src/index.js';
import {
  FLOOR_RECURSIVE,
  formatMs,
  formatTable,
  serveSite,
  statsTable,
  summarize,
  type FloorResult,
  type Stats,
  random,
} from './lib.js';
import { document, tablePage, wordsFrom } from './pages.js';

/** Untimed rounds first, then timed rounds; medians are reported. */
const WARMUP = 2;
const ROUNDS = 5;
const TABLE_ROWS = 2_000;
const LIST_ITEMS = 5_000;
const ARTICLE_PARAGRAPHS = 200;
/** Large enough that getPageMarkdown returns the whole article in one page. */
const MARKDOWN_MAX_CHARS = 10_000_000;
/** Targets from the issue, reported, not enforced. */
const TABLE_REDUCTION_TARGET = 90;

// ------------------------------------------------------------------- pages

/** A 5,000-item list of plain text items. */
function listPage(): string {
  const { words } = wordsFrom(random(5_000));
  const items = Array.from({ length: LIST_ITEMS }, (_, i) => `<li>Item ${i + 1}: ${words(3)}</li>`);
  return document(`Items (${LIST_ITEMS})`, `<h1>Items</h1>\n<ul id="items">\n${items.join('\n')}\n</ul>`);
}

/** A control the reach page holds, and where: what the snapshot must name. */
interface Control {
  where: string;
  kind: 'button' | 'input' | 'select';
  name: string;
}

const CONTROLS: readonly Control[] = [
  { where: 'top document', kind: 'button', name: 'Top action' },
  { where: 'top document', kind: 'input', name: 'Top search' },
  { where: 'open root', kind: 'button', name: 'Open outer button' },
  { where: 'open root', kind: 'input', name: 'Open outer field' },
  { where: 'open root in open root', kind: 'button', name: 'Open inner button' },
  { where: 'open root in open root', kind: 'input', name: 'Open inner field' },
  { where: 'closed root', kind: 'button', name: 'Closed outer button' },
  { where: 'closed root', kind: 'input', name: 'Closed outer field' },
  { where: 'closed root in closed root', kind: 'button', name: 'Closed inner button' },
  { where: 'closed root in closed root', kind: 'input', name: 'Closed inner field' },
  { where: 'localhost frame', kind: 'button', name: 'Middle frame button' },
  { where: 'localhost frame', kind: 'input', name: 'Middle frame search' },
  { where: '127.0.0.1 frame in localhost frame', kind: 'input', name: 'Email address' },
  { where: '127.0.0.1 frame in localhost frame', kind: 'input', name: 'Password' },
  { where: '127.0.0.1 frame in localhost frame', kind: 'input', name: 'Remember me' },
  { where: '127.0.0.1 frame in localhost frame', kind: 'select', name: 'Country' },
  { where: '127.0.0.1 frame in localhost frame', kind: 'button', name: 'Sign in' },
  { where: 'closed root in the 127.0.0.1 frame', kind: 'button', name: 'Inner frame help' },
];

/** Frames, closed and open shadow roots the reach page has. */
const REACH_EXPECTED = { frames: 2, closed: 3, open: 2 };

/** Custom elements whose constructors attach a shadow root (open or closed) holding `html`. */
function shadowElements(definitions: readonly { tag: string; mode: 'open' | 'closed'; html: string }[]): string {
  const defines = definitions.map(
    ({ tag, mode, html }) =>
      `customElements.define(${JSON.stringify(tag)}, class extends HTMLElement { constructor() { super(); this.attachShadow({ mode: ${JSON.stringify(mode)} }).innerHTML = ${JSON.stringify(html)}; } });`,
  );
  return `<script>\n${defines.join('\n')}\n</script>`;
}

/** The reach pages: top (127.0.0.1) → /middle (localhost) → /inner (127.0.0.1, a form). */
function reachPages(origin: string, otherOrigin: string): Record<string, string> {
  const box = 'style="display:block; border:1px solid #aaa; padding:4px; margin:4px 0"';
  const top = document(
    'Reach: frames and shadow roots',
    `<h1>Frames and shadow roots</h1>
<p>Controls in the light DOM, in nested shadow roots and in nested cross-origin frames.</p>
<button type="button">Top action</button> <input type="search" aria-label="Top search">
<open-outer ${box}></open-outer>
<closed-outer ${box}></closed-outer>
<iframe id="middle" title="Middle frame" src="${otherOrigin}/middle" width="640" height="420"></iframe>
${shadowElements([
  {
    tag: 'open-outer',
    mode: 'open',
    html: '<p>Open root</p><button type="button">Open outer button</button> <input aria-label="Open outer field"><open-inner style="display:block"></open-inner>',
  },
  {
    tag: 'open-inner',
    mode: 'open',
    html: '<p>Open root inside an open root</p><button type="button">Open inner button</button> <input aria-label="Open inner field">',
  },
  {
    tag: 'closed-outer',
    mode: 'closed',
    html: '<p>Closed root</p><button type="button">Closed outer button</button> <input aria-label="Closed outer field"><closed-inner style="display:block"></closed-inner>',
  },
  {
    tag: 'closed-inner',
    mode: 'closed',
    html: '<p>Closed root inside a closed root</p><button type="button">Closed inner button</button> <input aria-label="Closed inner field">',
  },
])}`,
  );
  const middle = document(
    'Middle frame',
    `<h2>Middle frame (localhost)</h2>
<button type="button">Middle frame button</button> <label>Middle frame search <input type="search"></label>
<iframe id="inner" title="Sign-in frame" src="${origin}/inner" width="560" height="280"></iframe>`,
  );
  const inner = document(
    'Sign-in frame',
    `<h3>Sign in (127.0.0.1 inside localhost)</h3>
<form id="signin" onsubmit="return false">
<p><label for="email">Email address</label> <input id="email" type="email" autocomplete="off"></p>
<p><label for="password">Password</label> <input id="password" type="password" autocomplete="off"></p>
<p><label><input type="checkbox" name="remember"> Remember me</label></p>
<p><label for="country">Country</label> <select id="country"><option>France</option><option selected>Germany</option><option>Italy</option></select></p>
<p><button type="submit">Sign in</button></p>
</form>
<help-card></help-card>
${shadowElements([{ tag: 'help-card', mode: 'closed', html: '<button type="button">Inner frame help</button>' }])}`,
  );
  return { '/reach': top, '/middle': middle, '/inner': inner };
}

/** An article: sections of paragraphs with inline formatting, lists, a table, code and quotes. */
function articlePage(): string {
  const next = random(200);
  const { word, words, title } = wordsFrom(next);
  const sentence = (): string => {
    const pick = Math.floor(next() * 5);
    const inline =
      pick === 0
        ? `<strong>${words(2)}</strong>`
        : pick === 1
          ? `<em>${words(2)}</em>`
          : pick === 2
            ? `<code>${word()}()</code>`
            : pick === 3
              ? `<a href="/docs/${word()}">${words(2)}</a>`
              : words(2);
    return `${title(5)} ${inline} ${words(6)}.`;
  };
  const parts: string[] = [
    `<article><h1>Field notes on ${words(3)}</h1>`,
    `<p class="lede"><em>${sentence()}</em></p>`,
  ];
  for (let p = 0; p < ARTICLE_PARAGRAPHS; p++) {
    if (p % 20 === 0) parts.push(`<h2>${title(3)}</h2>`);
    else if (p % 10 === 0) parts.push(`<h3>${title(2)}</h3>`);
    parts.push(`<p>${sentence()} ${sentence()} ${sentence()}</p>`);
    if (p % 40 === 5)
      parts.push(
        `<ul>${Array.from({ length: 5 }, () => `<li>${words(3)} <strong>${word()}</strong></li>`).join('')}</ul>`,
      );
    if (p % 40 === 25) parts.push(`<ol>${Array.from({ length: 4 }, () => `<li>${title(4)}</li>`).join('')}</ol>`);
    if (p % 50 === 15) {
      const code = [
        `function ${word()}(input) {`,
        `  const ${word()} = input.map((x) => x * 2);`,
        `  return ${word()}.filter(Boolean);`,
        '}',
      ].join('\n');
      parts.push(`<pre><code class="language-js">${code}</code></pre>`);
    }
    if (p % 50 === 35) parts.push(`<blockquote><p>${sentence()} ${sentence()}</p></blockquote>`);
    if (p === 100) {
      const rows = Array.from(
        { length: 10 },
        (_, i) => `<tr><td>${title(2)}</td><td>${i * 17 + 3}</td><td>${(next() * 100).toFixed(1)}%</td></tr>`,
      );
      parts.push(
        `<table><caption>${title(3)}</caption><thead><tr><th>Name</th><th>Count</th><th>Share</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
      );
    }
  }
  parts.push('</article>');
  return document(
    'Field notes (article)',
    parts.join('\n'),
    'article { max-width: 760px; } blockquote { border-left: 3px solid #ccc; margin-left: 0; padding-left: 12px; }',
  );
}

// -------------------------------------------------------------- measuring

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** One measure: a call, and its timed samples (round trip from Node). */
interface Measure {
  name: string;
  run: () => Promise<unknown>;
  samples: number[];
}

function measure(name: string, run: () => Promise<unknown>): Measure {
  return { name, run, samples: [] };
}

/** Runs the measures in rounds, one of each per round with the order rotated, the first `WARMUP` rounds untimed. */
async function rounds(
  label: string,
  measures: readonly Measure[],
  options: { warmup?: number; rounds?: number } = {},
): Promise<Stats[]> {
  const warmup = options.warmup ?? WARMUP;
  const total = warmup + (options.rounds ?? ROUNDS);
  for (let round = 0; round < total; round++) {
    for (let k = 0; k < measures.length; k++) {
      const m = measures[(round + k) % measures.length];
      if (!m) continue;
      const start = performance.now();
      await m.run();
      const elapsed = performance.now() - start;
      if (round >= warmup) m.samples.push(elapsed);
    }
    progress(`  ${label} round ${round + 1}/${total}${round < warmup ? ' (warm-up)' : ''}`);
  }
  return measures.map((m) => summarize(m.name, m.samples));
}

/** A sandbox of our own for the floors, apart from the library's. */
const FLOOR_SANDBOX = 'features-bench-floor';

async function callForString(client: FirefoxClient, context: string, functionDeclaration: string): Promise<string> {
  const result = await client.browser.bidi.send('script.callFunction', {
    functionDeclaration,
    awaitPromise: false,
    target: { context, sandbox: FLOOR_SANDBOX },
    resultOwnership: 'none',
  });
  if (result.type === 'exception') throw new Error(`In-page call failed: ${result.exceptionDetails.text}`);
  if (result.result.type !== 'string')
    throw new Error(`In-page call returned ${result.result.type}, expected a string.`);
  return result.result.value;
}

/** The bare-walk floor shared with snapshot.bench.ts; returns how many elements it visited. */
async function floorWalk(client: FirefoxClient): Promise<number> {
  return (JSON.parse(await callForString(client, client.page.id, FLOOR_RECURSIVE)) as FloorResult).count;
}

async function elementCount(client: FirefoxClient): Promise<number> {
  const count = await client.page.evaluate(`() => document.getElementsByTagName('*').length`);
  if (typeof count !== 'number') throw new Error(`Counting elements returned ${JSON.stringify(count)}.`);
  return count;
}

/** Every browsing context of the selected page: the page and its frames, nested. */
async function pageContexts(client: FirefoxClient): Promise<string[]> {
  const { contexts } = await client.browser.bidi.send('browsingContext.getTree', { root: client.page.id });
  const all: string[] = [];
  const visit = (list: typeof contexts): void => {
    for (const info of list) {
      all.push(info.context);
      if (info.children) visit(info.children);
    }
  };
  visit(contexts);
  return all;
}

const ratio = (value: number, floor: number): string => `${(value / floor).toFixed(value / floor >= 100 ? 0 : 2)}×`;
const percent = (value: number): string => `${value.toFixed(1)}%`;
const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length);

function nodesWhere(snapshot: TakenSnapshot, test: (node: SnapshotNode) => boolean): SnapshotNode[] {
  return [...allNodes(snapshot.nodes)].filter(test);
}

/** Correctness failures: reported at the end, and the exit code is 1. */
const failures: string[] = [];

// ------------------------------------------------------ 1. compression

interface CompressionResult {
  /** A short name for the summary. */
  page: string;
  elements: number;
  kept: number;
  floor: Stats;
  full: Stats;
  compressed: Stats;
  fullChars: number;
  fullTokens: number;
  compressedChars: number;
  compressedTokens: number;
  runs: number;
  hidden: number;
}

async function compression(
  client: FirefoxClient,
  encoder: Tiktoken,
  page: string,
  label: string,
  url: string,
): Promise<CompressionResult> {
  await client.page.navigate(url);
  const elements = await elementCount(client);
  let full: TakenSnapshot | undefined;
  let compressed: TakenSnapshot | undefined;
  const stats = await rounds(label, [
    measure('floor: bare walk (sandbox)', () => floorWalk(client)),
    measure('takeSnapshot()', async () => {
      full = await client.page.takeSnapshot();
    }),
    measure('takeSnapshot({ compress: true })', async () => {
      compressed = await client.page.takeSnapshot({ compress: true });
    }),
  ]);
  const [floor, fullStats, compressedStats] = stats;
  if (!floor || !fullStats || !compressedStats || !full || !compressed)
    throw new Error(`${label}: a measure is missing.`);
  console.log(`\n#### ${label}: ${elements} elements, ${full.stats.kept} kept\n`);
  console.log(statsTable(stats, floor));
  const collapsed = compressed.collapsed ?? [];
  return {
    page,
    elements,
    kept: full.stats.kept,
    floor,
    full: fullStats,
    compressed: compressedStats,
    fullChars: full.text.length,
    fullTokens: encoder.encode(full.text).length,
    compressedChars: compressed.text.length,
    compressedTokens: encoder.encode(compressed.text).length,
    runs: collapsed.length,
    hidden: collapsed.reduce((sum, run) => sum + run.count, 0),
  };
}

// ---------------------------------------------------------------- 2. reach

async function reach(client: FirefoxClient, url: string): Promise<void> {
  await client.page.navigate(url);
  const contexts = await pageContexts(client);
  let snapshot: TakenSnapshot | undefined;
  const stats = await rounds('reach', [
    // The least a walk of every document costs: one trivial call per browsing context, in turn.
    measure(`floor: 1 trivial call per document (${contexts.length})`, async () => {
      for (const context of contexts) await callForString(client, context, `function () { return ''; }`);
    }),
    measure('takeSnapshot()', async () => {
      snapshot = await client.page.takeSnapshot();
    }),
  ]);
  const [floor] = stats;
  if (!floor || !snapshot) throw new Error('reach: a measure is missing.');
  const taken: TakenSnapshot = snapshot;

  const frames = nodesWhere(taken, (node) => node.frame !== undefined);
  const framesReached = frames.filter(
    (node) => node.frame?.context !== undefined && node.frame.error === undefined && (node.children?.length ?? 0) > 0,
  );
  const closed = nodesWhere(taken, (node) => node.shadow === 'closed' && (node.children?.length ?? 0) > 0);
  const open = nodesWhere(taken, (node) => node.shadow === 'open' && (node.children?.length ?? 0) > 0);
  const named = new Set(nodesWhere(taken, (node) => node.interactive === true).map((node) => node.name ?? ''));
  const missing = CONTROLS.filter((control) => !named.has(control.name));

  const nodes = [...allNodes(taken.nodes)].length;
  console.log(
    `\n#### Nested frames and shadow roots: ${contexts.length} browsing contexts, ${nodes} nodes in the snapshot\n`,
  );
  console.log(statsTable(stats, floor));
  console.log('');
  console.log(
    formatTable(
      ['reached', 'found', 'expected'],
      [
        [
          'cross-origin frames (127.0.0.1 → localhost → 127.0.0.1)',
          String(framesReached.length),
          String(REACH_EXPECTED.frames),
        ],
        ['closed shadow roots (2 nested + 1 in the inner frame)', String(closed.length), String(REACH_EXPECTED.closed)],
        ['open shadow roots (2 nested)', String(open.length), String(REACH_EXPECTED.open)],
        [
          'controls by name (buttons, inputs, select)',
          String(CONTROLS.length - missing.length),
          String(CONTROLS.length),
        ],
      ],
    ),
  );
  console.log(
    `\nframes in the snapshot: ${frames.map((node) => `${node.frame?.url ?? '?'}${node.frame?.error ? ` (${node.frame.error})` : ''}`).join(' → ')}`,
  );
  if (missing.length === 0) {
    console.log(`\nall ${CONTROLS.length} controls present`);
  } else {
    console.log(`\n${missing.length} of ${CONTROLS.length} controls MISSING:`);
    for (const control of missing) console.log(`- ${control.kind} "${control.name}" (${control.where})`);
    failures.push(
      `reach: ${missing.length} control(s) missing from the snapshot: ${missing.map((control) => `"${control.name}"`).join(', ')}`,
    );
  }
  if (framesReached.length < REACH_EXPECTED.frames || closed.length < REACH_EXPECTED.closed) {
    failures.push(
      `reach: ${framesReached.length}/${REACH_EXPECTED.frames} frames and ${closed.length}/${REACH_EXPECTED.closed} closed roots reached`,
    );
  }
}

// ------------------------------------------------------------- 3. markdown

async function markdown(client: FirefoxClient, encoder: Tiktoken, url: string): Promise<void> {
  await client.page.navigate(url);
  const elements = await elementCount(client);
  const outputs: string[] = [];
  const textFunction = 'function () { return document.body.textContent; }';
  let textContent = await callForString(client, client.page.id, textFunction);
  let innerText = '';
  let snapshot: TakenSnapshot | undefined;
  const stats = await rounds('markdown', [
    // Reading the text at all: the body's textContent in one call (no layout).
    measure('floor: body.textContent (sandbox)', async () => {
      textContent = await callForString(client, client.page.id, textFunction);
    }),
    // The transport alone: a string as long as the text, no DOM read (large replies can cost more than reading the
    // page).
    measure(`ref: 'x'.repeat(${textContent.length}) (transport only)`, () =>
      callForString(client, client.page.id, `function () { return 'x'.repeat(${textContent.length}); }`),
    ),
    // The text as rendered (needs layout): what a naive reader would send.
    measure('ref: body.innerText (sandbox)', async () => {
      innerText = await callForString(client, client.page.id, 'function () { return document.body.innerText; }');
    }),
    measure(`getPageMarkdown({ view: 'document' })`, async () => {
      const page = await client.page.getPageMarkdown({ view: 'document', maxChars: MARKDOWN_MAX_CHARS });
      if (page.hasMore) throw new Error('getPageMarkdown returned only part of the article; raise MARKDOWN_MAX_CHARS.');
      outputs.push(page.markdown);
    }),
    measure('takeSnapshot()', async () => {
      snapshot = await client.page.takeSnapshot();
    }),
  ]);
  const [floor, , innerTextStats, markdownStats, snapshotStats] = stats;
  const first = outputs[0];
  if (!floor || !innerTextStats || !markdownStats || !snapshotStats || !snapshot || first === undefined)
    throw new Error('markdown: a measure is missing.');
  const reference = Buffer.from(first, 'utf8');
  const differing = outputs.filter((output) => !Buffer.from(output, 'utf8').equals(reference)).length;

  const markdownTokens = encoder.encode(first).length;
  const snapshotTokens = encoder.encode(snapshot.text).length;
  const innerTextTokens = encoder.encode(innerText).length;
  const textContentTokens = encoder.encode(textContent).length;
  console.log(
    `\n#### Article: ${ARTICLE_PARAGRAPHS} paragraphs, ${elements} elements, ${snapshot.stats.kept} kept by the snapshot\n`,
  );
  console.log(statsTable(stats, floor));
  console.log('');
  console.log(
    formatTable(
      ['output', 'median', 'chars', 'tokens', 'tokens vs snapshot'],
      [
        [
          'body.textContent (floor)',
          formatMs(floor.median),
          String(textContent.length),
          String(textContentTokens),
          ratio(textContentTokens, snapshotTokens),
        ],
        [
          'body.innerText (ref)',
          formatMs(innerTextStats.median),
          String(innerText.length),
          String(innerTextTokens),
          ratio(innerTextTokens, snapshotTokens),
        ],
        [
          `getPageMarkdown({ view: 'document' })`,
          formatMs(markdownStats.median),
          String(first.length),
          String(markdownTokens),
          ratio(markdownTokens, snapshotTokens),
        ],
        [
          'takeSnapshot() text',
          formatMs(snapshotStats.median),
          String(snapshot.text.length),
          String(snapshotTokens),
          '1.00×',
        ],
      ],
    ),
  );
  if (differing === 0) {
    console.log(`\nMarkdown byte-identical across all ${outputs.length} calls (${reference.length} bytes)`);
  } else {
    console.log(`\nMarkdown NOT byte-identical: ${differing} of ${outputs.length} calls differ from the first`);
    failures.push(`markdown: ${differing} of ${outputs.length} getPageMarkdown calls differ from the first`);
  }
}

// ----------------------------------------------------------------- 4. diff

async function diff(client: FirefoxClient, encoder: Tiktoken, url: string): Promise<void> {
  await client.page.navigate(url);
  const diffs: TakenSnapshot[] = [];
  let base: TakenSnapshot | undefined;
  let change = 0;
  // Each round: a full snapshot (the base), one cell changed, then the diff against the base.
  const full = measure('takeSnapshot() (the base)', async () => {
    base = await client.page.takeSnapshot();
  });
  const since = measure('takeSnapshot({ since: base }) after 1 cell changed', async () => {
    if (!base) throw new Error('diff: no base snapshot');
    const result = await client.page.takeSnapshot({ since: base.id });
    if (!result.diff)
      throw new Error(`diff: takeSnapshot({ since: ${base.id} }) returned no diff: ${result.text.slice(0, 200)}`);
    diffs.push(result);
  });
  const floor = measure('floor: bare walk (sandbox)', () => floorWalk(client));
  const total = WARMUP + ROUNDS;
  for (let round = 0; round < total; round++) {
    const timed = round >= WARMUP;
    for (const m of [floor, full]) {
      const start = performance.now();
      await m.run();
      if (timed) m.samples.push(performance.now() - start);
    }
    change++;
    const changed = await client.page.evaluate(
      `(row, text) => { const cell = document.querySelector('#orders tbody').rows[row].cells[2]; cell.textContent = text; return cell.textContent; }`,
      [TABLE_ROWS / 2, `Changed ${change}`],
    );
    if (changed !== `Changed ${change}`) throw new Error(`diff: changing a cell returned ${JSON.stringify(changed)}`);
    const start = performance.now();
    await since.run();
    if (timed) since.samples.push(performance.now() - start);
    progress(`  diff round ${round + 1}/${total}${timed ? '' : ' (warm-up)'}`);
  }
  const last = diffs.at(-1);
  if (!last?.diff || !base) throw new Error('diff: no diff taken');
  const stats = [floor, full, since].map((m) => summarize(m.name, m.samples));
  const [floorStats] = stats;
  if (!floorStats) throw new Error('diff: a measure is missing.');
  const timedDiffs = diffs.slice(WARMUP);
  const lines = timedDiffs.map((d) => lineCount(d.text));
  const counts = last.diff;

  console.log(
    `\n#### Diff: one cell of the ${TABLE_ROWS}-row table changed (row ${TABLE_ROWS / 2 + 1}, Status column)\n`,
  );
  console.log(statsTable(stats, floorStats));
  console.log('');
  console.log(
    formatTable(
      ['output', 'lines', 'chars', 'tokens'],
      [
        [
          'full snapshot text (the base)',
          String(lineCount(base.text)),
          String(base.text.length),
          String(encoder.encode(base.text).length),
        ],
        [
          'diff text (median over timed rounds)',
          String(summarize('lines', lines).median),
          String(
            summarize(
              'chars',
              timedDiffs.map((d) => d.text.length),
            ).median,
          ),
          String(
            summarize(
              'tokens',
              timedDiffs.map((d) => encoder.encode(d.text).length),
            ).median,
          ),
        ],
      ],
    ),
  );
  console.log(
    `\ndiff: ${counts.added.length} added, ${counts.removed.length} removed, ${counts.changed.length} changed, ${counts.moved.length} moved; the last one:\n`,
  );
  console.log(
    last.text
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n'),
  );
}

// ----------------------------------------------------------------- main

async function main(): Promise<void> {
  const started = performance.now();
  const encoder = new Tiktoken(o200kBase);
  const site = await serveSite(({ origin, otherOrigin }) => ({
    '/table': tablePage(TABLE_ROWS),
    '/list': listPage(),
    '/article': articlePage(),
    ...reachPages(origin, otherOrigin),
  }));
  try {
    progress('Launching Firefox…');
    const client = await FirefoxClient.launch({ commandTimeout: 120_000 });
    try {
      const header = `Feature bench — Firefox ${client.browser.browserVersion}, Node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}`;
      console.log(`\n${header}`);
      console.log(
        `Pages on ${site.origin} (second origin ${site.otherOrigin}); ${WARMUP} warm-up round(s), then ${ROUNDS} timed; medians; measures interleaved per round.`,
      );

      console.log('\n### 1. Compression: takeSnapshot() vs takeSnapshot({ compress: true })');
      const results = [
        await compression(
          client,
          encoder,
          `table, ${TABLE_ROWS} rows`,
          `Table (${TABLE_ROWS} rows × 4 cells, a link in each)`,
          `${site.origin}/table`,
        ),
        await compression(
          client,
          encoder,
          `list, ${LIST_ITEMS} items`,
          `List (${LIST_ITEMS} items)`,
          `${site.origin}/list`,
        ),
      ];
      console.log('\n#### Compression summary (sizes are the snapshot text; tokens are o200k_base)\n');
      console.log(
        formatTable(
          [
            'page',
            'elements',
            'floor',
            'snapshot',
            'ratio',
            'compressed',
            'ratio',
            'compr./full',
            'chars',
            'chars (compr.)',
            'tokens',
            'tokens (compr.)',
            'token reduction',
            'collapsed',
          ],
          results.map((r) => [
            r.page,
            String(r.elements),
            formatMs(r.floor.median),
            formatMs(r.full.median),
            ratio(r.full.median, r.floor.median),
            formatMs(r.compressed.median),
            ratio(r.compressed.median, r.floor.median),
            ratio(r.compressed.median, r.full.median),
            String(r.fullChars),
            String(r.compressedChars),
            String(r.fullTokens),
            String(r.compressedTokens),
            percent(100 * (1 - r.compressedTokens / r.fullTokens)),
            `${r.hidden} in ${r.runs} run(s)`,
          ]),
        ),
      );
      const table = results[0];
      if (table) {
        const reduction = 100 * (1 - table.compressedTokens / table.fullTokens);
        console.log(
          `\nTable token reduction ${percent(reduction)}: target ≥ ${TABLE_REDUCTION_TARGET}% ${reduction >= TABLE_REDUCTION_TARGET ? 'met' : 'MISSED'} (reported, not enforced).`,
        );
      }

      console.log('\n### 2. Reach: nested cross-origin frames and nested shadow roots');
      await reach(client, `${site.origin}/reach`);

      console.log('\n### 3. Markdown: getPageMarkdown vs the snapshot of an article');
      await markdown(client, encoder, `${site.origin}/article`);

      console.log('\n### 4. Diff: takeSnapshot({ since }) after one change');
      await diff(client, encoder, `${site.origin}/table`);

      const total = (performance.now() - started) / 1000;
      console.log(
        `\nratio = median / median of the floor measured in the same section of this run. Total ${total.toFixed(1)} s.`,
      );
    } finally {
      await client.close();
    }
  } finally {
    await site.close();
  }
  if (failures.length > 0) {
    console.error(`\nCorrectness failures:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
});

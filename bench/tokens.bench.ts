/**
 * Tokens: our snapshot text against Playwright's aria snapshot of the same page, in Debian's
 * Chromium (playwright-core with executablePath /usr/bin/chromium, never a downloaded browser).
 *
 * Pages: the corpus (tests/corpus: Material Web, Shoelace, Redoc, TodoMVC empty and with three
 * todos) and three hand-written ones (a checkout form, an article, about 1k elements of cards).
 * Ours is `takeSnapshot().text`, exactly the text take_snapshot returns under its `## Page snapshot`
 * line; theirs is `page.ariaSnapshot({ mode: 'ai' })`, the form Playwright MCP sends (with
 * `[ref=eN]`), without the page-state lines it puts around it. Tokens are o200k_base (js-tiktoken).
 *
 * Coverage: ours counts snapshot nodes with `interactive: true`; theirs counts lines whose role is
 * a control role; "DOM" counts visible controls found by a small script in the Firefox page
 * (native controls, control roles and tabindex, through open shadow roots, one per nested group).
 * Both raw texts are written to temp/tokens/<page>.{ours,playwright}.txt. Run with
 * `npm run bench:tokens`. Exits non-zero only on errors, never on the ratio.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import type { Browser, Page } from 'playwright-core';
import { FirefoxClient } from '../src/index.js';
import { startCorpusServer } from '../tests/corpus/index.js';
import { CHROMIUM, formatTable, launchChromium, random, serveSite, WORDS } from './lib.js';
import { indexPage, tablePage } from './pages.js';

const VIEWPORT = { width: 1280, height: 720 };
const OUT_DIR = join(process.cwd(), 'temp', 'tokens');
const TARGET_RATIO = 0.6;
/** Pages where tokens matter most, each with its own target. */
const BIG_PAGES = ['table-2k', 'table-2k-controls', 'cards-10k', 'index-17k', 'index-30k'];
const BIG_TARGET_RATIO = 0.5;
const PLAYWRIGHT_VERSION = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('playwright-core/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const READY_TIMEOUT = 20_000;
/** Lets animations and late renders settle once a page says it is ready. */
const SETTLE_MS = 400;

/** Roles counted as controls in the aria snapshot. */
const CONTROL_ROLES = [
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'slider',
  'spinbutton',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'treeitem',
];
const CONTROL_LINE = new RegExp(`^\\s*- (${CONTROL_ROLES.join('|')})(?=[\\s:"\\[]|$)(?: "((?:[^"\\\\]|\\\\.)*)")?`);

// ------------------------------------------------------------------ pages

interface PageCase {
  name: string;
  url: string;
  /** A JS expression, true once the page has rendered what we measure. */
  ready: string;
  /** A function source run in the page once it is ready (both browsers), such as adding todos. */
  setup?: string;
}

const ADD_TODOS = `() => {
  const input = document.querySelector('.new-todo');
  for (const title of ['Buy milk', 'Walk the dog', 'Write the report']) {
    input.value = title;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  }
  return true;
}`;
const COMPLETE_FIRST_TODO = `() => { document.querySelector('.todo-list li .toggle').click(); return true; }`;

function documentHtml(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title>
<style>body { font: 14px/1.45 sans-serif; margin: 0 auto; max-width: 960px; padding: 16px; } ${style}</style></head>
<body>
${body}
</body>
</html>`;
}

/** A checkout form: fieldsets with legends, labels, radios, help text, a select, a disabled button. */
function formPage(): string {
  const countries = ['Canada', 'France', 'Germany', 'Japan', 'Spain', 'United Kingdom', 'United States'];
  return documentHtml(
    'Checkout — Example Store',
    `<header><nav aria-label="Main"><a href="/">Home</a> · <a href="/shop">Shop</a> · <a href="/cart">Cart (3)</a> · <a href="/account">Account</a></nav></header>
<main>
<h1>Checkout</h1>
<form id="checkout" onsubmit="return false">
  <fieldset><legend>Contact</legend>
    <p><label for="email">Email address</label><br><input id="email" type="email" required autocomplete="email" aria-describedby="email-help">
    <small id="email-help">We send the receipt here.</small></p>
    <p><label for="phone">Phone (optional)</label><br><input id="phone" type="tel"></p>
    <p><label><input type="checkbox" checked> Email me about offers</label></p>
  </fieldset>
  <fieldset><legend>Shipping address</legend>
    <p><label for="first">First name</label> <input id="first" required> <label for="last">Last name</label> <input id="last" required></p>
    <p><label for="street">Street</label> <input id="street" required></p>
    <p><label for="city">City</label> <input id="city" required> <label for="zip">Postal code</label> <input id="zip" required size="8"></p>
    <p><label for="country">Country</label> <select id="country">${countries.map((c) => `<option${c === 'France' ? ' selected' : ''}>${c}</option>`).join('')}</select></p>
  </fieldset>
  <fieldset><legend>Delivery</legend>
    <label><input type="radio" name="ship" value="standard" checked> Standard (3–5 days, free)</label><br>
    <label><input type="radio" name="ship" value="express"> Express (1–2 days, €9.90)</label><br>
    <label><input type="radio" name="ship" value="pickup" disabled> Pick up in store (unavailable)</label>
  </fieldset>
  <fieldset><legend>Payment</legend>
    <p><label for="card">Card number</label> <input id="card" inputmode="numeric" autocomplete="cc-number" placeholder="1234 5678 9012 3456"></p>
    <p><label for="exp">Expiry</label> <input id="exp" placeholder="MM/YY" size="6"> <label for="cvc">CVC</label> <input id="cvc" size="4" aria-describedby="cvc-help"> <small id="cvc-help">3 digits on the back.</small></p>
    <p><label><input type="checkbox" id="billing-same" checked> Billing address same as shipping</label></p>
  </fieldset>
  <p><label for="notes">Delivery notes</label><br><textarea id="notes" rows="3"></textarea></p>
  <details><summary>Have a gift card?</summary><p><label for="gift">Gift card code</label> <input id="gift"> <button type="button">Apply</button></p></details>
  <table><caption>Order summary</caption><thead><tr><th>Item</th><th>Qty</th><th>Price</th></tr></thead>
  <tbody><tr><td>Linen shirt</td><td>1</td><td>€49.00</td></tr><tr><td>Canvas tote</td><td>2</td><td>€30.00</td></tr><tr><td>Shipping</td><td></td><td>€0.00</td></tr></tbody>
  <tfoot><tr><th>Total</th><td></td><td>€79.00</td></tr></tfoot></table>
  <p><label><input type="checkbox" required> I accept the <a href="/terms">terms and conditions</a></label></p>
  <p><button type="submit">Place order</button> <button type="button" disabled>Save for later</button> <a href="/cart">Back to cart</a></p>
</form>
</main>
<footer><p>© Example Store · <a href="/privacy">Privacy</a> · <a href="/help">Help</a></p></footer>`,
    'fieldset { margin-bottom: 12px; } table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 2px 6px; }',
  );
}

/** A documentation article: headings, paragraphs with inline links and code, a list, a pre block, a figure. */
function articlePage(): string {
  const next = random(7);
  const word = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? 'item';
  const words = (n: number): string => Array.from({ length: n }, word).join(' ');
  const sections: string[] = [];
  for (let s = 0; s < 6; s++) {
    sections.push(`<h2 id="s${s}">${words(3)}</h2>`);
    for (let p = 0; p < 3; p++) {
      sections.push(
        `<p>${words(12)} <a href="#s${(s + 1) % 6}">${words(2)}</a> ${words(10)} <code>${word()}()</code> ${words(8)}.</p>`,
      );
    }
    if (s % 2 === 0) sections.push(`<ul>${Array.from({ length: 4 }, () => `<li>${words(5)}</li>`).join('')}</ul>`);
    if (s % 3 === 1)
      sections.push(
        `<pre><code>const ${word()} = await ${word()}.${word()}({ limit: 10 });\nconsole.log(${word()});</code></pre>`,
      );
  }
  return documentHtml(
    'Guide — Example Docs',
    `<header><a href="/">Example Docs</a> <input type="search" aria-label="Search the docs" placeholder="Search"></header>
<div style="display:flex; gap:24px">
<nav aria-label="Contents"><ul>${Array.from({ length: 6 }, (_, i) => `<li><a href="#s${i}">Section ${i + 1}</a></li>`).join('')}</ul></nav>
<main><article><h1>Getting started</h1>
<p class="lede">${words(20)}.</p>
<figure><img alt="Architecture diagram" width="320" height="120" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><figcaption>How the parts fit together.</figcaption></figure>
${sections.join('\n')}
<p><a href="/prev">Previous: Installation</a> · <a href="/next">Next: Configuration</a></p>
</article></main></div>
<footer><p>Edit this page on <a href="https://example.com/edit">the repository</a>.</p></footer>`,
  );
}

/**
 * About `target` elements of cards (header, text with links, a small form, buttons), as the snapshot bench generates.
 */
function cardsPage(target: number): string {
  const next = random(target);
  const word = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? 'item';
  const words = (n: number): string => Array.from({ length: n }, word).join(' ');
  const title = (): string => {
    const text = words(2 + Math.floor(next() * 3));
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  const cards: string[] = [];
  let count = 20;
  for (let i = 0; count < target; i++) {
    const parts = [
      `<article class="card"><header><h2>${title()} ${i}</h2><span class="tag">${word()}</span></header>`,
      `<p>${words(8)} <b>${word()}</b> ${words(6)} <a href="#c${i + 1}">${words(2)}</a> ${words(5)}.</p>`,
      `<ul><li>${words(3)}</li><li>${words(2)} <a href="#c${i + 7}">more</a></li><li>${words(4)}</li></ul>`,
      `<form onsubmit="return false"><label for="q${i}">${title()}</label> <input id="q${i}" placeholder="${words(2)}"> <label><input type="checkbox"> ${words(2)}</label></form>`,
      `<footer><button type="button">Open ${i}</button> <button type="button" disabled>Archive</button></footer></article>`,
    ];
    const html = parts.join('');
    count += html.match(/<[a-z][a-z0-9-]*/g)?.length ?? 0;
    cards.push(html);
  }
  return documentHtml(
    `Cards — ${target} elements`,
    `<header><nav aria-label="Sections"><a href="#top">Top</a> <a href="#end">End</a></nav></header><h1 id="top">Dashboard</h1><main>${cards.join('\n')}</main><footer id="end">End of the page.</footer>`,
    'main { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; } .card { border: 1px solid #ccc; padding: 8px; }',
  );
}

// ------------------------------------------------------------- measuring

/** Visible controls in the DOM, through open shadow roots; a control inside a counted one is not counted again. */
const DOM_CONTROLS = `() => {
  const selector = ${JSON.stringify(
    [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[contenteditable=""]',
      '[contenteditable=true]',
      '[tabindex]:not([tabindex="-1"])',
      ...CONTROL_ROLES.map((role) => `[role=${role}]`),
    ].join(','),
  )};
  const visible = (el) => {
    if (el.closest('[inert]')) return false;
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  let count = 0;
  const visit = (root, inside) => {
    for (let el = root.firstElementChild; el !== null; el = el.nextElementSibling) {
      const counted = !inside && el.matches(selector) && visible(el);
      if (counted) count++;
      if (el.shadowRoot) visit(el.shadowRoot, inside || counted);
      visit(el, inside || counted);
    }
  };
  visit(document.body, false);
  return count;
}`;

interface Side {
  text: string;
  tokens: number;
  controls: number;
  /** Names of the side's named controls. */
  names: string[];
}

interface PageResult {
  name: string;
  ours: Side;
  theirs?: Side;
  dom: number;
  /** Their named controls whose name does not appear in our text. */
  missing: string[];
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function until(label: string, check: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${label}: not ready after ${READY_TIMEOUT} ms.`);
    await sleep(100);
  }
}

interface SnapshotLike {
  interactive?: boolean;
  name?: string;
  children?: readonly SnapshotLike[];
}

function ourControls(nodes: readonly SnapshotLike[]): { count: number; names: string[] } {
  let count = 0;
  const names: string[] = [];
  const walk = (list: readonly SnapshotLike[]): void => {
    for (const node of list) {
      if (node.interactive === true) {
        count++;
        if (node.name) names.push(node.name);
      }
      if (node.children) walk(node.children);
    }
  };
  walk(nodes);
  return { count, names };
}

/**
 * Control-role lines of an aria snapshot. Lines marked [aria-hidden] are left out, and so are the
 * options of a combobox (a native select's choices: our count of interactive nodes leaves them out too).
 */
function theirControls(text: string): { count: number; names: string[] } {
  let count = 0;
  const names: string[] = [];
  let comboboxIndent = -1;
  for (const line of text.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (comboboxIndent >= 0 && indent <= comboboxIndent) comboboxIndent = -1;
    const match = CONTROL_LINE.exec(line);
    if (!match || line.includes('[aria-hidden]')) continue;
    if (match[1] === 'combobox') comboboxIndent = indent;
    else if (match[1] === 'option' && comboboxIndent >= 0) continue;
    count++;
    if (match[2]) names.push(match[2].replace(/\\(.)/g, '$1'));
  }
  return { count, names };
}

/** Letters and digits only, lower case, single spaces: to find a name in the other side's text. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

async function ours(client: FirefoxClient, page: PageCase, encoder: Tiktoken): Promise<{ side: Side; dom: number }> {
  await client.page.navigate(page.url);
  await until(`Firefox ${page.name}`, () => client.page.evaluate(`() => !!(${page.ready})`));
  if (page.setup) {
    await client.page.evaluate(page.setup);
    await sleep(100);
  }
  await sleep(SETTLE_MS);
  const snapshot = await client.page.takeSnapshot();
  const dom = await client.page.evaluate(DOM_CONTROLS);
  const { count, names } = ourControls(snapshot.nodes);
  return {
    side: { text: snapshot.text, tokens: encoder.encode(snapshot.text).length, controls: count, names },
    dom: typeof dom === 'number' ? dom : Number.NaN,
  };
}

async function theirs(browser: Browser, page: PageCase, encoder: Tiktoken): Promise<Side> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const tab: Page = await context.newPage();
    await tab.goto(page.url);
    await tab.waitForFunction(`!!(${page.ready})`, undefined, { timeout: READY_TIMEOUT });
    if (page.setup) {
      await tab.evaluate(`(${page.setup})()`);
      await sleep(100);
    }
    await sleep(SETTLE_MS);
    const text = await tab.ariaSnapshot({ mode: 'ai' });
    const { count, names } = theirControls(text);
    return { text, tokens: encoder.encode(text).length, controls: count, names };
  } finally {
    await context.close();
  }
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  const started = performance.now();
  const encoder = new Tiktoken(o200kBase);
  mkdirSync(OUT_DIR, { recursive: true });

  progress('Building the corpus and serving the pages…');
  const corpus = await startCorpusServer();
  const site = await serveSite(() => ({
    '/form.html': formPage(),
    '/article.html': articlePage(),
    '/cards-1k.html': cardsPage(1_000),
    '/table-2k.html': tablePage(2_000),
    '/table-2k-controls.html': tablePage(2_000, true),
    '/cards-10k.html': cardsPage(10_000),
    '/index-17k.html': indexPage(17_000),
    '/index-30k.html': indexPage(30_000),
  }));
  const defined = (...tags: string[]): string => tags.map((tag) => `customElements.get('${tag}')`).join(' && ');
  const pages: PageCase[] = [
    {
      name: 'material',
      url: corpus.url('/material.html'),
      ready: `${defined('md-tabs', 'md-outlined-select', 'md-switch', 'md-dialog')} && document.querySelector('md-outlined-select').shadowRoot`,
    },
    {
      name: 'shoelace',
      url: corpus.url('/shoelace.html'),
      ready: `${defined('sl-tab-group', 'sl-select', 'sl-input', 'sl-dialog', 'sl-button')} && document.querySelector('sl-select').shadowRoot`,
    },
    { name: 'redoc', url: corpus.url('/redoc.html'), ready: `document.body.innerText.includes('List items')` },
    { name: 'todomvc', url: corpus.url('/todomvc.html'), ready: `document.querySelector('.new-todo')` },
    {
      name: 'todomvc-3-todos',
      url: corpus.url('/todomvc.html'),
      ready: `document.querySelector('.new-todo')`,
      setup: `() => { (${ADD_TODOS})(); setTimeout(${COMPLETE_FIRST_TODO}, 50); return true; }`,
    },
    { name: 'form', url: `${site.origin}/form.html`, ready: 'document.readyState === "complete"' },
    { name: 'article', url: `${site.origin}/article.html`, ready: 'document.readyState === "complete"' },
    { name: 'cards-1k', url: `${site.origin}/cards-1k.html`, ready: 'document.readyState === "complete"' },
    ...BIG_PAGES.map((name) => ({
      name,
      url: `${site.origin}/${name}.html`,
      ready: 'document.readyState === "complete"',
    })),
  ];

  const { browser, why } = await launchChromium();
  if (why !== undefined) progress(`Skipping the Playwright column: ${why}.`);
  progress('Launching Firefox…');
  const client = await FirefoxClient.launch({ viewport: VIEWPORT });
  const results: PageResult[] = [];
  try {
    for (const page of pages) {
      progress(`${page.name}…`);
      const mine = await ours(client, page, encoder);
      const other = browser ? await theirs(browser, page, encoder) : undefined;
      writeFileSync(join(OUT_DIR, `${page.name}.ours.txt`), `${mine.side.text}\n`);
      const ourText = ` ${normalize(mine.side.text)} `;
      const missing = other
        ? [...new Set(other.names)].filter(
            (name) => normalize(name) !== '' && !ourText.includes(` ${normalize(name)} `),
          )
        : [];
      if (other) {
        writeFileSync(join(OUT_DIR, `${page.name}.playwright.txt`), `${other.text}\n`);
        writeFileSync(join(OUT_DIR, `${page.name}.missing.txt`), missing.length > 0 ? `${missing.join('\n')}\n` : '');
      }
      results.push({ name: page.name, ours: mine.side, ...(other ? { theirs: other } : {}), dom: mine.dom, missing });
    }
  } finally {
    await client.close();
    await browser?.close();
    await site.close();
    await corpus.close();
  }

  const header =
    `Token bench — Firefox ${client.browser.browserVersion}` +
    (browser
      ? `, Chromium ${browser.version()} (playwright-core ${PLAYWRIGHT_VERSION}, ${CHROMIUM}, ariaSnapshot mode "ai")`
      : ', no Playwright column') +
    `, o200k_base, Node ${process.version}, ${new Date().toISOString()}`;
  console.log(`\n${header}\n`);
  const ratios: number[] = [];
  console.log(
    formatTable(
      [
        'page',
        'our tokens',
        'Playwright tokens',
        'ratio',
        'our controls',
        'their controls',
        'DOM controls',
        'their names not in ours',
      ],
      results.map((r) => {
        const ratio = r.theirs ? r.ours.tokens / r.theirs.tokens : Number.NaN;
        if (r.theirs) ratios.push(ratio);
        return [
          r.name,
          String(r.ours.tokens),
          r.theirs ? String(r.theirs.tokens) : '–',
          r.theirs ? `${ratio.toFixed(2)}×` : '–',
          String(r.ours.controls),
          r.theirs ? String(r.theirs.controls) : '–',
          Number.isFinite(r.dom) ? String(r.dom) : '?',
          r.theirs ? String(r.missing.length) : '–',
        ];
      }),
    ),
  );
  if (ratios.length > 0) {
    const average = ratios.reduce((sum, value) => sum + value, 0) / ratios.length;
    const ourTotal = results.reduce((sum, r) => sum + r.ours.tokens, 0);
    const theirTotal = results.reduce((sum, r) => sum + (r.theirs?.tokens ?? 0), 0);
    const coverage = results.every(
      (r) => r.theirs === undefined || (r.ours.controls >= r.theirs.controls && r.missing.length === 0),
    );
    // For reference: Playwright MCP sends the URL and title outside its snapshot, as our first line does.
    const bodyRatios = results.flatMap((r) =>
      r.theirs ? [encoder.encode(r.ours.text.slice(r.ours.text.indexOf('\n') + 1)).length / r.theirs.tokens] : [],
    );
    const bodyAverage = bodyRatios.reduce((sum, value) => sum + value, 0) / bodyRatios.length;
    console.log(
      `\nAverage ratio (mean of pages): ${average.toFixed(2)}×; total ${ourTotal} / ${theirTotal} tokens = ${(ourTotal / theirTotal).toFixed(2)}×.`,
    );
    const big = results.filter((r) => BIG_PAGES.includes(r.name) && r.theirs);
    const bigRatios = big.map((r) => `${r.name} ${(r.ours.tokens / (r.theirs?.tokens ?? Number.NaN)).toFixed(2)}×`);
    const bigMet = big.every((r) => r.ours.tokens <= BIG_TARGET_RATIO * (r.theirs?.tokens ?? 0));
    console.log(
      `Big pages, target ≤ ${BIG_TARGET_RATIO}× each: ${bigRatios.join(', ')}: ${bigMet ? 'MET' : 'NOT MET'}.`,
    );
    const over = results
      .filter((r) => r.theirs && r.ours.tokens > TARGET_RATIO * r.theirs.tokens)
      .map((r) => `${r.name} ${(r.ours.tokens / (r.theirs?.tokens ?? Number.NaN)).toFixed(2)}×`);
    console.log(`Every page ≤ ${TARGET_RATIO}×: ${over.length === 0 ? 'MET' : `NOT MET (${over.join(', ')})`}.`);
    console.log(
      `Without our first line (snapshot id, url, title, counts): ${bodyAverage.toFixed(2)}× on average (reference only).`,
    );
    console.log(
      `Target ≤ ${TARGET_RATIO}× on average: ${average <= TARGET_RATIO ? 'MET' : 'NOT MET'}. ` +
        `Controls: ${coverage ? 'ours ≥ theirs, and every name of theirs is in our text, on every page' : 'ours fewer than theirs, or some of their names missing from our text, on some page(s)'}.`,
    );
  } else {
    console.log(`\nNo Playwright column (${why ?? 'unknown'}): the ratio and the target are not measured.`);
  }
  console.log(
    `\nOurs: takeSnapshot().text (what take_snapshot returns under "## Page snapshot"); theirs: page.ariaSnapshot({ mode: "ai" }) with [ref=eN], without Playwright MCP's page-state lines. ` +
      `Controls: ours = nodes with interactive: true; theirs = lines with a control role (${CONTROL_ROLES.length} roles; not [aria-hidden], not a combobox's options); DOM = visible native controls, control roles and tabindex in the Firefox page. ` +
      `"their names not in ours" = distinct names of their controls absent from our text (letters and digits, case-insensitive), listed in temp/tokens/<page>.missing.txt. ` +
      `Texts in ${OUT_DIR}. Total ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
});

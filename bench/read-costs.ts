/**
 * What each kind of DOM read costs the walk, per element, in the BiDi sandbox (every read goes
 * through Firefox's Xray wrappers) and in the page's realm: one loop over every element per kind,
 * in one call. Where the engine's time goes, and so which reads to batch or skip.
 */
import { SANDBOX } from '../src/firefox/engine/index.js';
import type { FirefoxClient } from '../src/index.js';
import { formatTable } from './lib.js';

/** Each kind: a name and the read, as page source (it runs in both realms). */
const KINDS: [string, string][] = [
  ['loop only (the baseline)', 'el'],
  ['localName', 'el.localName'],
  [
    'children by firstChild/nextSibling',
    '(() => { let n = 0; for (let c = el.firstChild; c; c = c.nextSibling) n++; return n; })()',
  ],
  ['nodeType', 'el.nodeType'],
  [
    'getBoundingClientRect, 4 fields',
    '(() => { const r = el.getBoundingClientRect(); return r.x + r.y + r.width + r.height; })()',
  ],
  ['checkVisibility(opacity, visibility)', 'el.checkVisibility({ opacityProperty: true, visibilityProperty: true })'],
  ['hasAttributes', 'el.hasAttributes()'],
  ['getAttributeNames', 'el.getAttributeNames().length'],
  ['getAttribute', "el.getAttribute('role')"],
  ['getComputedStyle, one property', 'getComputedStyle(el).display'],
  ['shadowRoot', 'el.shadowRoot'],
  ['parentElement', 'el.parentElement'],
  ['querySelector', "el.querySelector('svg')"],
  ['textContent', 'el.textContent.length'],
];

const SOURCE = `function () {
  const all = Array.from(document.getElementsByTagName('*'));
  const out = {};
  ${KINDS.map(([name, read]) => `{ const f = (el) => ${read}; f(all[0]); const t = performance.now(); for (const el of all) f(el); out[${JSON.stringify(name)}] = performance.now() - t; }`).join('\n  ')}
  return JSON.stringify({ elements: all.length, out });
}`;

async function measure(
  client: FirefoxClient,
  sandbox: boolean,
): Promise<{ elements: number; out: Record<string, number> }> {
  const context = client.page.id;
  const result = await client.browser.bidi.send('script.callFunction', {
    functionDeclaration: SOURCE,
    awaitPromise: false,
    target: sandbox ? { context, sandbox: SANDBOX } : { context },
    resultOwnership: 'none',
  });
  if (result.type === 'exception' || result.result.type !== 'string')
    throw new Error('Measuring read costs failed in the page.');
  return JSON.parse(result.result.value) as { elements: number; out: Record<string, number> };
}

/** Prints the cost of each kind of read on the loaded page, per 1,000 elements, in both realms. */
export async function printReadCosts(client: FirefoxClient): Promise<void> {
  const [sandbox, page] = [await measure(client, true), await measure(client, false)];
  const per1k = (ms: number | undefined): string => `${(((ms ?? Number.NaN) * 1000) / sandbox.elements).toFixed(2)} ms`;
  console.log(`\nWhat a read costs, per 1,000 elements (${sandbox.elements} elements, one loop per kind):\n`);
  console.log(
    formatTable(
      ['read', 'sandbox', 'page realm', 'sandbox ÷ page'],
      KINDS.map(([name]) => [
        name,
        per1k(sandbox.out[name]),
        per1k(page.out[name]),
        `${((sandbox.out[name] ?? 0) / Math.max(page.out[name] ?? 0, 0.01)).toFixed(1)}×`,
      ]),
    ),
  );
}

/**
 * A snapshot that reuses the last reading (no document changed), or the parts of it in which
 * nothing changed, must say what a full walk says.
 * Random edits of every kind a page makes (DOM, text, attributes, styles and style sheets, form
 * values set by script, focus, scroll, hover, shadow roots open and closed, an iframe's document)
 * on a page of our own and on corpus apps; after each one, the snapshot is compared with a fresh
 * walk of the same page, and steps without an edit check that the reading is reused. Then each
 * change that no MutationObserver sees (tests/helpers/unseen-changes.ts), one page each.
 */
import { describe, expect, it } from 'vitest';
import { type TakenSnapshot } from '../../src/index.js';
import { useCorpus, useFirefox, useSite } from '../helpers/fixtures.js';
import { untilQuiet } from '../helpers/quiet.js';
import { page } from '../helpers/server.js';
import { AT_REST, UNSEEN } from '../helpers/unseen-changes.js';

const MIXED = page(
  'Mixed',
  `<style>.tip { display: none } #hover-me:hover + .tip { display: block } .gone { display: none }</style>
   <header><nav aria-label="Main"><a href="#a">Alpha</a> <a href="#b">Beta</a></nav></header>
   <main>
     <h1>Things to change</h1>
     <p id="para">Some <b>bold</b> text and a <a href="#c">link</a> in it.</p>
     <button id="hover-me">Hover me</button><div class="tip">A tip</div>
     <form><label for="name">Name</label><input id="name" value="Ada">
       <label><input type="checkbox" id="agree"> Agree</label>
       <select id="size" aria-label="Size"><option>S</option><option selected>M</option><option>L</option></select>
       <textarea id="notes" aria-label="Notes">first</textarea></form>
     <table><caption>Scores</caption><tr><th>Who</th><th>Score</th></tr><tr><td>Ann</td><td>3</td></tr><tr><td>Bob</td><td>5</td></tr></table>
     <details><summary>More</summary><p>Inside details</p></details>
     <ul id="list"><li>One</li><li>Two</li><li>Three</li></ul>
     <div id="open-host"></div><x-closed id="closed-host"></x-closed>
     <iframe id="frame" title="Inner" srcdoc="<h2>Inside the frame</h2><button>Frame button</button><input aria-label='Frame field'>"></iframe>
     <div style="height: 1500px"></div><p id="far">Far below</p>
   </main>
   <script>
     document.getElementById('open-host').attachShadow({ mode: 'open' }).innerHTML = '<button>Open shadow</button><span>open text</span>';
     customElements.define('x-closed', class extends HTMLElement {
       constructor() { super(); window.closedRoot = this.attachShadow({ mode: 'closed' }); window.closedRoot.innerHTML = '<button>Closed shadow</button><input aria-label="Closed field">'; }
     });
   </script>`,
);

const PAINT = page(
  'Paint',
  `<style>a:hover, button:hover { color: red; background: #eee; text-decoration: underline; }</style>
   <h1>Only paint changes on hover</h1><p><a href="#one">One</a> <a href="#two">Two</a></p><button>Press</button>`,
);

/** Edits a page can make; each picks its target from `seed`. Runs in the page. */
function edit(kind: string, seed: number): string {
  const pick = <T>(list: ArrayLike<T>): T | undefined => list[seed % Math.max(1, list.length)];
  const roots: (Document | ShadowRoot)[] = [document];
  const open = document.getElementById('open-host')?.shadowRoot;
  if (open) roots.push(open);
  const closed = (window as unknown as { closedRoot?: ShadowRoot }).closedRoot;
  if (closed) roots.push(closed);
  const frame = (document.getElementById('frame') as HTMLIFrameElement | null)?.contentDocument;
  if (frame) roots.push(frame);
  const root = pick(roots) ?? document;
  const elements = Array.from(root.querySelectorAll('body *, :host *, button, span, input')).filter(
    (el) => el.localName !== 'script' && el.localName !== 'style',
  );
  const el = pick(elements) as HTMLElement | undefined;
  if (!el) return 'nothing to edit';
  switch (kind) {
    case 'append': {
      const added = el.ownerDocument.createElement(seed % 2 ? 'button' : 'p');
      added.textContent = `added ${seed}`;
      el.append(added);
      return `appended to ${el.localName}`;
    }
    case 'remove':
      el.remove();
      return `removed ${el.localName}`;
    case 'text': {
      const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const node = walker.nextNode();
      if (node) node.nodeValue = `changed ${seed}`;
      else el.append(`text ${seed}`);
      return `text of ${el.localName}`;
    }
    case 'attribute':
      if (seed % 3 === 0) el.toggleAttribute('hidden');
      else if (seed % 3 === 1) el.setAttribute('aria-label', `label ${seed}`);
      else el.classList.toggle('gone');
      return `attribute of ${el.localName}`;
    case 'style':
      el.style.visibility = el.style.visibility === 'hidden' ? '' : 'hidden';
      return `style of ${el.localName}`;
    case 'sheet':
      el.ownerDocument.styleSheets[0]?.insertRule(`${el.localName} { display: none }`);
      return `rule hides ${el.localName}`;
    case 'value': {
      const field = pick(Array.from(root.querySelectorAll('input, select, textarea')));
      if (!field) return 'no field';
      if (field instanceof HTMLSelectElement) field.selectedIndex = seed % field.options.length;
      else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
        field.checked = !field.checked;
      else (field as HTMLInputElement).value = `value ${seed}`;
      return `value of ${field.localName}`;
    }
    case 'focus': {
      const focusable = Array.from(root.querySelectorAll<HTMLElement>('input, button, a[href], select, textarea'));
      const target = pick(focusable);
      target?.focus();
      return `focused ${target?.localName ?? 'nothing'}`;
    }
    case 'scroll':
      window.scrollTo(0, (seed % 4) * 300);
      return `scrolled to ${(seed % 4) * 300}`;
    default:
      return 'no edit';
  }
}

const KINDS = [
  'none',
  'none',
  'append',
  'remove',
  'text',
  'attribute',
  'style',
  'sheet',
  'value',
  'focus',
  'scroll',
  'hover',
];

/** What a reader of the snapshot gets, without the walk's timings. */
/** Cards in a grid: one card that grows stretches the others of its row, and moves every row below. */
const CARDS = page(
  'Cards',
  `<main style="display:grid;grid-template-columns:repeat(4,200px);gap:8px">${Array.from({ length: 80 }, (_, i) => `<section class="card" aria-label="Card ${i}"><h2>Card ${i}</h2><p>Words of card ${i}, <a href="#c${i}">more</a></p><ul><li>One</li><li>Two</li><li>Three</li></ul><button>Open ${i}</button></section>`).join('')}</main>`,
);

function reading(snapshot: TakenSnapshot): string {
  return JSON.stringify({
    url: snapshot.url,
    title: snapshot.title,
    viewport: snapshot.viewport,
    modal: snapshot.modal,
    nodes: snapshot.nodes,
  });
}

/** A small seeded generator, so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
}

const ours = useSite({
  '/cards.html': CARDS,
  '/mixed.html': MIXED,
  '/paint.html': PAINT,
  '/at-rest.html': AT_REST,
  ...Object.fromEntries(UNSEEN.map((unseen, index) => [`/unseen-${index}.html`, page(unseen.name, unseen.body)])),
});
const corpus = useCorpus();
const client = useFirefox();

/** Waits until the page has made no DOM change for 150 ms and runs no animation (at most 3 s). */
function quiet(): Promise<void> {
  return untilQuiet(client.page, { quietMs: 150, maxMs: 3000, animations: true });
}

async function randomEdits(url: string, seed: number, steps: number): Promise<{ reused: number; partial: number }> {
  await client.page.navigate(url);
  await quiet();
  const next = generator(seed);
  let last = await client.page.takeSnapshot();
  let reused = 0;
  let partial = 0;
  for (let step = 0; step < steps; step++) {
    const kind = KINDS[next() % KINDS.length] ?? 'none';
    const pick = next();
    let done = kind;
    if (kind === 'hover') {
      const uids = [...last.text.matchAll(/^\s*(\d+_\d+) (button|link|textbox)/gm)].map((match) => match[1] ?? '');
      const uid = uids[pick % Math.max(1, uids.length)];
      if (uid) await client.page.hoverByUid(uid).catch(() => undefined);
      done = `hover ${uid ?? 'nothing'}`;
    } else if (kind !== 'none') {
      done = await client.page.evaluate<string>(edit, [kind, pick]);
    }
    await quiet();
    const snapshot = await client.page.takeSnapshot();
    const fresh = await client.page.takeSnapshot({ fresh: true });
    expect(reading(snapshot), `step ${step} (${done}) on ${url}, seed ${seed}`).toBe(reading(fresh));
    expect(fresh.stats.read).toBe(fresh.stats.visited);
    if (snapshot.stats.reused) reused++;
    else if ((snapshot.stats.read ?? 0) < snapshot.stats.visited) partial++;
    last = fresh;
  }
  return { reused, partial };
}

describe('a reused reading is what a full walk gives', () => {
  it('after random edits of a page with forms, shadow roots and an iframe', async () => {
    const result = await randomEdits(ours.url('/mixed.html'), 7, 40);
    expect(result.reused).toBeGreaterThan(0);
    // Most edits change one part of the page: the rest is read from the last walk.
    expect(result.partial).toBeGreaterThan(0);
  });

  it('after random edits of corpus apps', async () => {
    for (const [path, seed] of [
      ['/todomvc.html', 11],
      ['/choices.html', 5],
      ['/grid.html', 3],
    ] as const) {
      const result = await randomEdits(corpus.url(path), seed, 20);
      expect(result.reused, path).toBeGreaterThan(0);
    }
  });

  it('reads again only the parts whose size changed, when a card grows and moves the rest', async () => {
    await client.page.navigate(ours.url('/cards.html'));
    await quiet();
    await client.page.takeSnapshot();
    await client.page.evaluate(() =>
      document
        .querySelector('section:nth-of-type(6) p')
        ?.insertAdjacentHTML('beforeend', '<br>A line more<br>and another'),
    );
    const snapshot = await client.page.takeSnapshot();
    const fresh = await client.page.takeSnapshot({ fresh: true });
    expect(reading(snapshot)).toBe(reading(fresh));
    expect(snapshot.text).toContain('A line more');
    // The row of the grown card is read again (its cards were stretched); the cards below only moved.
    expect(snapshot.stats.read ?? snapshot.stats.visited).toBeLessThan(snapshot.stats.visited / 4);
  });

  it('reuses the reading of an unchanged page, with the same uids and text', async () => {
    await client.page.navigate(ours.url('/mixed.html'));
    await quiet();
    const first = await client.page.takeSnapshot();
    const second = await client.page.takeSnapshot();
    expect(first.stats.reused).toBeFalsy();
    expect(second.stats.reused).toBe(true);
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.text.split('\n').slice(1)).toEqual(first.text.split('\n').slice(1));
    // The uids of the reused reading still act on the page.
    const uid = /(\d+_\d+) button "Hover me"/.exec(second.text)?.[1];
    expect(uid).toBeDefined();
    await client.page.hoverByUid(uid ?? '');
    const hovered = await client.page.takeSnapshot();
    expect(hovered.stats.reused).toBeFalsy();
    expect(hovered.text).toContain('A tip');
  });

  it('reuses the reading when the pointer moves over what only changes colour on hover', async () => {
    await client.page.navigate(ours.url('/paint.html'));
    await quiet();
    const first = await client.page.takeSnapshot();
    for (const name of ['One', 'Press', 'Two']) {
      const uid = new RegExp(`(\\d+_\\d+) (?:link|button) "${name}"`).exec(first.text)?.[1] ?? '';
      await client.page.hoverByUid(uid);
      const after = await client.page.takeSnapshot();
      expect(after.stats.reused, name).toBe(true);
      expect(reading(after)).toBe(reading(await client.page.takeSnapshot({ fresh: true })));
    }
  });

  it('walks again when the page forges or removes our stamps, or the client emulates another device', async () => {
    await client.page.navigate(ours.url('/mixed.html'));
    await quiet();
    await client.page.takeSnapshot();
    await client.page.evaluate(() => document.querySelector('[data-mcp-uid]')?.removeAttribute('data-mcp-uid'));
    expect((await client.page.takeSnapshot()).stats.reused).toBeFalsy();
    await client.page.emulate({ locale: 'de-DE' });
    expect((await client.page.takeSnapshot()).stats.reused).toBeFalsy();
    expect((await client.page.takeSnapshot()).stats.reused).toBe(true);
  });
});

describe('changes no mutation shows', () => {
  it('leave a page that made them and rests with a reused reading', async () => {
    await client.page.navigate(ours.url('/at-rest.html'));
    await quiet();
    const first = await client.page.takeSnapshot();
    expect(first.text).toContain('In the popover');
    expect(first.text).toContain('"Subscribe" checked');
    expect(first.text).toContain('Closed button');
    expect(first.text).not.toContain('Gamma');
    const second = await client.page.takeSnapshot();
    expect(second.stats.reused).toBe(true);
    expect(reading(second)).toBe(reading(await client.page.takeSnapshot({ fresh: true })));
  });

  for (const [index, unseen] of UNSEEN.entries()) {
    it(`are read again: ${unseen.name}`, async () => {
      await client.page.navigate(ours.url(`/unseen-${index}.html`));
      await quiet();
      const before = await client.page.takeSnapshot();
      if (unseen.shows) expect(before.text).not.toContain(unseen.shows);
      if (unseen.hides) expect(before.text).toContain(unseen.hides);
      await client.page.evaluate(unseen.change);
      await quiet();
      const after = await client.page.takeSnapshot();
      const fresh = await client.page.takeSnapshot({ fresh: true });
      expect(reading(after)).toBe(reading(fresh));
      // The change shows in a fresh walk, so the comparison above is not between two stale readings.
      if (unseen.shows) expect(fresh.text).toContain(unseen.shows);
      if (unseen.hides) expect(fresh.text).not.toContain(unseen.hides);
    });
  }
});

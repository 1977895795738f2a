/**
 * The witness (src/firefox/page/witness.ts): Firefox's own accessibility engine checks every reading of every corpus
 * page: here the pages no task visits (the apps' tasks witness theirs as loaded and after every step:
 * tests/helpers/apps-suite.ts). Each difference no DELIBERATE entry explains is a defect of the reading; the test
 * prints every report, so CI's log shows what was checked and what differs.
 */
import { describe, expect, it } from 'vitest';
import { formatWitnessReport, type WitnessReport } from '../../src/index.js';
import { useCorpus, useFirefox, useSite } from '../helpers/fixtures.js';
import { untilQuiet } from '../helpers/quiet.js';
import { page } from '../helpers/server.js';

/** Closed shadow roots (imperative and declarative) on ordinary hosts, inert content, a frame. */
const FRESH = page(
  'Fresh readings',
  `<main>
     <h1>Fresh readings</h1>
     <div id="closed-host"></div>
     <div><template shadowrootmode="closed"><button>Declared closed</button></template><a href="#light">Light link, not shown</a></div>
     <p><a href="#light">Light link</a></p>
     <form inert><label>Frozen <input></label><button type="button">Frozen button</button></form>
     <iframe title="Inner" srcdoc="<button>Frame button</button>"></iframe>
   </main>
   <script>
     const root = document.getElementById('closed-host').attachShadow({ mode: 'closed' });
     root.innerHTML = '<label>Code <input></label><button>Closed button</button>';
   </script>`,
);

/**
 * One control for each way markup gives a role (a tag, a role attribute's token, editable content, ElementInternals, a
 * grid around a cell, a selection state), nested in containers the witness need not walk.
 */
const SOURCES = page(
  'Role sources',
  `<main><section><div>
     <a href="#one">Tag link</a>
     <span role="link" tabindex="0">Attribute link</span>
     <details><summary>Summary button</summary></details>
     <label>Typed <input type="number"></label>
     <div contenteditable="true" role="textbox" aria-label="Notes"></div>
     <x-toggle tabindex="0">Internal button</x-toggle>
     <table role="grid" aria-label="Scores"><tr aria-selected="true"><td>Alice</td><td>10</td></tr></table>
   </div></section></main>
   <script>
     customElements.define('x-toggle', class extends HTMLElement {
       constructor() { super(); this.attachInternals().role = 'button'; }
     });
   </script>`,
);

const corpus = useCorpus();
const ours = useSite({ '/fresh.html': FRESH, '/sources.html': SOURCES });
const client = useFirefox({ viewport: { width: 1280, height: 720 } }, { accessibility: true });

async function witness(url: string): Promise<WitnessReport> {
  await client.page.navigate(url);
  // Scripts that build the page are done: no DOM change for 300 ms (at most 5 s).
  await untilQuiet(client.page, { quietMs: 300, maxMs: 5000, animations: false });
  const report = await client.page.witness();
  console.log(formatWitnessReport(report));
  return report;
}

describe("Firefox's accessibility engine witnesses every reading", () => {
  it('agrees with the reading of closed shadow roots on ordinary hosts, inert content and a frame', async () => {
    const report = await witness(ours.url('/fresh.html'));
    const text = (await client.page.takeSnapshot()).text;
    for (const line of [
      'button "Closed button"',
      'textbox "Code"',
      'button "Declared closed"',
      'link "Light link"',
      'button "Frame button"',
    ])
      expect(text).toContain(line);
    // A closed root without a slot shows none of its host's light content.
    expect(text).not.toContain('not shown');
    expect(text).toMatch(/button "Frozen button" inert/);
    expect(report.differences).toEqual([]);
    expect(report.unanswered).toEqual([]);
    // Firefox leaves inert content out; the reading shows it, marked: a deliberate difference.
    expect(report.deliberate.map((difference) => difference.deliberate)).toContain('inert');
    // Both closed roots were witnessed: Firefox found their controls too.
    expect(report.checked).toBeGreaterThanOrEqual(10);
  });

  it('refuses to click an inert button, saying why', async () => {
    const uid = /(\d+_\d+) button "Frozen button"/.exec((await client.page.takeSnapshot()).text)?.[1] ?? '';
    await expect(client.page.clickByUid(uid)).rejects.toThrow(/inert/);
  });

  it('asks each role where markup may give it, and misses none of them', async () => {
    const report = await witness(ours.url('/sources.html'));
    expect(report.differences).toEqual([]);
    // Firefox gives a summary no role: the reading's button is confirmed by nothing, on purpose.
    expect(report.deliberate.map((difference) => difference.deliberate)).toEqual(['summary-button']);
    // Five controls twice: found by Firefox under their roles, and confirmed the other way; the summary, the selected
    // row and its two cells once.
    expect(report.checked).toBe(2 * 5 + 1 + 3);
  });

  const paths = ['/material.html', '/shoelace.html', '/redoc.html'];
  it(`finds no undocumented difference on the ${paths.length} corpus pages no task visits`, async () => {
    const differences: string[] = [];
    let checked = 0;
    for (const path of paths) {
      const report = await witness(corpus.url(path));
      checked += report.checked;
      differences.push(
        ...report.differences.map(
          (difference) => `${path}: ${difference.kind} ${difference.element} (${difference.role})`,
        ),
      );
      expect(report.unanswered, path).toEqual([]);
    }
    console.log(
      `Witness over the corpus: ${paths.length} pages, ${checked} nodes checked, ${differences.length} undocumented difference(s).`,
    );
    expect(checked).toBeGreaterThan(paths.length * 10);
    expect(differences).toEqual([]);
  }, 60_000);
});

/**
 * Issue 48, hole 8: a picture covers a secret wherever Firefox draws it, not only where the DOM
 * holds it as a run of text. Twelve ways a page draws a secret (a select's chosen label, closed
 * shadow roots on a div and on a custom element, ::before/::after content as a string and from
 * attr(), a placeholder, text-transform, flex order, <bdo dir="rtl">, a soft hyphen and a zero
 * width space inside it, text swapped in for one frame in four): the pixels of each place are the
 * cover's colour, the words beside it are untouched, and no swapped-in frame shows through;
 * through the built server (dist/, npm run build) take_screenshot sends pictures so covered.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { useFirefox, useSite } from '../helpers/fixtures.js';
import { call, startStdioServer, text } from '../helpers/mcp.js';
import { coveredOutside, coveredShare, decode, type Box, type Picture } from '../helpers/pictures.js';
import { page } from '../helpers/server.js';

const KEY = 'k-live-98765-zebra';
/** A secret in capitals, for the page that draws it from lower case through text-transform. */
const CODE = 'QX-FJORD-4471';

/** Each way, as the element that draws the secret (its box is the secret's place). */
const WAYS: Record<string, string> = {
  'a select’s chosen option': `<select id="way"><option>pick one</option><option selected>${KEY}</option></select>`,
  'a closed shadow root on a div': `<div id="way" style="display: inline-block"></div>
     <script>window.closedRoot = document.getElementById('way').attachShadow({ mode: 'closed' }); closedRoot.innerHTML = '<span id="inner">${KEY}</span>';</script>`,
  'a closed shadow root on a custom element': `<key-card id="way" style="display: inline-block"></key-card>
     <script>customElements.define('key-card', class extends HTMLElement { constructor() { super(); window.closedRoot = this.attachShadow({ mode: 'closed' }); closedRoot.innerHTML = '<b id="inner">${KEY}</b>'; } });</script>`,
  '::before content as a string': `<style>#way::before { content: "${KEY}"; }</style><span id="way"></span>`,
  '::after content from attr()': `<style>#way::after { content: attr(data-key); }</style><span id="way" data-key="${KEY}"></span>`,
  'a placeholder': `<input id="way" size="24" placeholder="${KEY}">`,
  'text-transform': `<span id="way" style="text-transform: uppercase">${CODE.toLowerCase()}</span>`,
  'flex order': `<div id="way" style="display: inline-flex"><span style="order: 2">-zebra</span><span style="order: 1">k-live-98765</span></div>`,
  'flex order of block items': `<div id="way" style="display: inline-flex; flex-direction: row-reverse"><div>-zebra</div><div>98765</div><div>k-live-</div></div>`,
  'rtl bdo': `<bdo id="way" dir="rtl">arbez-56789-evil-k</bdo>`,
  'a soft hyphen': `<span id="way">k-live-98&shy;765-zebra</span>`,
  'a zero width space': `<span id="way">k-live-&#8203;98765-zebra</span>`,
};

/**
 * The page swaps the secret in, in red, for one frame in four (requestAnimationFrame), and back to
 * a quiet black line. A large document makes each reading long enough for frames to pass between
 * the readings and the capture, as on real pages.
 */
const SWAPPED = `<span id="way">quiet words here</span>
  <div style="height: 200px; overflow: hidden">${'<span>filler words</span> '.repeat(6000)}</div>
  <script>
    let frame = 0;
    const way = document.getElementById('way');
    const tick = () => {
      const shown = frame++ % 4 === 0;
      way.textContent = shown ? '${KEY}' : 'quiet words here';
      way.style.color = shown ? 'rgb(255, 0, 0)' : 'black';
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  </script>`;

const body = (way: string): string =>
  `<main style="font: 20px sans-serif; margin: 20px"><p><span id="label">Way shown here:</span> ${way} <span id="after">and after it</span></p></main>`;

const server = useSite({
  ...Object.fromEntries(
    Object.values(WAYS).map((way, index) => [`/way-${index}.html`, page(`Way ${index}`, body(way))]),
  ),
  '/swapped.html': page('Swapped', body(SWAPPED)),
});
const client = useFirefox({ secrets: { API_KEY: KEY, CODE }, viewport: { width: 800, height: 400 } });

const BOX = (expression: string): string =>
  `() => { const r = ${expression}.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }`;

async function boxOf(id: string): Promise<Box> {
  return client.page.evaluate<Box>(BOX(`document.getElementById('${id}')`));
}

/** Where the secret is drawn: the element, or inside a closed root the element the page kept a handle on. */
async function placeOfSecret(): Promise<Box> {
  const closed = await client.page.evaluate<boolean>('() => window.closedRoot !== undefined');
  return closed ? client.page.evaluate<Box>(BOX(`window.closedRoot.getElementById('inner')`)) : boxOf('way');
}

/** How many pixels show the swapped-in red. */
function redPixels(picture: Picture): number {
  let count = 0;
  for (let y = 0; y < picture.height; y++)
    for (let x = 0; x < picture.width; x++)
      if (((p) => p[0] > 150 && p[1] < 100 && p[2] < 100)(picture.at(x, y))) count++;
  return count;
}

describe('pictures cover a secret wherever Firefox draws it', () => {
  for (const [index, name] of Object.keys(WAYS).entries()) {
    it(`covers the secret drawn by ${name}, and nothing beside it`, async () => {
      await client.page.navigate(server.url(`/way-${index}.html`));
      const place = await placeOfSecret();
      expect(place.width).toBeGreaterThan(40);
      const shot = await client.page.screenshot();
      const picture = decode(shot.image);
      expect(coveredShare(picture, place)).toBe(1);
      expect(coveredShare(picture, await boxOf('label'))).toBeLessThan(0.02);
      expect(coveredShare(picture, await boxOf('after'))).toBeLessThan(0.02);
      expect(coveredOutside(picture, [place, await boxOf('way')])).toBe(0);
    });
  }

  it('covers text swapped in for one frame in four, in every one of many pictures', async () => {
    await client.page.navigate(server.url('/swapped.html'));
    let coveredPictures = 0;
    const leaks: number[] = [];
    for (let round = 0; round < 60; round++) {
      const picture = decode((await client.page.screenshot()).image);
      if (redPixels(picture) > 0) leaks.push(round);
      expect(coveredShare(picture, await boxOf('label'))).toBeLessThan(0.02);
      if (coveredOutside(picture, []) > 0) coveredPictures++;
    }
    expect(leaks, 'pictures that show the swapped-in secret').toEqual([]);
    // The swap happens while pictures are taken: some of them had it to cover.
    expect(coveredPictures).toBeGreaterThan(0);
  }, 90_000);
});

describe('take_screenshot through the built MCP server over stdio', () => {
  it('covers the secret drawn each of the twelve ways in the picture it sends, the swapped-in frame included', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ffmcp-drawn-'));
    writeFileSync(join(folder, 'secrets.env'), `API_KEY=${KEY}\nCODE=${CODE}\n`);
    const { client: mcp } = await startStdioServer([
      '--secrets',
      join(folder, 'secrets.env'),
      '--viewport',
      '800x400',
      '--output-dir',
      folder,
    ]);
    const evaluate = async <T>(fn: string): Promise<T> =>
      JSON.parse(
        /```json\n([\s\S]*?)\n```/.exec(text(await call(mcp, 'evaluate_script', { function: fn })))?.[1] ?? 'null',
      ) as T;
    const picture = async (): Promise<Picture> => {
      const shot = await call(mcp, 'take_screenshot');
      const image = shot.content.find((part) => part.type === 'image');
      return decode(Buffer.from(image?.type === 'image' ? image.data : '', 'base64'));
    };
    try {
      for (const [index, way] of Object.keys(WAYS).entries()) {
        await call(mcp, 'navigate_page', { url: server.url(`/way-${index}.html`) });
        const closed = await evaluate<boolean>('() => window.closedRoot !== undefined');
        const place = await evaluate<Box>(
          closed ? BOX(`window.closedRoot.getElementById('inner')`) : BOX(`document.getElementById('way')`),
        );
        expect(coveredShare(await picture(), place), way).toBe(1);
      }
      await call(mcp, 'navigate_page', { url: server.url('/swapped.html') });
      for (let round = 0; round < 20; round++)
        expect(redPixels(await picture()), `picture ${round} of the swapped page`).toBe(0);
    } finally {
      await mcp.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);
});

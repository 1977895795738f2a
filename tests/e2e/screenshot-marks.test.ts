/**
 * Screenshots for eyes and for models (issue 38): every picture paints over what shows a secret
 * (a field filled from --secrets, a password field, the page echoing the secret, a frame's field),
 * in PNG and JPEG, of the viewport and the whole page; with annotate, each element that takes
 * input is outlined and its uid drawn above it, and the uid read back from the picture's pixels
 * is the one the snapshot lists there. Pictures are decoded and their pixels checked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allNodes, type SnapshotNode } from '../../src/index.js';
import { readGlyphs } from '../../src/firefox/picture/glyphs.js';
import { glyphScale, LABEL_INK, labelBox, OUTLINE_COLOUR } from '../../src/firefox/picture/marks.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { call, startInProcessServer, text } from '../helpers/mcp.js';
import { coveredShare, decode, near, type Box } from '../helpers/pictures.js';
import { page } from '../helpers/server.js';

const KEY = 'k-live-98765-zebra';

const server = useSite({
  '/keys.html': page(
    'Keys',
    `<main style="font: 16px sans-serif; margin: 20px">
         <label>API key <input id="key" size="30"></label>
         <p id="echo">nothing yet</p>
         <p id="split">Key shown in parts: <b>k-live-98765</b>-<i>zebra</i></p>
         <label>Password <input id="pass" type="password"></label>
         <label>Nickname <input id="nick" value="Ada Lovelace"></label>
         <button id="save" type="button">Save</button>
         <iframe id="inner" src="/inner.html" style="width: 420px; height: 90px; border: 5px solid black"></iframe>
         <div style="height: 1600px"></div>
         <label>Deep key <input id="deep" size="30"></label>
       </main>
       <script>
         document.getElementById('key').addEventListener('input', (event) => {
           document.getElementById('echo').textContent = 'Your key: ' + event.target.value;
         });
       </script>`,
  ),
  '/inner.html': page('Inner', '<label style="font: 16px sans-serif">Frame key <input id="framed" size="30"></label>'),
});
const client = useFirefox({ secrets: { API_KEY: KEY }, viewport: { width: 800, height: 600 } });

async function boxOf(selector: string): Promise<Box> {
  return client.page.evaluate<Box>(
    `() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }`,
  );
}

async function node(role: string, name: string): Promise<SnapshotNode> {
  const snapshot = await client.page.takeSnapshot();
  const found = [...allNodes(snapshot.nodes)].find((candidate) => candidate.role === role && candidate.name === name);
  if (!found) throw new Error(`no ${role} "${name}" in:\n${snapshot.text}`);
  return found;
}

describe('screenshots that hide secrets', () => {
  beforeAll(async () => {
    await client.page.navigate(server.url('/keys.html'));
    await client.page.fillByUid((await node('textbox', 'API key')).uid, '<secret>API_KEY</secret>');
    await client.page.fillByUid((await node('textbox', 'Password')).uid, 'typed-by-hand');
    await client.page.fillByUid((await node('textbox', 'Frame key')).uid, '<secret>API_KEY</secret>');
  });

  it('paints over the field filled from a secret, a password field, the page echoing the secret and a frame field, and nothing else', async () => {
    const shot = await client.page.screenshot();
    const picture = decode(shot.image);
    expect(coveredShare(picture, await boxOf('#key'))).toBe(1);
    expect(coveredShare(picture, await boxOf('#pass'))).toBe(1);
    // The secret in the echo's text: the run after "Your key: ".
    const run = await client.page.evaluate<Box>(
      `() => { const text = document.getElementById('echo').firstChild; const range = document.createRange(); range.setStart(text, 10); range.setEnd(text, text.data.length); const r = range.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }`,
    );
    expect(coveredShare(picture, run)).toBe(1);
    // The secret split over inline elements, its every part.
    const parts = await client.page.evaluate<Box[]>(
      `() => [...document.querySelectorAll('#split b, #split i')].map((el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; })`,
    );
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(coveredShare(picture, part)).toBe(1);
    // The frame's field: its box in the frame, moved by the iframe's content box.
    const frame = await boxOf('#inner');
    const framed = await client.page.evaluate<Box>(
      `() => { const r = document.getElementById('inner').contentDocument.getElementById('framed').getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }`,
    );
    expect(coveredShare(picture, { ...framed, x: framed.x + frame.x + 5, y: framed.y + frame.y + 5 })).toBe(1);
    // What shows no secret is left as it is: the nickname's text and the echo's first words.
    expect(coveredShare(picture, await boxOf('#nick'))).toBeLessThan(0.2);
    expect(coveredShare(picture, { ...run, x: run.x - 60, width: 50 })).toBe(0);
    expect(shot.covered).toBeGreaterThanOrEqual(4);
  });

  it('paints over them in a JPEG, in the whole page, and in a picture of one element', async () => {
    const jpegShot = await client.page.screenshot({ format: 'jpeg', quality: 90 });
    expect(jpegShot.image.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(coveredShare(decode(jpegShot.image, 'jpeg'), await boxOf('#key'), 12)).toBeGreaterThan(0.95);

    await client.page.fillByUid((await node('textbox', 'Deep key')).uid, '<secret>API_KEY</secret>');
    const scrolled = await client.page.evaluate<number>('() => scrollY');
    expect(scrolled).toBeGreaterThan(0);
    const deep = await boxOf('#deep');
    const whole = decode((await client.page.screenshot({ fullPage: true })).image);
    expect(whole.height).toBeGreaterThan(1600);
    expect(coveredShare(whole, { ...deep, y: deep.y + scrolled })).toBe(1);

    const field = decode((await client.page.screenshot({ uid: (await node('textbox', 'Deep key')).uid })).image);
    expect(coveredShare(field, { x: 0, y: 0, width: field.width, height: field.height })).toBe(1);
  });
});

describe('annotated screenshots', () => {
  it('outlines each element that takes input and draws its uid above it, as the snapshot lists it', async () => {
    await client.page.navigate(server.url('/keys.html'));
    await client.page.fillByUid((await node('textbox', 'API key')).uid, '<secret>API_KEY</secret>');
    const shot = await client.page.screenshot({ annotate: true });
    expect(shot.annotated?.elements).toBeGreaterThanOrEqual(5);
    const picture = decode(shot.image);
    const dot = glyphScale(1);
    for (const [role, name] of [
      ['button', 'Save'],
      ['textbox', 'Nickname'],
    ] as const) {
      const element = await node(role, name);
      const [x, y, width, height] = element.box;
      // The outline on its left edge, halfway down.
      expect(
        near(picture.at(Math.round(x), Math.round(y + height / 2)), OUTLINE_COLOUR, 0),
        `outline of ${role} ${name}`,
      ).toBe(true);
      const label = labelBox(element.uid, [x, y, width, height], 1);
      const read = readGlyphs(element.uid.length, dot, (dx, dy) =>
        near(picture.at(label[0] + dot + dx, label[1] + dot + dy), LABEL_INK, 0),
      );
      expect(read, `the uid drawn above ${role} ${name}`).toBe(element.uid);
    }
    // The secret's field is still painted over, outline or not.
    const key = await boxOf('#key');
    expect(coveredShare(picture, { x: key.x + 2, y: key.y + 2, width: key.width - 4, height: key.height - 4 })).toBe(1);
  });
});

describe('take_screenshot over MCP', () => {
  it('says what it marked, and the picture it sends hides the field filled from a secret', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ffmcp-marks-'));
    writeFileSync(join(folder, 'secrets.env'), `API_KEY=${KEY}\n`);
    const { client: mcp, close } = await startInProcessServer([
      '--secrets',
      join(folder, 'secrets.env'),
      '--viewport',
      '800x600',
      '--output-dir',
      folder,
    ]);
    try {
      await call(mcp, 'navigate_page', { url: server.url('/keys.html') });
      const uid = /(\d+_\d+) textbox "API key"/.exec(text(await call(mcp, 'take_snapshot')))?.[1] ?? '';
      expect(text(await call(mcp, 'fill', { uid, value: '<secret>API_KEY</secret>' }))).not.toContain(KEY);
      const shot = await call(mcp, 'take_screenshot', { annotate: true });
      expect(text(shot)).toMatch(
        /elements outlined with their uids from snapshot \d+; \d+ places showing a password or a secret painted over/,
      );
      const image = shot.content.find((part) => part.type === 'image');
      const box = JSON.parse(
        /```json\n([\s\S]*?)\n```/.exec(
          text(
            await call(mcp, 'evaluate_script', {
              function:
                "() => { const r = document.getElementById('key').getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }",
            }),
          ),
        )?.[1] ?? 'null',
      ) as Box;
      expect(coveredShare(decode(Buffer.from(image?.type === 'image' ? image.data : '', 'base64')), box)).toBe(1);
    } finally {
      await close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

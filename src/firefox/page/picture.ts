/**
 * What a screenshot of a page must cover and may mark, in the picture's own CSS pixels: every
 * place a document of the page (frames included) shows a password or a secret, read before and
 * after the capture (a field that moved between is covered at both places), and, for an annotated
 * picture, each element the snapshot lists that takes input, with its uid.
 */
import { allNodes } from '../engine/snapshot/index.js';
import { windowContext } from '../engine/gateway.js';
import type { SecretBoxes } from '../engine/types.js';
import { PageUnresponsiveError } from '../errors.js';
import type { PictureBox } from '../picture/marks.js';
import { CREDENTIAL_SHAPES, type SecretStore } from '../policy/secrets.js';
import type { PageParts } from './parts.js';
import type { TakenSnapshot } from './snapshots.js';

/** Frames inside frames deeper than this are covered whole rather than read. */
const MAX_FRAME_DEPTH = 8;

/** What is painted over, in picture CSS pixels, and the picture's pixel ratio. */
export interface SecretPlaces {
  covers: PictureBox[];
  scale: number;
  /** How far the captured document is scrolled. */
  scroll: [number, number];
}

/** Where the capture starts: the page's viewport, its whole document, or one element's box (in its own document). */
export interface PictureOrigin {
  /** The browsing context captured: the page's, or the frame of the element. */
  context: string;
  fullPage: boolean;
  clipUid?: string;
}

const shifted = (box: readonly number[], dx: number, dy: number): PictureBox => [(box[0] ?? 0) + dx, (box[1] ?? 0) + dy, box[2] ?? 0, box[3] ?? 0];

/**
 * The places showing a secret in the document of `context` and the frames in it, in that
 * document's viewport pixels shifted by `at`. A document that cannot be read is refused whole: a
 * picture that might show a secret does not leave.
 */
async function placesIn(parts: PageParts, forms: string[], context: string, clipUid: string | null, at: [number, number], depth: number): Promise<{ boxes: PictureBox[]; read: { scroll: [number, number]; pixelRatio: number; clip?: PictureBox } }> {
  const json = await parts.engine.call(context, 'secretBoxes', [forms, [...CREDENTIAL_SHAPES], clipUid], 'Finding what a picture must not show');
  const found = json === undefined ? undefined : (JSON.parse(json) as SecretBoxes);
  if (!found) throw new PageUnresponsiveError('The screenshot was not taken: the page did not say where it shows passwords or secrets, so the picture could show one. Try again once the page answers.');
  const boxes = found.boxes.map((box) => shifted(box, at[0], at[1]));
  if (found.iframes.length) {
    const windows = await parts.engine.raw(context, 'iframeWindows', [], 'Finding frames');
    const items = windows.type === 'array' ? (windows.value ?? []) : [];
    for (const [index, frameBox] of found.iframes.entries()) {
      const child = windowContext(items[index]);
      const origin: [number, number] = [frameBox[0] + at[0], frameBox[1] + at[1]];
      // A frame with no document shows nothing; one nested too deep to read is covered whole (what it shows is unknown).
      if (!child || depth >= MAX_FRAME_DEPTH) {
        if (child) boxes.push(shifted(frameBox, at[0], at[1]));
        continue;
      }
      boxes.push(...(await placesIn(parts, forms, child, null, origin, depth + 1)).boxes);
    }
  }
  return { boxes, read: { scroll: found.scroll, pixelRatio: found.pixelRatio, ...(found.clip ? { clip: found.clip } : {}) } };
}

/** The places of the page that show a secret or a password, in the picture's CSS pixels (its origin's top left at 0, 0). */
export async function secretPlaces(parts: PageParts, secrets: SecretStore, origin: PictureOrigin): Promise<SecretPlaces> {
  const { boxes, read } = await placesIn(parts, secrets.forms, origin.context, origin.clipUid ?? null, [0, 0], 0);
  const [dx, dy] = read.clip ? [-read.clip[0], -read.clip[1]] : origin.fullPage ? read.scroll : [0, 0];
  return { covers: boxes.map((box) => shifted(box, dx, dy)), scale: read.pixelRatio, scroll: read.scroll };
}

/** Each element of `snapshot` that takes input, with its uid and its box in the picture's CSS pixels. */
export function labelledElements(snapshot: TakenSnapshot, origin: { fullPage: boolean; clipUid?: string; scroll: readonly [number, number] }): { uid: string; box: PictureBox }[] {
  const nodes = [...allNodes(snapshot.nodes)];
  const clip = origin.clipUid === undefined ? undefined : nodes.find((node) => node.uid === origin.clipUid)?.box;
  const [dx, dy] = clip ? [-clip[0], -clip[1]] : origin.fullPage ? origin.scroll : [0, 0];
  return nodes.filter((node) => node.uid && node.interactive && node.box[2] > 0 && node.box[3] > 0).map((node) => ({ uid: node.uid, box: shifted(node.box, dx, dy) }));
}

/**
 * What a screenshot of a page must cover and may mark, in the picture's own CSS pixels: every
 * place a document of the page (frames included) shows a password or a secret, read before and
 * after the capture and in every state the page passed through between (a field that moved is
 * covered at each place), and, for an annotated picture, each element the snapshot lists that
 * takes input, with its uid.
 */
import { allNodes } from '../engine/snapshot/index.js';
import { MAX_FRAME_DEPTH, windowBrowsingContext } from '../engine/gateway.js';
import type { SecretBoxes } from '../engine/types.js';
import { PageUnresponsiveError } from '../errors.js';
import type { PictureBox } from '../picture/marks.js';
import { CREDENTIAL_SHAPES, type SecretStore } from '../policy/secrets.js';
import type { PageParts } from './parts.js';
import type { TakenSnapshot } from './snapshots.js';

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
  browsingContext: string;
  fullPage: boolean;
  clipUid?: string;
}

const shifted = (box: readonly number[], dx: number, dy: number): PictureBox => [
  (box[0] ?? 0) + dx,
  (box[1] ?? 0) + dy,
  box[2] ?? 0,
  box[3] ?? 0,
];

/**
 * Which reading of a picture's places: before the capture (it starts watching what the page changes meanwhile), or
 * after it.
 */
export type Reading = 'before' | 'after';

/**
 * Gives the engine of `browsingContext` the closed shadow roots of the elements its last reading found
 * may hide one (BiDi serializes a host with its root, closed too); true when it learnt any.
 */
async function learnClosedRoots(parts: PageParts, browsingContext: string): Promise<boolean> {
  const hosts = await parts.engine.raw(browsingContext, 'pictureHosts', [], 'Finding shadow roots');
  const roots = (hosts.type === 'array' ? (hosts.value ?? []) : []).flatMap((host) => {
    const root = host.type === 'node' ? host.value?.shadowRoot : undefined;
    return root?.sharedId && root.value?.mode === 'closed' ? [{ sharedId: root.sharedId }] : [];
  });
  return (
    roots.length > 0 &&
    ((await parts.engine.call(browsingContext, 'learnClosedRoots', roots, 'Entering closed shadow roots')) ?? 0) > 0
  );
}

/**
 * One reading of the document of `browsingContext`; refused whole when the document does not answer: a picture that
 * might show a secret does not leave.
 */
async function readPlaces(
  parts: PageParts,
  forms: string[],
  browsingContext: string,
  clipUid: string | null,
  reading: Reading,
): Promise<SecretBoxes> {
  const json = await parts.engine.call(
    browsingContext,
    'secretBoxes',
    [forms, [...CREDENTIAL_SHAPES], clipUid, reading],
    'Finding what a picture must not show',
  );
  const found = json === undefined ? undefined : (JSON.parse(json) as SecretBoxes);
  if (!found)
    throw new PageUnresponsiveError(
      'The screenshot was not taken: the page did not say where it shows passwords or secrets, so the picture could show one. Try again once the page answers.',
    );
  return found;
}

/**
 * The places showing a secret in the document of `browsingContext` and the frames in it, in that
 * document's viewport pixels shifted by `at`. Before the capture, closed shadow roots no snapshot
 * has entered yet are reached through BiDi, and the document read again with them.
 */
async function placesIn(
  parts: PageParts,
  forms: string[],
  browsingContext: string,
  clipUid: string | null,
  at: [number, number],
  depth: number,
  reading: Reading,
): Promise<{ boxes: PictureBox[]; read: { scroll: [number, number]; pixelRatio: number; clip?: PictureBox } }> {
  let found = await readPlaces(parts, forms, browsingContext, clipUid, reading);
  if (reading === 'before' && found.hosts > 0 && (await learnClosedRoots(parts, browsingContext)))
    found = await readPlaces(parts, forms, browsingContext, clipUid, reading);
  const boxes = found.boxes.map((box) => shifted(box, at[0], at[1]));
  if (found.iframes.length) {
    const windows = await parts.engine.raw(browsingContext, 'iframeWindows', [], 'Finding frames');
    const items = windows.type === 'array' ? (windows.value ?? []) : [];
    for (const [index, frameBox] of found.iframes.entries()) {
      const child = windowBrowsingContext(items[index]);
      const origin: [number, number] = [frameBox[0] + at[0], frameBox[1] + at[1]];
      // A frame with no document shows nothing; one nested too deep to read is covered whole (what it shows is
      // unknown).
      if (!child || depth >= MAX_FRAME_DEPTH) {
        if (child) boxes.push(shifted(frameBox, at[0], at[1]));
        continue;
      }
      boxes.push(...(await placesIn(parts, forms, child, null, origin, depth + 1, reading)).boxes);
    }
  }
  return {
    boxes,
    read: { scroll: found.scroll, pixelRatio: found.pixelRatio, ...(found.clip ? { clip: found.clip } : {}) },
  };
}

/**
 * The places of the page that show a secret or a password, in the picture's CSS pixels (its origin's top left at 0, 0).
 */
export async function secretPlaces(
  parts: PageParts,
  secrets: SecretStore,
  origin: PictureOrigin,
  reading: Reading,
): Promise<SecretPlaces> {
  const { boxes, read } = await placesIn(
    parts,
    secrets.forms,
    origin.browsingContext,
    origin.clipUid ?? null,
    [0, 0],
    0,
    reading,
  );
  const [dx, dy] = read.clip ? [-read.clip[0], -read.clip[1]] : origin.fullPage ? read.scroll : [0, 0];
  return { covers: boxes.map((box) => shifted(box, dx, dy)), scale: read.pixelRatio, scroll: read.scroll };
}

/** Each element of `snapshot` that takes input, with its uid and its box in the picture's CSS pixels. */
export function labelledElements(
  snapshot: TakenSnapshot,
  origin: { fullPage: boolean; clipUid?: string; scroll: readonly [number, number] },
): { uid: string; box: PictureBox }[] {
  const nodes = [...allNodes(snapshot.nodes)];
  const clip = origin.clipUid === undefined ? undefined : nodes.find((node) => node.uid === origin.clipUid)?.box;
  const [dx, dy] = clip ? [-clip[0], -clip[1]] : origin.fullPage ? origin.scroll : [0, 0];
  return nodes
    .filter((node) => node.uid && node.interactive && node.box[2] > 0 && node.box[3] > 0)
    .map((node) => ({ uid: node.uid, box: shifted(node.box, dx, dy) }));
}

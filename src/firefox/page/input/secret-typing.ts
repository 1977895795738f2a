/**
 * A secret typed only where it was confined (SecretStore.confine: a replay types a recorded
 * secret in the origin it was recorded in, or nowhere): the keys go in one press at a time, and
 * before each the frame's document is read from Firefox's own tree and must still be of that
 * origin. A page that leaves for another origin while the secret is typed gets none of the keys
 * after it left (what is left is the moment between the read and the key, a millisecond or two).
 */
import type { Input } from 'webdriver-bidi-protocol';
import { ActionNotTakenError } from '../../errors.js';
import type { SecretStore } from '../../policy/secrets.js';
import type { PageAccess } from '../uids.js';
import type { KeyAction } from './keys.js';
import { keySource } from './sources.js';

/** Where the keys of a text that holds secrets may go, when the store confines them. */
export interface Confinement {
  origin: string;
  names: string[];
}

/** The confinement typing `text` is under: undefined when it names no secret or the store confines none. */
export function confinementOf(secrets: SecretStore, text: string): Confinement | undefined {
  const names = secrets.referencedNames(text);
  const origin = secrets.confinedTo;
  return names.length && origin !== undefined ? { origin, names } : undefined;
}

/** The keys as batches of one press each (down and up), for a check before every one. */
export function pressBatches(keys: readonly KeyAction[]): Input.SourceActions[][] {
  const batches: Input.SourceActions[][] = [];
  for (let start = 0; start < keys.length; start += 2) batches.push([keySource(keys.slice(start, start + 2))]);
  return batches;
}

/** The origin of the document `frame` holds now, as Firefox's tree says. */
async function originNow(page: PageAccess, frame: string): Promise<string> {
  const tree = await page.send('browsingContext.getTree', { root: frame, maxDepth: 0 }, 'Reading where the keys go');
  const url = tree.contexts[0]?.url ?? 'about:blank';
  return URL.canParse(url) ? new URL(url).origin : url;
}

/** Throws, saying how far the typing got, unless `frame` still holds a document of the confined origin. */
export async function checkOrigin(
  page: PageAccess,
  frame: string,
  confinement: Confinement,
  done: number,
): Promise<void> {
  const origin = await originNow(page, frame);
  if (origin === confinement.origin) return;
  throw new ActionNotTakenError(
    `Stopped typing the secret ${confinement.names.join(', ')} ${done === 0 ? 'before its first key' : `after ${done} key(s)`}: the field's document is of ${origin}, and the secret goes only to ${confinement.origin}, where it was recorded. The page left for another origin, or the target is in a frame of one.`,
  );
}

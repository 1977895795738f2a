/**
 * Filling a text field by typing, in as few calls as the keys allow: one before them (what the field holds selected,
 * so the keys replace it, and the keys guarded into it) and one after them (the page quiet, where stray keys went, the
 * field marked as holding a secret or not, and what it holds now).
 */
import type { TypedField } from '../types.js';
import { readControl, selectContent } from './actions.js';
import { guardKeys, releaseKeys } from './key-guard.js';
import { waitForQuiet } from './quiet.js';
import { markSecretField } from './secret-fields.js';

/** Selects what the field of `uid` holds and guards the keys into it; false when it is gone or takes no text. */
export function takeKeys(uid: string): boolean {
  return selectContent(uid) && guardKeys(uid);
}

/**
 * Once the page has been quiet for `quietMs` (within `maxMs`): releases the key guard, marks the field as holding the
 * secret `secretName` (or nothing secret), and reads it back. As JSON: the reading nests deeper than BiDi serializes.
 */
export async function settleTyped(
  uid: string,
  secretName: string | null,
  quietMs: number,
  maxMs: number,
): Promise<string> {
  const quiet = await waitForQuiet(quietMs, maxMs);
  const stray = releaseKeys();
  markSecretField(uid, secretName);
  const typed: TypedField = { quiet, stray, held: readControl(uid) };
  return JSON.stringify(typed);
}

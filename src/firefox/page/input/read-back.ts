import { ActionNotTakenError } from '../../errors.js';
import { quote } from '../../util/text.js';
import type { ControlReading } from '../../engine/types.js';
import type { EngineResult } from '../../engine/realm.js';
import type { SecretStore } from '../../policy/secrets.js';
import type { PageUids } from '../uids.js';
import { textDifference } from './editor-text.js';
import type { ActionResult } from './settle.js';
import type { ActionDone } from './done.js';
import { doing } from './doing.js';
import { describeElement } from './refusals.js';

/*
 * The witness of an action on a control: once the page has settled, the control is read back, and
 * an answer that says the value went in is given only when the control holds it.
 */

/** Keys that went elsewhere than the field typed into, and where the focus was (key-guard.ts); null when none did. */
export type Stray = EngineResult<'releaseKeys'>;

/** What reading back needs: the engine (through the page's uids) and the secrets, to mask what it quotes. */
export interface ReadBackAccess {
  uids: PageUids;
  secrets: SecretStore;
}

/**
 * Reads the control back after an action and refuses to call it done when `took` says the
 * value did not take, saying what the control holds and what to do instead.
 */
export async function readBack(
  access: ReadBackAccess,
  uid: string,
  what: string,
  result: ActionResult,
  took: (held: ControlReading) => boolean,
  stray: Stray = null,
  /** What the control held once the page settled, when the settle read it already (typing.ts). */
  reading?: ControlReading,
): Promise<ActionResult> {
  if (result.dialog || result.navigated?.sameDocument === false) return result;
  const held = reading ?? (await access.uids.callOnUid(uid, 'readControl', [], 'Reading the value back'));
  if (!held) return result;
  // Text typed into a combobox that opened its list: typed, not chosen (the list is where it chooses).
  if (took(held))
    return held.offers
      ? {
          ...result,
          done: result.done.kind === 'fill' ? { ...result.done, into: 'combobox' } : result.done,
          offers: { names: held.offers, count: held.offerCount ?? held.offers.length },
        }
      : result;
  const holds =
    held.checked !== undefined
      ? held.checked
        ? 'checked'
        : 'unchecked'
      : `holds ${quote(access.secrets.mask(held.value ?? ''))}`;
  const next =
    stray !== null
      ? ` The focus left it for ${access.secrets.mask(stray.to)} while the keys went in, so the typing stopped there: the other ${stray.keys} key(s) were typed nowhere. Click back into ${what} (or fill it again).`
      : held.expanded === true
        ? ' It opened a list instead: take a snapshot and click the option you want.'
        : held.focusedElsewhere !== undefined && held.value !== null
          ? ` The focus left it while the keys went in, so the rest went to ${access.secrets.mask(held.focusedElsewhere)}: check that with a snapshot and undo what landed there, then fill ${what} again.`
          : ' The page may reject or rewrite this value: check what the field expects (a snapshot shows its state), or set it through the control the page offers.';
  throw new ActionNotTakenError(`${wentIn(result.done)}, but it did not take: ${what} ${holds}.${next}`);
}

/** What an action on a control put in, as the client's errors say it: `"abc" went into uid=1_4 textbox "Code"`. */
export function wentIn(done: ActionDone): string {
  if (done.kind === 'fill') return `${quote(done.value)} went into ${describeElement(done.target)}`;
  if (done.kind === 'set') return `${describeElement(done.target)} was set to ${quote(done.value)}`;
  if (done.kind === 'check')
    return done.already
      ? `${describeElement(done.target)} was already ${done.checked ? 'checked' : 'unchecked'}`
      : `${describeElement(done.target)} was clicked`;
  return `${doing(done)} went in`;
}

/**
 * Reads an editor's text back after a fill and compares it with what was put in (line breaks,
 * blank lines and trailing spaces aside): an editor that rewrote it gets no "Filled".
 */
export async function readBackText(
  access: ReadBackAccess,
  uid: string,
  what: string,
  result: ActionResult,
  typed: string,
  secretName: string | undefined,
): Promise<ActionResult> {
  if (result.dialog || result.navigated?.sameDocument === false) return result;
  const held = await access.uids.callOnUid(uid, 'readControl', [], 'Reading the text back');
  if (!held || held.value === null) return result;
  if (secretName !== undefined) access.secrets.rememberParts(secretName, held.value);
  const difference = textDifference(typed, held.value);
  if (difference === undefined) return result;
  // Never "Filled": the editor holds other text than the caller's.
  throw new ActionNotTakenError(
    `The text went into ${what}, but the editor changed it (its formatting rules, auto-closing brackets or auto-indent): ${access.secrets.mask(difference)}. It holds ${quote(access.secrets.mask(held.value))}. Check it with a snapshot, then correct it (fill again with text the editor keeps, or pressKey() and typeText()).`,
  );
}

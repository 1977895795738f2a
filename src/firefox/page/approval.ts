/**
 * Approval before what cannot be undone. An action the caller wants approved (a click, a key that activates or
 * submits, an answered dialog) is described to an approver before it is performed, as the page shows its target at
 * that moment; the approver throws to refuse it, and then nothing is done. Which actions read as irreversible is one
 * rule, here: the words a target, the form it submits or a dialog says, in the languages below, and the caller's own
 * patterns. Who decides (a person, the library user's code) is the caller's business.
 */
import type { PendingTarget, ViewportBox } from '../engine/types.js';

export type { PendingTarget } from '../engine/types.js';

/** An action about to be performed. */
export interface PendingAction {
  /** A click (or double-click) on `target`; a key pressed with focus on `target`; a dialog accepted. */
  kind: 'click' | 'key' | 'dialog';
  /** The element acted on: none for a dialog, nor for a key when focus is in a frame the page does not show us. */
  target?: PendingTarget;
  /** The key or combination pressed; the dialog's message. */
  text?: string;
  /** Where a click lands on the page, when it is in the page's own document. */
  box?: ViewportBox;
}

/** Called before an action is performed; throws to refuse it, and nothing is done. */
export type Approver = (action: PendingAction) => Promise<void>;

/** An action that needs approval besides the irreversible words: a role (any when absent) and a name it matches. */
export interface ApprovalRule {
  role?: string;
  name: RegExp;
}

/**
 * Words that say an action cannot be taken back: deleting, paying, ordering, sending, transferring, confirming
 * (English, German, French, Spanish, Italian, Portuguese, Dutch). Whole words only: "Deleted items" or "Orders" is a
 * place to go, "Delete" and "Place order" are acts.
 */
const IRREVERSIBLE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[
    'delete',
    'remove',
    'erase',
    'destroy',
    'discard',
    'pay',
    'pay now',
    'buy',
    'purchase',
    'order',
    'checkout',
    'check out',
    'send',
    'transfer',
    'confirm',
    'publish',
    'deactivate',
    'unsubscribe',
    'close account',
    'löschen',
    'entfernen',
    'bezahlen',
    'kaufen',
    'bestellen',
    'senden',
    'überweisen',
    'bestätigen',
    'supprimer',
    'effacer',
    'payer',
    'acheter',
    'commander',
    'envoyer',
    'virement',
    'confirmer',
    'eliminar',
    'borrar',
    'pagar',
    'comprar',
    'enviar',
    'transferir',
    'confirmar',
    'elimina',
    'cancella',
    'paga',
    'acquista',
    'invia',
    'conferma',
    'excluir',
    'apagar',
    'verwijderen',
    'betalen',
    'kopen',
    'verzenden',
    'bevestigen',
  ].join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/** Roles whose activation acts: a click on a heading or a cell reads as a place, not an act. */
const ACTING_ROLES = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'switch']);

/** Keys that activate or submit what has focus, with any modifiers (Control+Enter sends in many apps). */
const ACTIVATING_KEYS = /(?:^|\+)(?:Enter|NumpadEnter|Space| )$/;

/** Whether `action` needs approval: it reads as irreversible, or matches one of `rules`. */
export function needsApproval(action: PendingAction, rules: readonly ApprovalRule[] = []): boolean {
  if (action.kind === 'dialog') return IRREVERSIBLE.test(action.text ?? '');
  if (action.kind === 'key' && !ACTIVATING_KEYS.test(action.text ?? '')) return false;
  const target = action.target;
  // A key whose target we cannot see (focus inside a frame) could submit anything.
  if (!target) return action.kind === 'key';
  if (rules.some((rule) => (rule.role === undefined || rule.role === target.role) && rule.name.test(target.name)))
    return true;
  // A key judges its field's name too: Enter in "Send a message" sends it.
  if ((action.kind === 'key' || ACTING_ROLES.has(target.role)) && IRREVERSIBLE.test(target.name)) return true;
  // A click submits only from a button; Enter submits from a field too.
  const form = action.kind === 'key' || target.role === 'button' ? target.submits : undefined;
  return form !== undefined && (IRREVERSIBLE.test(form.name) || IRREVERSIBLE.test(pathWords(form.action)));
}

/** The words of a URL's path (`/account/delete-user` → "account delete user"); nothing for what is no URL. */
function pathWords(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/[/_.-]+/g, ' ');
  } catch {
    return '';
  }
}

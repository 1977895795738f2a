/**
 * Fields the agent filled from a named secret, and secret-looking ones a person typed into (the
 * live view). Each is shown by the secret's name whatever its value became (a maxlength cut it,
 * the page trimmed or reformatted it), until the agent fills it with something else. Kept in the
 * sandbox, where the page can neither read nor forge it.
 */
import { forgetReading } from './changes.js';
import { deepActiveElement } from './dom.js';
import { element } from './registry.js';

/**
 * Each marked field and its secret's name; a Map, to read the fields again (what later keys, scripts or the page left
 * of the secret in them).
 */
const secretNames = new Map<Element, string>();

/** Marks the field `uid` names as holding secret `name`, or clears the mark when `name` is null. */
export function markSecretField(uid: string, name: string | null): boolean {
  const el = element(uid);
  if (!el) return false;
  if (name === null) secretNames.delete(el);
  else secretNames.set(el, name);
  // The field now shows the secret's name (or its value again): the last reading says otherwise.
  forgetReading();
  return true;
}

/** How a field filled from a secret shows its value: `<secret>NAME</secret>`; undefined for any other element. */
export function secretValue(el: Element): string | undefined {
  const name = secretNames.get(el);
  return name === undefined ? undefined : `<secret>${name}</secret>`;
}

/** What each field filled from a secret that is on the page holds now, as [secret name, value]. */
export function secretFieldValues(): [string, string][] {
  const held: [string, string][] = [];
  for (const [el, name] of secretNames) {
    // A field taken out of the page may come back (a form re-rendered): it keeps its mark.
    if (!el.isConnected) continue;
    held.push([
      name,
      el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el as HTMLElement).innerText,
    ]);
  }
  return held;
}

/** Autocomplete tokens of fields that hold credentials. */
const SECRET_AUTOCOMPLETE = /\b(?:one-time-code|current-password|new-password|cc-number|cc-csc)\b/i;
/** Words that name a field holding a code or a credential (in its name, id, label or placeholder). */
const SECRET_WORDS =
  /\b(?:password|passwd|passcode|passphrase|pin|otp|one time|verification code|security code|auth(?:entication)? code|2fa|mfa|totp|cvc|cvv|csc|card number|cc number|token|secret|api key|ssn|social security)\b/i;

/**
 * Whether field `el` looks like one that holds a credential: a password, a one-time code, a card's number or code, a
 * key.
 */
function looksSecret(el: HTMLInputElement | HTMLTextAreaElement): boolean {
  if (el instanceof HTMLInputElement && el.type === 'password') return true;
  if (SECRET_AUTOCOMPLETE.test(el.getAttribute('autocomplete') ?? '')) return true;
  const said = [
    el.name,
    el.id,
    el.getAttribute('aria-label'),
    el.getAttribute('placeholder'),
    ...Array.from(el.labels ?? [], (label) => label.textContent),
  ].join(' ');
  // camelCase, snake_case and kebab-case names read as words: otpCode, card_number, api-key.
  return SECRET_WORDS.test(said.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' '));
}

/**
 * This document's own key among the documents a page has had (each numbers its fields anew), and the key of each field
 * a person typed into.
 */
const DOCUMENT_KEY = Math.random().toString(36).slice(2);
const typedFields = new WeakMap<Element, string>();
let typedCount = 0;

/**
 * The field with the focus, when it looks secret, marked as holding what a person types into it
 * (`name`), unless a secret's name marks it already: its key (the same for as long as the field
 * lives) and its value. Null when the focus is elsewhere.
 */
export function markTypedSecret(name: string): { field: string; value: string } | null {
  const el = deepActiveElement();
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || !looksSecret(el)) return null;
  if (!secretNames.has(el)) {
    secretNames.set(el, name);
    forgetReading();
  }
  const field = typedFields.get(el) ?? `${DOCUMENT_KEY}:${++typedCount}`;
  typedFields.set(el, field);
  return { field, value: el.value };
}

/**
 * The window of the frame that holds the focus, or null when this document's own element has it: the field a person
 * types into may be a frame's (a card's code in a payment frame).
 */
export function focusedFrameWindow(): Window | null {
  const el = deepActiveElement();
  return el instanceof HTMLIFrameElement ? el.contentWindow : null;
}

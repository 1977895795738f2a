/**
 * Fields the agent filled from a named secret. Each is shown by the secret's name whatever its
 * value became (a maxlength cut it, the page trimmed or reformatted it), until it is filled with
 * something else. Kept in the sandbox, where the page can neither read nor forge it.
 */
import { forgetReading } from './changes.js';
import { element } from './registry.js';

/** Each marked field and its secret's name; a Map, to read the fields again (what later keys, scripts or the page left of the secret in them). */
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
    held.push([name, el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el as HTMLElement).innerText]);
  }
  return held;
}

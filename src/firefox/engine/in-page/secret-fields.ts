/**
 * Fields the agent filled from a named secret. Each is shown by the secret's name whatever its
 * value became (a maxlength cut it, the page trimmed or reformatted it), until it is filled with
 * something else. Kept in the sandbox, where the page can neither read nor forge it.
 */
import { forgetReading } from './changes.js';
import { element } from './registry.js';

const secretNames = new WeakMap<Element, string>();
/** The same fields, to read them again: what later keys, scripts or the page left of the secret in them. */
const marked = new Set<Element>();

/** Marks the field `uid` names as holding secret `name`, or clears the mark when `name` is null. */
export function markSecretField(uid: string, name: string | null): boolean {
  const el = element(uid);
  if (!el) return false;
  if (name === null) {
    secretNames.delete(el);
    marked.delete(el);
  } else {
    secretNames.set(el, name);
    marked.add(el);
  }
  // The field now shows the secret's name (or its value again): the last reading says otherwise.
  forgetReading();
  return true;
}

/** How a field filled from a secret shows its value: `<secret>NAME</secret>`; undefined for any other element. */
export function secretValue(el: Element): string | undefined {
  const name = secretNames.get(el);
  return name === undefined ? undefined : `<secret>${name}</secret>`;
}

/** What each field filled from a secret holds now, as [secret name, value]; fields gone from the page are forgotten. */
export function secretFieldValues(): [string, string][] {
  const held: [string, string][] = [];
  for (const el of marked) {
    const name = secretNames.get(el);
    if (!el.isConnected || name === undefined) {
      marked.delete(el);
      continue;
    }
    held.push([name, el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el as HTMLElement).innerText]);
  }
  return held;
}

/**
 * Fields the agent filled from a named secret. Each is shown by the secret's name whatever its
 * value became (a maxlength cut it, the page trimmed or reformatted it), until it is filled with
 * something else. Kept in the sandbox, where the page can neither read nor forge it.
 */
import { forgetReading } from './changes.js';
import { element } from './registry.js';

const secretNames = new WeakMap<Element, string>();

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

/** What an approver judges (page/approval.ts): the form an element submits, and what has focus when a key goes in. */
import type { PendingTarget } from '../types.js';
import { deepActiveElement } from './dom.js';
import { Labels, roleAndName } from './names.js';

/**
 * The form a click on `el` submits (a submit button's) or Enter in it submits (a field's), by its accessible name and
 * where it is sent.
 */
export function submittedForm(el: Element): PendingTarget['submits'] {
  const tag = el.localName;
  if (tag !== 'button' && tag !== 'input') return undefined;
  const control = el as HTMLButtonElement | HTMLInputElement;
  const form = control.form;
  if (!form) return undefined;
  if (tag === 'button' && control.type !== 'submit') return undefined;
  if (tag === 'input' && ['button', 'reset', 'checkbox', 'radio', 'file', 'hidden'].includes(control.type))
    return undefined;
  return { name: roleAndName(form, new Labels()).name, action: form.action };
}

/**
 * What has focus, as a key would reach it: its role, its name and the form it submits; null when focus is inside a
 * frame (its document is not this one) or nowhere but the page itself.
 */
export function focusedTarget(): PendingTarget | null {
  const el = deepActiveElement();
  if (!el || el === document.body || el === document.documentElement) return null;
  if (el.localName === 'iframe' || el.localName === 'frame') return null;
  const { role, name } = roleAndName(el, new Labels());
  const submits = submittedForm(el);
  return { role, name, ...(submits ? { submits } : {}) };
}

/**
 * Modal dialogs: a dialog opened with showModal() (the browser makes everything else inert) or a
 * visible dialog marked aria-modal="true". While one is open, what lies outside it is blocked.
 */
import { clip } from './text.js';
import { attributeTest, flatParent, type Has } from './dom.js';
import { roleAndName } from './names.js';
import { uidOf } from './registry.js';
import { roleOf } from './roles.js';

/** The modal the last walk found (it may sit in a shadow root, which document queries cannot reach). */
let lastSeen: WeakRef<Element> | null = null;

/** Is this element an open modal dialog? `role` is its role as the walk computed it. */
export function isOpenModal(el: Element, tag: string, role: string, has: Has): boolean {
  if (tag === 'dialog' && el.matches(':modal')) return true;
  return (role === 'dialog' || role === 'alertdialog') && has('aria-modal') && el.getAttribute('aria-modal') === 'true';
}

/** Remembers the modal a walk found (or that there is none). */
export function rememberModal(el: Element | null): void {
  lastSeen = el ? new WeakRef(el) : null;
}

function stillOpen(el: Element): boolean {
  if (!el.isConnected || !el.checkVisibility()) return false;
  const tag = el.localName;
  const { has } = attributeTest(el);
  return isOpenModal(el, tag, roleOf(el, tag, has), has);
}

/** The open modal dialog, if any: one in the document found now, or the one the last walk found if it is still open. */
export function openModal(): Element | null {
  const modals = document.querySelectorAll(':modal');
  const top = modals[modals.length - 1];
  if (top) return top;
  const known = lastSeen?.deref();
  if (known && stillOpen(known)) return known;
  const marked = Array.from(document.querySelectorAll('[aria-modal="true"]')).filter(stillOpen);
  return marked[marked.length - 1] ?? null;
}

/** Is `el` inside `ancestor`, across shadow roots and slots? */
export function composedContains(ancestor: Element, el: Element): boolean {
  for (let node: Node | null = el; node; node = flatParent(node)) {
    if (node === ancestor) return true;
  }
  return false;
}

/** The modal as an answer names it: its uid when it has one, its role and name. */
export function describeModal(modal: Element): string {
  const uid = uidOf(modal);
  const { role, name } = roleAndName(modal);
  return `${uid ? `uid=${uid} ` : ''}${role === 'generic' ? modal.localName : role}${name ? ` "${clip(name, 80)}"` : ''}`;
}

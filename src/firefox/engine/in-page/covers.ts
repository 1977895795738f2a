/**
 * What a click at a target's centre would land on when that is not the target: a cover that
 * belongs to the target's own widget takes the click for it (a custom select's value display laid
 * over its input, a wrapper's decoration), any other is refused by name, with the uid of the
 * element the snapshot lists it in.
 */
import { clip, collapse } from './text.js';
import { flatParentElement } from './dom.js';
import { composedContains } from './modal.js';
import { Labels, roleAndName } from './names.js';
import { uidOf } from './registry.js';

/** What a person could use besides the target: another control in the same box means another widget. */
export const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable]:not([contenteditable="false"]), [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="option"], [role="menuitem"], [role="combobox"], [role="textbox"]';

/** A widget is small: a box holding both larger than this share of the viewport is a backdrop or a card. */
const MAX_WIDGET_SHARE = 0.25;

/** An element as an error names it: its uid when it has one, its tag, id and some of its text. */
export function describe(el: Element): string {
  const uid = uidOf(el);
  const id = el.id ? `#${el.id}` : '';
  const text = clip(collapse((el as HTMLElement).innerText || el.textContent || ''), 60);
  return `${uid ? `uid=${uid} ` : ''}${el.localName}${id}${text ? ` "${text}"` : ''}`;
}

/** Where the focus is, as an answer names it: the element, or "the page" when no element has it. */
export function describeFocus(active: Element | null): string {
  return active && active !== document.body && active !== document.documentElement ? describe(active) : 'the page';
}

/**
 * The cover as the refusal names it: with the nearest element around it that the snapshot lists (its uid, role and
 * name), so the agent can act on it.
 */
export function describeCover(cover: Element): string {
  if (uidOf(cover)) return listed(cover);
  for (
    let around = flatParentElement(cover);
    around && around !== document.body && around !== document.documentElement;
    around = flatParentElement(around)
  ) {
    if (uidOf(around)) return `${describe(cover)} inside ${listed(around)}`;
  }
  return describe(cover);
}

function listed(el: Element): string {
  const { role, name } = roleAndName(el, new Labels());
  return `uid=${uidOf(el) ?? ''} ${role && role !== 'generic' ? role : el.localName}${name ? ` "${clip(collapse(name), 60)}"` : ''}`;
}

/**
 * Whether `cover` is part of the widget `el` belongs to: it names el (a label, aria-labelledby),
 * or the smallest element holding both is a small box with no other control in it, and the cover
 * takes clicks for it: a person sees the hand over it, or it sits in a control (a focusable or
 * role-bearing wrapper) inside that box. A plain box laid over a lone button is still a cover.
 */
export function sameWidget(el: Element, cover: Element): boolean {
  if (cover.closest('label')?.contains(el) || namedBy(el).some((label) => label.contains(cover))) return true;
  const around = new Set<Element>();
  for (let node: Element | null = el; node; node = flatParentElement(node)) around.add(node);
  let common: Element | null = cover;
  while (common && !around.has(common)) common = flatParentElement(common);
  if (!common || common === document.body || common === document.documentElement) return false;
  const box = common.getBoundingClientRect();
  if (box.width * box.height > innerWidth * innerHeight * MAX_WIDGET_SHARE) return false;
  if (
    !Array.from(common.querySelectorAll(CONTROLS)).every(
      (control) => composedContains(el, control) || composedContains(control, el),
    )
  )
    return false;
  if (getComputedStyle(cover).cursor === 'pointer') return true;
  for (let node: Element | null = cover; node; node = node === common ? null : flatParentElement(node))
    if (node.matches(CONTROLS)) return true;
  return false;
}

function namedBy(el: Element): Element[] {
  const root = el.getRootNode() as Document | ShadowRoot;
  return (el.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .flatMap((id) => (id ? (root.getElementById(id) ?? []) : []));
}

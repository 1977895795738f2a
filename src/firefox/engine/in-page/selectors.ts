/**
 * Locator paths that outlive the engine: each step is an id, an attribute that is unique in its
 * root, or a tag with :nth-of-type, climbing until the path is unique. Never data-mcp-uid, which
 * dies with the document.
 */
import { isShadowRoot } from './dom.js';
import { element } from './registry.js';
import type { ElementSelector } from '../types.js';

/** Attributes authors give to find elements again, most telling first. */
const LOCATOR_ATTRIBUTES = [
  'data-testid',
  'data-test-id',
  'data-test',
  'data-qa',
  'data-cy',
  'name',
  'aria-label',
  'for',
  'title',
  'placeholder',
  'alt',
  'href',
];

function unique(root: Document | ShadowRoot, selector: string, el: Element): boolean {
  const found = root.querySelectorAll(selector);
  return found.length === 1 && found[0] === el;
}

/** One step for `el`: an id or an attribute when it alone finds `el` in `root`; else tag:nth-of-type. */
function step(el: Element, root: Document | ShadowRoot): { text: string; unique: boolean } {
  const tag = CSS.escape(el.localName);
  if (el.id) {
    const byId = `${tag}#${CSS.escape(el.id)}`;
    if (unique(root, byId, el)) return { text: byId, unique: true };
  }
  for (const name of LOCATOR_ATTRIBUTES) {
    const value = el.getAttribute(name);
    if (!value || value.length > 100) continue;
    const byAttribute = `${tag}[${name}=${JSON.stringify(value)}]`;
    if (unique(root, byAttribute, el)) return { text: byAttribute, unique: true };
  }
  let index = 1;
  for (let sibling = el.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
    if (sibling.localName === el.localName) index++;
  return { text: `${tag}:nth-of-type(${index})`, unique: false };
}

/** A CSS selector that matches exactly `el` inside its own root (document or shadow root). */
function selectorWithinRoot(el: Element): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const steps: string[] = [];
  for (let current: Element | null = el; current; current = current.parentElement) {
    const next = step(current, root);
    steps.unshift(next.text);
    if (next.unique || unique(root, steps.join(' > '), el)) break;
  }
  return steps.join(' > ');
}

/** The selector of `uid` within its root, and the selectors of the shadow hosts around it, outermost first. */
export function selector(uid: string): ElementSelector | null {
  const el = element(uid);
  return el ? selectorOf(el) : null;
}

/** The selector of `el` within its root, and the selectors of the shadow hosts around it, outermost first. */
export function selectorOf(el: Element): ElementSelector {
  const shadowHosts: string[] = [];
  for (let root = el.getRootNode(); isShadowRoot(root); root = root.host.getRootNode())
    shadowHosts.unshift(selectorWithinRoot(root.host));
  return { selector: selectorWithinRoot(el), shadowHosts };
}

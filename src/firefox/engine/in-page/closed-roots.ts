/**
 * Closed shadow roots, which no script of the page, nor this sandbox, can reach from their host.
 * BiDi can: serializing a host carries its shadow root, closed too. So a walk notes the elements
 * that may host one it cannot see (a custom element without an open root; any element that could
 * host a root and shows nothing of its own content), Node asks BiDi for their roots once
 * (hostCandidates), and hands the closed ones back here (learnClosedRoots); from then on every
 * walk enters them in place, slots resolved, as it enters open roots.
 */

import { mayHostShadow } from './dom.js';

/** Closed roots by host. A host keeps its shadow root for life, so what is learnt stays true. */
const closedRoots = new WeakMap<Element, ShadowRoot>();
/** Elements already asked about that had no closed root then. */
let checked = new WeakSet<Element>();
/** The candidates of the last walk of the document, for Node to ask about. */
let pending: Element[] = [];

/** The closed shadow root the engine was given for this host, if any. */
export function closedRootOf(el: Element): ShadowRoot | null {
  return closedRoots.get(el) ?? null;
}

/**
 * The shadow root that renders in place of the element's children: its open one, or the closed one the engine was given
 * (`tag`: its local name, when the caller has it).
 */
export function shadowRootOf(el: Element, tag = el.localName): ShadowRoot | null {
  return mayHostShadow(tag) ? (el.shadowRoot ?? closedRootOf(el)) : null;
}

/** Whether a walk should have Node look for a closed root on this element: not known either way yet. */
export function mayHideRoot(el: Element): boolean {
  return !checked.has(el) && !closedRoots.has(el);
}

/**
 * The walk's candidates; asked once, they are marked as checked (a root found later comes with a new walk's evidence,
 * see forgetChecks).
 */
export function setCandidates(elements: Element[]): void {
  pending = elements;
}

/** The last walk's candidates, for BiDi to serialize with their shadow roots. */
export function hostCandidates(): Element[] {
  const asked = pending;
  pending = [];
  for (const el of asked) checked.add(el);
  return asked;
}

/** Closed roots Node found on candidates; returns how many were new. */
export function learnClosedRoots(...roots: ShadowRoot[]): number {
  let learnt = 0;
  for (const root of roots) {
    if (root.mode !== 'closed' || closedRoots.has(root.host)) continue;
    closedRoots.set(root.host, root);
    learnt++;
  }
  return learnt;
}

/**
 * A shadow root may have been attached since (a late attachShadow, an upgrade): every element may be asked about again.
 */
export function forgetChecks(): void {
  checked = new WeakSet();
}

/** Marks elements as asked about (a picture's candidates, see shadowRoots). */
export function markChecked(elements: readonly Element[]): void {
  for (const el of elements) checked.add(el);
}

/** At most this many elements are gathered as possible hosts by one reading; the rest wait for the next. */
const MAX_HOSTS = 2000;

/**
 * Every shadow root of the document, open ones and the closed ones the engine was given, nested
 * ones included; with `hosts`, gathers there the elements that may hide a closed root no walk has
 * asked about: custom elements with no open root, and hosts-to-be with no content of their own.
 */
export function shadowRoots(hosts?: Element[]): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const visit = (root: Document | ShadowRoot): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      const tag = el.localName;
      const shadow = shadowRootOf(el, tag);
      if (shadow) {
        roots.push(shadow);
        visit(shadow);
      } else if (hosts && hosts.length < MAX_HOSTS && tag.includes('-') && mayHideRoot(el)) hosts.push(el);
    }
    if (!hosts) return;
    // Hosts-to-be with nothing of their own: a selector finds them faster than asking each element.
    for (const el of Array.from(root.querySelectorAll(':empty'))) {
      const tag = el.localName;
      if (
        hosts.length < MAX_HOSTS &&
        mayHostShadow(tag) &&
        !tag.includes('-') &&
        !shadowRootOf(el, tag) &&
        mayHideRoot(el)
      )
        hosts.push(el);
    }
  };
  visit(document);
  return roots;
}

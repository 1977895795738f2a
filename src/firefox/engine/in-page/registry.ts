/**
 * The uid registry: which element each uid names. It lives in the sandbox for as long as the
 * document does, so navigation clears it. Keys are the sandbox's wrappers of page elements,
 * which keep their identity; the data-mcp-uid attribute only follows what the registry says, and
 * is never written inside editable content (see stamp()).
 */
import type { UidLookup } from '../types.js';
import { forgetReading, ownWrites } from './changes.js';
import { isShadowRoot, UID_ATTRIBUTE } from './dom.js';

let uidByElement = new WeakMap<Element, string>();
const elementByUid = new Map<string, WeakRef<Element>>();
const snapshotsTaken = new Set<number>();
/** The last counter handed out per snapshot id, so uids stay unique when one id is used twice. */
const counters = new Map<number, number>();

/** Notes that snapshot `snapshotId` reads this document; new uids count up from `counterStart`. */
export function begin(snapshotId: number, counterStart?: number): void {
  snapshotsTaken.add(snapshotId);
  if (counterStart !== undefined) counters.set(snapshotId, Math.max(counters.get(snapshotId) ?? 0, counterStart));
}

/** The highest counter handed out for `snapshotId`. */
export function lastCounter(snapshotId: number): number {
  return counters.get(snapshotId) ?? 0;
}

/** The element's uid, or a new one from `snapshotId`. */
export function uidFor(el: Element, snapshotId: number): string {
  let uid = uidByElement.get(el);
  if (uid === undefined) {
    const next = (counters.get(snapshotId) ?? 0) + 1;
    counters.set(snapshotId, next);
    uid = `${snapshotId}_${next}`;
    uidByElement.set(el, uid);
    elementByUid.set(uid, new WeakRef(el));
  }
  return uid;
}

/** The uid the registry gave the element, if any. */
export function uidOf(el: Element): string | undefined {
  return uidByElement.get(el);
}

/** The uid last written on each element, so a warm snapshot writes (and reads) nothing it wrote before. */
let stamped = new WeakMap<Element, string>();
/** The shadow roots we wrote stamps in, which a query of the document does not reach (see unmarkEditable). */
const stampedRoots = new Set<WeakRef<ShadowRoot>>();
let knownRoots = new WeakSet<ShadowRoot>();

/**
 * Whether `el` is, or lies inside, content the user edits: a contenteditable host (plaintext-only
 * too) or a designMode document. Editors save that DOM as they find it, so nothing of ours may be
 * written there. A contenteditable="false" island inside an editor is saved with it: look past it.
 */
export function insideEditableContent(el: Element, designMode = el.ownerDocument.designMode === 'on'): boolean {
  if (designMode) return true;
  for (
    let host = el.closest('[contenteditable]');
    host;
    host = host.parentElement?.closest('[contenteditable]') ?? null
  ) {
    if ((host as HTMLElement).isContentEditable) return true;
  }
  return false;
}

/** Removes a data-mcp-uid we wrote (or one copied from ours), never one the page wrote itself. */
function unmark(el: Element): void {
  const value = el.getAttribute(UID_ATTRIBUTE);
  if (value !== null && (stamped.has(el) || elementByUid.has(value))) el.removeAttribute(UID_ATTRIBUTE);
  stamped.delete(el);
}

/**
 * Writes each element's uid on it; done last, since writing attributes mid-walk would force a
 * relayout per element. What the page does to the attribute afterwards does not matter: the
 * registry decides (see element()).
 *
 * The rule: stamps only where the app does not keep the DOM. Inside editable content (see
 * insideEditableContent) the uid lives in the registry alone, and a stamp written before the
 * content became editable (contenteditable turned on later, a stamped node moved into an editor)
 * is taken off here. Other apps that serialize their DOM (copy as HTML, form builders, diagram
 * exports) cannot be told apart; for them, snapshots with stamp: false write nothing.
 */
export function stamp(entries: Iterable<[string, Element]>): void {
  ownWrites(() => stampAll(entries));
}

function stampAll(entries: Iterable<[string, Element]>): void {
  const designMode = document.designMode === 'on';
  for (const [uid, el] of entries) {
    // Stamped before with this uid: nothing to read (a warm snapshot stays cheap); unmarkEditable finds it if it became
    // editable.
    if (!designMode && stamped.get(el) === uid) continue;
    if (insideEditableContent(el, designMode)) {
      if (stamped.has(el) || el.hasAttribute(UID_ATTRIBUTE)) unmark(el);
      continue;
    }
    el.setAttribute(UID_ATTRIBUTE, uid);
    stamped.set(el, uid);
    const root = el.getRootNode();
    if (isShadowRoot(root) && !knownRoots.has(root)) {
      knownRoots.add(root);
      stampedRoots.add(new WeakRef(root));
    }
  }
  unmarkEditable(designMode);
}

/** Takes our stamps off elements that lie in editable content now: one query per root we stamped in. */
function unmarkEditable(designMode: boolean): void {
  const selector = designMode
    ? `[${UID_ATTRIBUTE}]`
    : `[contenteditable][${UID_ATTRIBUTE}], [contenteditable] [${UID_ATTRIBUTE}]`;
  const roots: (Document | ShadowRoot)[] = [document];
  for (const ref of stampedRoots) {
    const root = ref.deref();
    if (root) roots.push(root);
    else stampedRoots.delete(ref);
  }
  for (const root of roots) {
    // Most roots hold no editable content at all: one cheap match says so.
    if (!designMode && !root.querySelector('[contenteditable]')) continue;
    for (const el of Array.from(root.querySelectorAll(selector))) if (insideEditableContent(el, designMode)) unmark(el);
  }
}

/** Gives elements that came from elsewhere (a script's result) uids, as a snapshot would. */
export function adopt(snapshotId: number, write: boolean, ...elements: Element[]): string[] {
  begin(snapshotId);
  const uids = elements.map((el) => uidFor(el, snapshotId));
  if (write) stamp(uids.map((uid, index) => [uid, elements[index] as Element]));
  return uids;
}

/** What the registry knows of `uid`: only its own mapping counts, never the attribute alone. */
export function lookup(uid: string): UidLookup {
  const snapshotId = Number(uid.split('_')[0]);
  if (!snapshotsTaken.has(snapshotId)) return { status: 'unknown-snapshot' };
  const ref = elementByUid.get(uid);
  if (!ref) return { status: 'unknown-uid' };
  const el = ref.deref();
  if (!el?.isConnected) return { status: 'removed' };
  return { status: 'ok' };
}

export function element(uid: string): Element | null {
  const el = elementByUid.get(uid)?.deref();
  if (!el?.isConnected) return null;
  ownWrites(() => {
    // Editable now: take our stamp off rather than leave it for the app to save.
    if (insideEditableContent(el)) {
      if (el.hasAttribute(UID_ATTRIBUTE)) unmark(el);
    } else if (el.getAttribute(UID_ATTRIBUTE) !== uid && el.hasAttribute(UID_ATTRIBUTE)) {
      // The page may have moved or copied the attribute: the registry decides, the attribute follows.
      el.setAttribute(UID_ATTRIBUTE, uid);
    }
  });
  return el;
}

/** The elements behind uids (null where gone), for BiDi to serialize. */
export function elements(...uids: string[]): (Element | null)[] {
  return uids.map(element);
}

/** The content windows of iframes, which BiDi serializes as their browsing contexts. */
export function frameWindows(...uids: string[]): (Window | null)[] {
  return uids.map((uid) => (element(uid) as HTMLIFrameElement | null)?.contentWindow ?? null);
}

/** Forgets every uid of this document and removes the attributes it wrote. */
export function clear(): void {
  forgetReading();
  ownWrites(() => {
    for (const ref of elementByUid.values()) ref.deref()?.removeAttribute(UID_ATTRIBUTE);
  });
  elementByUid.clear();
  uidByElement = new WeakMap();
  stamped = new WeakMap();
  stampedRoots.clear();
  knownRoots = new WeakSet();
  snapshotsTaken.clear();
  counters.clear();
}

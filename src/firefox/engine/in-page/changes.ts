/**
 * What may have changed the document's reading since the last walk, so that Node can reuse that
 * reading (its nodes, uids and text) when nothing did. Two kinds of evidence: mutations anywhere
 * the walk looked (the document and every shadow root it entered), seen by a MutationObserver the
 * page cannot reach; and what no mutation shows, compared at the next snapshot (the URL, the
 * viewport and scroll, focus, hover, form values, animations, style sheets, open popovers,
 * images and fonts still loading); and what the page tells of itself (slot assignments, and the
 * page-world preload's signal, see unobserved.ts). When in doubt, the answer is "changed" and
 * Node walks again.
 * The walk that follows is told which nodes changed (beginReading), so that it reads only those
 * subtrees and gives the rest as the last walk read it (see walk.ts).
 */

import { deepActiveElement, flatParent, isShadowRoot } from './dom.js';
import { hoverRestyles, sheetsMention, sheetsSignature } from './sheets.js';
import { forgetChecks } from './closed-roots.js';
import { animationsState, CHANGE_EVENT, openPopovers, sameElements, serialOf } from './unobserved.js';

/** The number of the valid reading in this document; 0 means none is valid. */
let reading = 0;
let readings = 0;
let changed = true;
/**
 * Since the last reading: nodes whose own children or text changed, and nodes whose whole subtree may render anew
 * (attributes changed, inserted).
 */
let touched: Node[] = [];
let subtrees: Node[] = [];
/** Too many changes to follow one by one: the next walk reads everything. */
let overflow = false;
const MAX_CHANGES = 2_000;
let observer: MutationObserver | null = null;
const observed = new WeakSet<Node>();
/** What no mutation shows, as it was when the last reading was taken. */
let last: Fingerprint | null = null;

interface Fingerprint {
  url: string;
  /** The viewport's size: media queries follow it. */
  size: string;
  /** The scroll position and the document's size. */
  scroll: string;
  active: Element | null;
  hovered: Element | null;
  values: string[];
  sheets: string;
  popovers: Element[];
  /** Images still loading then: when one has loaded, the layout may have moved. */
  loading: HTMLImageElement[];
  fontsLoading: boolean;
  animating: boolean;
  /** Animations that do not run but may still apply (see unobserved.ts). */
  animations: string;
  /** Where the selection is (an editor's caret moves without a mutation). */
  caret: string;
}

const OPTIONS: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

function markChanged(): void {
  changed = true;
}

/**
 * The page changed what it shows in a way we are not told where (see unobserved.ts): the next walk reads everything.
 */
function walkAll(): void {
  // A shadow root may have been attached (closed ones too): every element may hide one now.
  forgetChecks();
  changed = true;
  overflow = true;
  touched = [];
  subtrees = [];
}

function note(records: MutationRecord[]): void {
  if (records.length === 0) return;
  changed = true;
  if (overflow) return;
  for (const record of records) {
    if (record.type === 'attributes') subtrees.push(record.target);
    else {
      touched.push(record.target);
      if (record.type === 'childList') for (const node of Array.from(record.addedNodes)) subtrees.push(node);
    }
  }
  if (touched.length + subtrees.length > MAX_CHANGES) walkAll();
}

/** A slot shows other nodes (slot.assign(), a slottable's slot changed): what renders there is read again. */
function slotChanged(event: Event): void {
  changed = true;
  const slot = event.target as Node | null;
  if (overflow || !slot) return;
  subtrees.push(slot);
  if (touched.length + subtrees.length > MAX_CHANGES) walkAll();
}

/** Watches `root` (the document, or a shadow root the walk entered) from now on. */
export function watchRoot(root: Document | ShadowRoot): void {
  if (observed.has(root)) return;
  if (!observer) {
    observer = new MutationObserver(note);
    // Scrolling inside a container moves what it holds and changes no DOM.
    document.addEventListener('scroll', markChanged, { capture: true, passive: true });
    document.addEventListener(CHANGE_EVENT, walkAll, { capture: true });
  }
  observer.observe(root, OPTIONS);
  // slotchange does not leave a shadow tree: each root is listened to. Manual assignment changes no DOM.
  root.addEventListener('slotchange', slotChanged, { capture: true });
  observed.add(root);
}

/** Notes the mutations waiting to be delivered, so none is missed between calls. */
function drain(): void {
  if (observer) note(observer.takeRecords());
}

/**
 * Runs `write`, which changes the DOM on our behalf (uid stamps), without counting its mutations
 * as the page's: what the page did before is noted first. Nothing of the page runs in between.
 */
export function ownWrites<T>(write: () => T): T {
  drain();
  const result = write();
  observer?.takeRecords();
  return result;
}

/**
 * What changed since the last reading, for a walk that reuses the rest of it (see walk.ts); null when that is not safe.
 */
export interface Since {
  /** Nodes whose own children or text changed. */
  touched: Node[];
  /** Nodes whose whole subtree may render anew. */
  subtrees: Node[];
}

/**
 * A walk of the whole document starts: what it reads is current from here on. Returns what
 * changed since the last reading when the rest of it may be reused: the same viewport size,
 * style sheets and open popovers, no animation then or now, no font loading then, not too many
 * changes, no :has() rule (a change anywhere may restyle an ancestor); focus, hover and form
 * values that changed count as changed subtrees.
 */
export function beginReading(): Since | null {
  watchRoot(document);
  drain();
  const since = reading !== 0 && !overflow && last ? changesSince(last, fingerprint(controlsRead)) : null;
  touched = [];
  subtrees = [];
  overflow = false;
  changed = false;
  return since;
}

/**
 * What changed between two fingerprints, as subtrees to read again (with the mutations noted
 * since); null when nothing of the last reading may be reused. A reading is only numbered when
 * no animation ran (see endReading).
 */
function changesSince(then: Fingerprint, now: Fingerprint): Since | null {
  if (then.fontsLoading) return null;
  if (
    now.url !== then.url ||
    now.size !== then.size ||
    now.sheets !== then.sheets ||
    now.animating ||
    now.animations !== then.animations ||
    now.caret !== then.caret
  )
    return null;
  if (!sameElements(now.popovers, then.popovers)) return null;
  const extra: Node[] = [];
  if (now.active !== then.active) {
    if (sheetsMention(/:focus-within/)) return null;
    for (const el of [now.active, then.active]) if (el) extra.push(el);
  }
  if (now.hovered !== then.hovered && hoverMatters(now.hovered, then.hovered))
    extra.push(commonAncestor(now.hovered, then.hovered) ?? document.documentElement);
  for (const [index, value] of now.values.entries())
    if (value !== then.values[index]) extra.push(controlsRead[index] as Element);
  for (const image of then.loading) if (image.complete) extra.push(image);
  if ((touched.length || subtrees.length || extra.length) && sheetsMention(/:has\(/)) return null;
  return { touched, subtrees: [...subtrees, ...extra] };
}

/**
 * Whether the pointer moving from one element to another may change what a snapshot reads: some
 * :hover rule of the document changes more than paint, or either element lies in a component
 * (a shadow tree's own sheets are not read, and a closed one cannot be seen into).
 */
function hoverMatters(a: Element | null, b: Element | null): boolean {
  if (hoverRestyles()) return true;
  for (const el of [a, b]) {
    for (let node: Node | null = el; node; node = flatParent(node)) {
      if (isShadowRoot(node) || (node as Partial<Element>).localName?.includes('-')) return true;
    }
  }
  return false;
}

/** The deepest node both are in (or are), in the tree as it renders. */
function commonAncestor(a: Node | null, b: Node | null): Node | null {
  const chain = new Set<Node>();
  for (let node = a; node; node = flatParent(node)) chain.add(node);
  for (let node = b; node; node = flatParent(node)) if (chain.has(node)) return node;
  return null;
}

/** The walk is done (stamps written): remember what no mutation shows, and number the reading. */
export function endReading(controls: readonly Element[]): number {
  drain();
  last = fingerprint(controls);
  controlsRead = controls;
  // Taken mid-animation, the reading is already on its way out.
  reading = changed || last.animating ? 0 : ++readings;
  return reading;
}

/** The form controls the last walk met: their values are compared, since scripts set them without a mutation. */
let controlsRead: readonly Element[] = [];

/** Whether the reading numbered `number` is still what a walk would give. */
export function unchanged(number: number): boolean {
  if (number === 0 || number !== reading || !last) return false;
  drain();
  if (changed) return false;
  // No mutation since: the same reading holds when nothing else changed and nothing scrolled.
  const now = fingerprint(controlsRead);
  const same = now.scroll === last.scroll && changesSince(last, now)?.subtrees.length === 0;
  if (!same) changed = true;
  return same;
}

/**
 * What the watch keeps for the document, for the bench: controls it compares, characters of their values, images it
 * waits for.
 */
export function readingSize(): { controls: number; valueChars: number; loadingImages: number } {
  return {
    controls: controlsRead.length,
    valueChars: last?.values.reduce((sum, value) => sum + value.length, 0) ?? 0,
    loadingImages: last?.loading.length ?? 0,
  };
}

/** Forgets the reading (uids were cleared). */
export function forgetReading(): void {
  reading = 0;
  changed = true;
}

function fingerprint(controls: readonly Element[]): Fingerprint {
  const scroller = document.scrollingElement ?? document.documentElement;
  const hovered = deepestHovered();
  const animations = animationsState();
  return {
    url: location.href,
    size: `${innerWidth},${innerHeight}`,
    scroll: [scrollX, scrollY, scroller.scrollWidth, scroller.scrollHeight].join(),
    active: deepActiveElement(),
    hovered,
    values: controls.map(valueOf),
    sheets: sheetsSignature(),
    popovers: openPopovers(),
    loading: Array.from(document.images).filter((image) => !image.complete),
    fontsLoading: document.fonts.status === 'loading',
    animating: animations.running,
    animations: animations.state,
    caret: caretState(),
  };
}

/** The innermost element under the pointer, inside open shadow roots too (:hover stops at a host in the document). */
function deepestHovered(): Element | null {
  let hovered: Element | null = null;
  let root: Document | ShadowRoot | null = document;
  while (root) {
    const chain: NodeListOf<Element> = root.querySelectorAll(':hover');
    const inner: Element | null = chain[chain.length - 1] ?? null;
    if (!inner || inner === hovered) break;
    hovered = inner;
    root = inner.shadowRoot;
  }
  return hovered;
}

/** What a form control holds, which a script can change without any mutation. */
function valueOf(el: Element): string {
  const control = el as HTMLInputElement & HTMLSelectElement;
  switch (el.localName) {
    case 'input':
      return `${control.value}|${control.checked ? 1 : 0}${control.indeterminate ? 1 : 0}`;
    case 'select':
      return control.multiple
        ? Array.from(control.selectedOptions, (option) => option.index).join()
        : String(control.selectedIndex);
    default:
      return control.value;
  }
}

/** The selection's ends, as identities and offsets: a moved caret is read anew (see editors.ts). */
function caretState(): string {
  const selection = document.getSelection();
  if (!selection?.focusNode || !selection.anchorNode) return '';
  return `${serialOf(selection.anchorNode)}:${selection.anchorOffset}:${serialOf(selection.focusNode)}:${selection.focusOffset}`;
}

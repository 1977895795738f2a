/**
 * What may have changed the document's reading since the last walk, so that Node can reuse that
 * reading (its nodes, uids and text) when nothing did. Two kinds of evidence: mutations anywhere
 * the walk looked (the document and every shadow root it entered), seen by a MutationObserver the
 * page cannot reach; and what no mutation shows, compared at the next snapshot (the URL, the
 * viewport and scroll, focus, hover, form values, running animations, style sheets, open popovers,
 * images and fonts still loading). When in doubt, the answer is "changed" and Node walks again.
 */

import { deepActiveElement } from './dom.js';

/** The number of the valid reading in this document; 0 means none is valid. */
let reading = 0;
let readings = 0;
let changed = true;
let observer: MutationObserver | null = null;
const observed = new WeakSet<Node>();
/** What no mutation shows, as it was when the last reading was taken. */
let last: Fingerprint | null = null;

interface Fingerprint {
  url: string;
  viewport: string;
  active: Element | null;
  hovered: Element | null;
  values: string;
  sheets: string;
  popovers: number;
  /** Images still loading then: when one has loaded, the layout may have moved. */
  loading: HTMLImageElement[];
  fontsLoading: boolean;
  animating: boolean;
}

const OPTIONS: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

function markChanged(): void {
  changed = true;
}

/** Watches `root` (the document, or a shadow root the walk entered) from now on. */
export function watchRoot(root: Document | ShadowRoot): void {
  if (observed.has(root)) return;
  if (!observer) {
    observer = new MutationObserver(markChanged);
    // Scrolling inside a container moves what it holds and changes no DOM.
    document.addEventListener('scroll', markChanged, { capture: true, passive: true });
  }
  observer.observe(root, OPTIONS);
  observed.add(root);
}

/** Whether mutations are waiting to be delivered (taken now, so none is missed between calls). */
function pendingMutations(): boolean {
  return observer !== null && observer.takeRecords().length > 0;
}

/**
 * Runs `write`, which changes the DOM on our behalf (uid stamps), without counting its mutations
 * as the page's: what the page did before is noted first. Nothing of the page runs in between.
 */
export function ownWrites<T>(write: () => T): T {
  if (pendingMutations()) changed = true;
  const result = write();
  observer?.takeRecords();
  return result;
}

/** A walk of the whole document starts: what it reads is current from here on. */
export function beginReading(): void {
  watchRoot(document);
  observer?.takeRecords();
  changed = false;
}

/** The walk is done (stamps written): remember what no mutation shows, and number the reading. */
export function endReading(controls: readonly Element[]): number {
  if (pendingMutations()) changed = true;
  last = fingerprint(controls);
  controlsRead = controls;
  // Taken mid-animation, the reading is already on its way out.
  reading = changed || last.animating ? 0 : ++readings;
  return reading;
}

/** A closed shadow root was walked for the same reading: its form controls count too. */
export function extendReading(controls: readonly Element[]): void {
  if (controls.length === 0) return;
  controlsRead = [...controlsRead, ...controls];
  if (last) last.values = controlsRead.map(valueOf).join('\u0000');
}

/** The form controls the last walk met: their values are compared, since scripts set them without a mutation. */
let controlsRead: readonly Element[] = [];

/** Whether the reading numbered `number` is still what a walk would give. */
export function unchanged(number: number): boolean {
  if (number === 0 || number !== reading || !last) return false;
  if (changed || pendingMutations()) {
    changed = true;
    return false;
  }
  const now = fingerprint(controlsRead);
  const same =
    now.url === last.url &&
    now.viewport === last.viewport &&
    now.active === last.active &&
    now.hovered === last.hovered &&
    now.values === last.values &&
    now.sheets === last.sheets &&
    now.popovers === last.popovers &&
    !last.fontsLoading &&
    !last.loading.some((image) => image.complete) &&
    !now.animating;
  if (!same) changed = true;
  return same;
}

/** What the watch keeps for the document, for the bench: controls it compares, characters of their values, images it waits for. */
export function readingSize(): { controls: number; valueChars: number; loadingImages: number } {
  return { controls: controlsRead.length, valueChars: last?.values.length ?? 0, loadingImages: last?.loading.length ?? 0 };
}

/** Forgets the reading (uids were cleared). */
export function forgetReading(): void {
  reading = 0;
  changed = true;
}

function fingerprint(controls: readonly Element[]): Fingerprint {
  const scroller = document.scrollingElement ?? document.documentElement;
  const hovered = deepestHovered();
  return {
    url: location.href,
    viewport: [innerWidth, innerHeight, scrollX, scrollY, scroller.scrollWidth, scroller.scrollHeight].join(),
    active: deepActiveElement(),
    hovered,
    values: controls.map(valueOf).join('\u0000'),
    sheets: sheetsSignature(),
    popovers: openPopovers(),
    loading: Array.from(document.images).filter((image) => !image.complete),
    fontsLoading: document.fonts.status === 'loading',
    animating: animating(),
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
      return control.multiple ? Array.from(control.selectedOptions, (option) => option.index).join() : String(control.selectedIndex);
    default:
      return control.value;
  }
}

/** The style sheets in force and how many rules each holds (insertRule changes no DOM). */
function sheetsSignature(): string {
  const parts: string[] = [];
  const add = (sheet: CSSStyleSheet): void => {
    let rules = -1;
    try {
      rules = sheet.cssRules.length;
    } catch {
      // Cross-origin: its rules are not ours to count, and a script of the page cannot change them either.
    }
    parts.push(`${sheet.disabled ? 'd' : ''}${rules}`);
  };
  for (const sheet of Array.from(document.styleSheets)) add(sheet);
  for (const sheet of document.adoptedStyleSheets) add(sheet);
  return parts.join();
}

let popoverSelector: string | null | undefined;

function openPopovers(): number {
  if (popoverSelector === undefined) {
    try {
      document.querySelector(':popover-open');
      popoverSelector = ':popover-open';
    } catch {
      popoverSelector = null;
    }
  }
  return popoverSelector ? document.querySelectorAll(popoverSelector).length : 0;
}

/** An animation or transition is running: boxes and visibility change without a mutation. */
function animating(): boolean {
  return document.getAnimations().some((animation) => animation.playState === 'running' || animation.pending);
}

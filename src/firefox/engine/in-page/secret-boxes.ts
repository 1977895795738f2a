/**
 * Where a document shows what no picture of it may show: password fields, fields filled from a
 * named secret (whatever they hold now), and wherever a secret's form or a credential's shape is
 * drawn: a field's value or placeholder, a select's option, an image's alternative text, text
 * and generated text as drawn (secret-text.ts), closed shadow roots included once BiDi has given
 * them; and, between the readings before and after a capture, every state the page passed
 * through (picture-watch.ts). A screenshot covers these boxes before it leaves (page/picture.ts);
 * nothing is written into the page, so nothing of it can be kept or sent by the page.
 */
import { markChecked, shadowRoots } from './closed-roots.js';
import { shows, wantedOf, type Wanted } from './drawn-text.js';
import { styleFacts } from './generated-content.js';
import { endWatch, watchChanges } from './picture-watch.js';
import { element } from './registry.js';
import { secretValue } from './secret-fields.js';
import { asBox, textPlaces } from './secret-text.js';
import type { SecretBoxes, ViewportBox } from '../types.js';

type Box = ViewportBox;
type Scope = Document | ShadowRoot | Element;

const hasArea = (box: Box): boolean => box[2] > 0 && box[3] > 0;

/**
 * Whether a field shows something that must be covered: it is a password field, was filled from a secret, or draws a
 * secret as its value or placeholder.
 */
function secretField(el: HTMLInputElement | HTMLTextAreaElement, wanted: Wanted): boolean {
  if (el instanceof HTMLInputElement && el.type === 'password') return true;
  return secretValue(el) !== undefined || shows(el.value, wanted) || shows(el.placeholder, wanted);
}

/** The boxes under `scope` (its tree's root, or an element in it) that show a secret. */
function placesUnder(scope: Scope, wanted: Wanted, into: Box[]): void {
  const all = <E extends Element>(selector: string): E[] => [
    ...(scope instanceof Element && scope.matches(selector) ? [scope as E] : []),
    ...Array.from(scope.querySelectorAll<E>(selector)),
  ];
  const add = (el: Element): number => into.push(asBox(el.getBoundingClientRect()));
  for (const field of all<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))
    if (secretField(field, wanted)) add(field);
  for (const editor of all('[contenteditable]')) if (secretValue(editor) !== undefined) add(editor);
  // A closed select draws its chosen option's label, a list box several: whichever holds a secret, the select is
  // covered.
  for (const select of all<HTMLSelectElement>('select'))
    if (Array.from(select.options).some((option) => shows(option.label, wanted))) add(select);
  // A broken image draws its alternative text.
  for (const image of all('img[alt], input[type="image"][alt]'))
    if (shows(image.getAttribute('alt') ?? '', wanted)) add(image);
  const root = scope instanceof Element ? (scope.getRootNode() as Document | ShadowRoot) : scope;
  textPlaces(scope, wanted, styleFacts(root, wanted), into);
}

/** An iframe's content box: where its document's viewport is drawn. */
function contentBox(frame: HTMLIFrameElement): Box {
  const rect = frame.getBoundingClientRect();
  const style = getComputedStyle(frame);
  const left = frame.clientLeft + parseFloat(style.paddingLeft);
  const top = frame.clientTop + parseFloat(style.paddingTop);
  return [
    rect.left + left,
    rect.top + top,
    frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    frame.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
  ];
}

function iframes(roots: readonly (Document | ShadowRoot)[] = [document, ...shadowRoots()]): HTMLIFrameElement[] {
  return roots.flatMap((root) => Array.from(root.querySelectorAll<HTMLIFrameElement>('iframe')));
}

/** Elements the last reading before a capture found that may hide a closed shadow root. */
let hosts: Element[] = [];

/**
 * What to cover in this document's picture, for the secrets' `forms` (the values as pages show
 * them) and the credential `shapes` (regular expression sources), and its frames to ask next:
 * SecretBoxes as JSON (BiDi would cut its nested lists short). The reading `before` a capture
 * starts watching the page's changes; the one `after` it adds what the watch found.
 */
export function secretBoxes(
  forms: string[],
  shapes: string[],
  clipUid: string | null,
  phase: 'before' | 'after' = 'after',
): string {
  const wanted = wantedOf(forms, shapes);
  const boxes: Box[] = [];
  hosts = [];
  const roots = [document, ...shadowRoots(phase === 'before' ? hosts : undefined)];
  for (const root of roots) placesUnder(root, wanted, boxes);
  if (phase === 'before') {
    watchChanges(roots, (scopes) => {
      const found: Box[] = [];
      for (const scope of scopes) placesUnder(scope, wanted, found);
      return found;
    });
  } else boxes.push(...endWatch());
  const clipped = clipUid === null ? null : element(clipUid);
  const unique = new Map(boxes.filter(hasArea).map((box) => [box.join(), box]));
  const found: SecretBoxes = {
    boxes: [...unique.values()],
    iframes: iframes(roots).map(contentBox),
    scroll: [scrollX, scrollY],
    pixelRatio: devicePixelRatio,
    hosts: hosts.length,
    ...(clipped ? { clip: asBox(clipped.getBoundingClientRect()) } : {}),
  };
  return JSON.stringify(found);
}

/**
 * The elements the last reading found that may host a closed shadow root, for BiDi to serialize with their roots; each
 * is asked about once.
 */
export function pictureHosts(): Element[] {
  const asked = hosts;
  hosts = [];
  markChecked(asked);
  return asked;
}

/**
 * The windows of the iframes secretBoxes() gave boxes for, in the same order (BiDi names each one's browsing context).
 */
export function iframeWindows(): (Window | null)[] {
  return iframes().map((frame) => frame.contentWindow);
}

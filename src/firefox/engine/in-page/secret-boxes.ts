/**
 * Where a document shows what no picture of it may show: password fields, fields filled from a
 * named secret (whatever they hold now), and any text or field value holding one of the secret's
 * forms. A screenshot covers these boxes before it leaves (page/picture.ts); nothing is written
 * into the page, so nothing of it can be kept or sent by the page.
 */
import { shadowRoots } from './closed-roots.js';
import { INLINE_TAGS } from './dom.js';
import { element } from './registry.js';
import { secretValue } from './secret-fields.js';
import type { SecretBoxes, ViewportBox } from '../types.js';

type Box = ViewportBox;

const asBox = (rect: DOMRect): Box => [rect.left, rect.top, rect.width, rect.height];
const hasArea = (box: Box): boolean => box[2] > 0 && box[3] > 0;

/** The document and every shadow root in it, closed ones the engine has learnt included. */
function roots(): (Document | ShadowRoot)[] {
  return [document, ...shadowRoots()];
}

/** What to look for in text: the secrets' forms, and the shapes of credentials (tokens, keys). */
interface Wanted {
  forms: readonly string[];
  shapes: readonly RegExp[];
}

/** Where in `text` a secret's form or a credential's shape runs: [start, end] pairs. */
function runs(text: string, wanted: Wanted): [number, number][] {
  const found: [number, number][] = [];
  for (const form of wanted.forms) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + form.length)) found.push([at, at + form.length]);
  }
  for (const shape of wanted.shapes) for (const match of text.matchAll(shape)) found.push([match.index, match.index + match[0].length]);
  return found;
}

/** Whether a field shows something that must be covered: it is a password field, was filled from a secret, or holds a secret's form or a credential. */
function secretField(el: HTMLInputElement | HTMLTextAreaElement, wanted: Wanted): boolean {
  if (el instanceof HTMLInputElement && el.type === 'password') return true;
  return secretValue(el) !== undefined || runs(el.value, wanted).length > 0;
}

/** The nearest ancestor of `node` that is not an inline element by its tag: text under the same one reads as one line of text. */
function flowOf(node: Text): Element | null {
  let el = node.parentElement;
  while (el && INLINE_TAGS.has(el.localName)) el = el.parentElement;
  return el;
}

/** The boxes of each run of text that is a secret's form or a credential, also where inline elements split it (`<b>ab</b>cd`). */
function textBoxes(root: Document | ShadowRoot, wanted: Wanted, into: Box[]): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let group: Text[] = [];
  let flow: Element | null = null;
  const search = (): void => {
    const text = group.map((node) => node.data).join('');
    // Where each node starts in the joined text, to turn a run of it back into a range of the nodes.
    const starts: number[] = [];
    group.reduce((at, node) => (starts.push(at), at + node.data.length), 0);
    const place = (offset: number, end: boolean): [Text, number] => {
      let index = starts.length - 1;
      while (index > 0 && ((starts[index] ?? 0) > offset || (end && starts[index] === offset))) index--;
      return [group[index] as Text, offset - (starts[index] ?? 0)];
    };
    for (const [start, end] of runs(text, wanted)) {
      const range = document.createRange();
      range.setStart(...place(start, false));
      range.setEnd(...place(end, true));
      for (const rect of Array.from(range.getClientRects())) into.push(asBox(rect));
    }
  };
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const its = flowOf(node);
    if (its !== flow && group.length) {
      search();
      group = [];
    }
    flow = its;
    group.push(node);
  }
  if (group.length) search();
}

/** An iframe's content box: where its document's viewport is drawn. */
function contentBox(frame: HTMLIFrameElement): Box {
  const rect = frame.getBoundingClientRect();
  const style = getComputedStyle(frame);
  const left = frame.clientLeft + parseFloat(style.paddingLeft);
  const top = frame.clientTop + parseFloat(style.paddingTop);
  return [rect.left + left, rect.top + top, frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), frame.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)];
}

function iframes(): HTMLIFrameElement[] {
  return roots().flatMap((root) => Array.from(root.querySelectorAll<HTMLIFrameElement>('iframe')));
}

/**
 * What to cover in this document's picture, for the secrets' `forms` (the values as pages show
 * them) and the credential `shapes` (regular expression sources), and its frames to ask next:
 * SecretBoxes as JSON (BiDi would cut its nested lists short).
 */
export function secretBoxes(forms: string[], shapes: string[], clipUid: string | null): string {
  const wanted: Wanted = { forms: forms.filter((form) => form.length > 0), shapes: shapes.map((source) => new RegExp(source, 'g')) };
  const boxes: Box[] = [];
  for (const root of roots()) {
    for (const field of Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))) {
      if (secretField(field, wanted)) boxes.push(asBox(field.getBoundingClientRect()));
    }
    for (const editor of Array.from(root.querySelectorAll('[contenteditable]'))) {
      if (secretValue(editor) !== undefined) boxes.push(asBox(editor.getBoundingClientRect()));
    }
    textBoxes(root, wanted, boxes);
  }
  const clipped = clipUid === null ? null : element(clipUid);
  const found: SecretBoxes = {
    boxes: boxes.filter(hasArea),
    iframes: iframes().map(contentBox),
    scroll: [scrollX, scrollY],
    pixelRatio: devicePixelRatio,
    ...(clipped ? { clip: asBox(clipped.getBoundingClientRect()) } : {}),
  };
  return JSON.stringify(found);
}

/** The windows of the iframes secretBoxes() gave boxes for, in the same order (BiDi names each one's browsing context). */
export function iframeWindows(): (Window | null)[] {
  return iframes().map((frame) => frame.contentWindow);
}

/** What actions need in the page: where an element is, what covers it, values keys cannot type, drag and drop. */
import type { ActionTarget, ControlReading } from '../types.js';
import { collapse } from './text.js';
import { deepActiveElement, deepElementFromPoint, flatParentElement, TEXT_INPUT_TYPES } from './dom.js';
import { composedContains, describeModal, openModal } from './modal.js';
import { Labels, listedRoleAndName, roleAndName } from './names.js';
import { describe, describeCover, describeFocus, sameWidget } from './covers.js';
import { drawingCanvas } from './canvas-parts.js';
import { element } from './registry.js';
import { finiteAnimationRunning } from './unobserved.js';
import { offersOf } from './offers.js';
import { shownPartOf } from './visibility.js';
import { selectorOf } from './selectors.js';
import { submittedForm } from './approval.js';
import { asBox } from './secret-text.js';

/**
 * The part of `r` that shows: inside the viewport and every ancestor that clips what overflows it
 * (an option of a scrolled list is in the viewport, but hidden by the list until the list scrolls
 * to it; a code editor's line is a million pixels wide, and shows where its editor does). Null
 * when none of it shows.
 */
function shownRect(el: Element, r: DOMRect): DOMRect | null {
  let [left, top, right, bottom] = [
    Math.max(r.left, 0),
    Math.max(r.top, 0),
    Math.min(r.right, innerWidth),
    Math.min(r.bottom, innerHeight),
  ];
  for (
    let ancestor = flatParentElement(el);
    ancestor && ancestor !== document.documentElement && ancestor !== document.body && left < right && top < bottom;
    ancestor = flatParentElement(ancestor)
  ) {
    const style = getComputedStyle(ancestor);
    // A box-less wrapper (display: contents) clips nothing, whatever its overflow says.
    if ((style.overflowX === 'visible' && style.overflowY === 'visible') || style.display === 'contents') continue;
    const box = ancestor.getBoundingClientRect();
    const [boxLeft, boxTop] = [box.left + ancestor.clientLeft, box.top + ancestor.clientTop];
    [left, top, right, bottom] = [
      Math.max(left, boxLeft),
      Math.max(top, boxTop),
      Math.min(right, boxLeft + ancestor.clientWidth),
      Math.min(bottom, boxTop + ancestor.clientHeight),
    ];
  }
  return left < right && top < bottom ? new DOMRect(left, top, right - left, bottom - top) : null;
}

/**
 * A field whose page reacts to typing after a pause (a search box, a filter, an autocomplete):
 * such pages debounce their work by a few hundred milliseconds, so an action on it waits longer.
 */
function searchLike(el: Element, role: string, name: string): boolean {
  if (role === 'searchbox' || role === 'combobox') return true;
  if (el.hasAttribute('aria-autocomplete') || el.hasAttribute('aria-controls') || el.hasAttribute('list')) return true;
  return /search|filter/i.test(`${name} ${el.getAttribute('placeholder') ?? ''}`);
}

/** Whether the element takes typed text: a text-like input, a textarea or editable content. */
function takesText(el: Element): boolean {
  const tag = el.localName;
  return (
    (tag === 'input' && TEXT_INPUT_TYPES.has((el as HTMLInputElement).type)) ||
    tag === 'textarea' ||
    (el as HTMLElement).isContentEditable
  );
}

/** Whether what has focus is a field the page reacts to after a pause (see searchLike): typing into it waits longer. */
export function focusSearchLike(): boolean {
  const el = deepActiveElement();
  if (!el || !takesText(el)) return false;
  const { role, name } = roleAndName(el, new Labels());
  return searchLike(el, role, name);
}

/** Inside an element with the inert attribute, in its own tree or around a shadow host that holds it. */
function insideInert(el: Element): boolean {
  for (let at: Element | null = el; at; at = (at.getRootNode() as Partial<ShadowRoot>).host ?? null)
    if (at.closest('[inert]')) return true;
  return false;
}

/**
 * Scrolls the element into view and says what a click at its centre would hit; returns [the element to point at,
 * ActionTarget JSON].
 */
export function prepareAction(uid: string): [Element, string] | null {
  const el = element(uid);
  if (!el) return null;
  // A control kept out of sight is clicked where a person clicks it: a hidden checkbox's label, a field's widget.
  const labels = new Labels();
  // A part a canvas draws has no box of its own: the canvas is what shows.
  const canvas = drawingCanvas(el);
  const shown = canvas ?? shownPartOf(el, labels);
  const rects = shown.getClientRects();
  let rect = rects[0] ?? shown.getBoundingClientRect();
  // Scrolled to when it could show whole and does not, or shows nothing; a box larger than the view is clicked where it
  // shows.
  const fits = rect.width <= innerWidth && rect.height <= innerHeight;
  const whole = (r: DOMRect): boolean => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  let part = shownRect(shown, rect);
  if (!part || (fits && !(whole(rect) && part.width === rect.width && part.height === rect.height))) {
    shown.scrollIntoView({ block: 'center', inline: fits ? 'center' : 'nearest', behavior: 'instant' });
    rect = shown.getClientRects()[0] ?? shown.getBoundingClientRect();
    part = shownRect(shown, rect);
  }
  const clicked = part ?? rect;
  const x = clicked.left + clicked.width / 2;
  const y = clicked.top + clicked.height / 2;
  // Input goes to the element's in-view centre (WebDriver's element origin: its first box within the
  // viewport), moved by this much to where it shows (inside what clips it).
  const viewLeft = Math.max(rect.left, 0);
  const viewTop = Math.max(rect.top, 0);
  const offsetX = Math.round(x - (viewLeft + Math.min(rect.right, innerWidth)) / 2);
  const offsetY = Math.round(y - (viewTop + Math.min(rect.bottom, innerHeight)) / 2);
  const hit = deepElementFromPoint(x, y);
  let coveredBy: string | undefined;
  let coverMoving = false;
  // What a person clicks for it (its label, its widget) takes the click for it.
  if (hit && !canvas && !composedContains(el, hit) && !(shown !== el && composedContains(shown, hit))) {
    // The lookup cannot enter a closed shadow root: when it stops at a host around el, el's own root judges.
    const own = composedContains(hit, el) ? (el.getRootNode() as Document | ShadowRoot).elementFromPoint(x, y) : null;
    // A click on a control's label reaches the control (checked through the label, not el.labels, see Labels).
    const viaLabel = hit.closest('label')?.control === el;
    // Clicks pass through an element that takes none (pointer-events: none, as a code editor's lines) to the one around
    // it.
    const through = composedContains(hit, el) && getComputedStyle(el).pointerEvents === 'none';
    const cover = own ?? hit;
    if (!(own && composedContains(el, own)) && !viaLabel && !through && !sameWidget(el, cover)) {
      coveredBy = describeCover(cover);
      // A cover that fades or slides may be gone a moment later: Node waits for that, then asks again.
      if (finiteAnimationRunning()) coverMoving = true;
    }
  }
  const tag = el.localName;
  // The page may have renamed it since the snapshot listed it: an approver judges what it says now.
  const now = roleAndName(el, labels);
  const { role, name } = listedRoleAndName(el, now);
  const input = el as HTMLInputElement;
  const editable = takesText(el);
  const submits = submittedForm(el);
  const target: ActionTarget = {
    tag,
    css: selectorOf(el),
    role,
    name,
    now: { ...now, ...(submits ? { submits } : {}) },
    box: asBox(clicked),
    disabled: el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true',
    x,
    y,
    inViewport: x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight,
    editable,
  };
  if (coveredBy) target.coveredBy = coveredBy;
  if (canvas) target.drawnBy = describe(canvas);
  if (coverMoving) target.coverMoving = true;
  if (offsetX || offsetY) target.offset = [offsetX, offsetY];
  if (insideInert(el)) target.inert = true;
  if ((tag === 'input' || tag === 'textarea') && input.readOnly) target.readonly = true;
  if (editable) target.value = tag === 'input' || tag === 'textarea' ? input.value : (el as HTMLElement).innerText;
  const modal = openModal();
  if (modal && !composedContains(modal, el)) target.blockedBy = describeModal(modal);
  if (el.hasAttribute('aria-expanded')) target.expanded = el.getAttribute('aria-expanded') === 'true';
  if (editable && searchLike(el, role, name)) target.searchLike = true;
  if (tag === 'input') {
    target.inputType = input.type;
    if (input.type === 'checkbox' || input.type === 'radio') target.checked = input.checked;
  }
  return [shown, JSON.stringify(target)];
}

/** What the control behind `uid` holds now; null when it is gone. */
export function readControl(uid: string): ControlReading | null {
  const el = element(uid);
  if (!el) return null;
  const reading: ControlReading = { value: null };
  if (el instanceof HTMLInputElement) {
    if (el.type === 'checkbox' || el.type === 'radio') reading.checked = el.checked;
    else reading.value = el.value;
  } else if (el instanceof HTMLTextAreaElement) {
    reading.value = el.value;
  } else if (el instanceof HTMLSelectElement) {
    reading.value = Array.from(el.selectedOptions, (option) => collapse(option.label || option.text)).join(', ');
    reading.optionValues = Array.from(el.selectedOptions, (option) => option.value);
  } else if ((el as HTMLElement).isContentEditable) {
    reading.value = (el as HTMLElement).innerText;
  }
  const expanded = el.getAttribute('aria-expanded');
  if (expanded !== null) reading.expanded = expanded === 'true';
  const offers = reading.expanded && el.getAttribute('role') === 'combobox' ? offersOf(el) : undefined;
  if (offers) [reading.offers, reading.offerCount] = [offers.names, offers.count];
  const active = deepActiveElement();
  if (!active || !composedContains(el, active)) reading.focusedElsewhere = describeFocus(active);
  return reading;
}

/** Selects all of a text field's content, so that typing replaces it. */
export function selectContent(uid: string): boolean {
  const el = element(uid);
  if (!el) return false;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    el.focus();
    el.select();
    return true;
  }
  if ((el as HTMLElement).isContentEditable) {
    (el as HTMLElement).focus();
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return true;
  }
  return false;
}

/**
 * Puts text into an editable element (a rich or code editor) as one insertion into its selection,
 * the way a paste does: the editor's own beforeinput and input handlers see one `insertText`, so
 * its auto-closing brackets and auto-indent do not rewrite what a person pastes. An empty text
 * deletes the selection. Returns false when the document refused the command (the caller types
 * the keys instead).
 */
export function insertText(uid: string, text: string): boolean {
  const el = element(uid);
  if (!el || !(el as HTMLElement).isContentEditable) return false;
  const doc = el.ownerDocument;
  try {
    // The one way to insert text through the editor's own input path (beforeinput, input, undo).
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
    return text === '' ? doc.execCommand('delete', false) : doc.execCommand('insertText', false, text);
  } catch {
    return false;
  }
}

/**
 * Sets a value that keys cannot type (a select's option, a date or colour input) the way a
 * person's pick would end: value set, then input and change events. Returns an error text or ''.
 */
export function setValue(uid: string, value: string): string {
  const el = element(uid);
  if (!el) return 'element is gone';
  if (el instanceof HTMLSelectElement) {
    const options = Array.from(el.options);
    const wanted = value.trim().toLowerCase();
    const option =
      options.find((item) => item.label === value || item.text === value) ??
      options.find((item) => item.value === value) ??
      options.find((item) => collapse(item.label || item.text).toLowerCase() === wanted);
    if (!option)
      return `no option has the label or value ${JSON.stringify(value)}; the options are ${options.map((item) => JSON.stringify(collapse(item.label || item.text))).join(', ')}`;
    if (option.disabled) return `the option ${JSON.stringify(option.label)} is disabled`;
    option.selected = true;
  } else if (el instanceof HTMLInputElement) {
    el.value = value;
    if (el.value !== value && value !== '')
      return `the ${el.type} input did not accept ${JSON.stringify(value)} (the format it expects, such as 2024-01-31 for a date, is required)`;
  } else {
    return 'it is not a select or input';
  }
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return '';
}

/** What shows: boxes, display:contents, checkVisibility with the options the walks use. */
import { deepElementFromPoint, flatParentElement } from './dom.js';

/** checkVisibility options, made once: each call converts them through the sandbox's wrappers. */
export const SEEN = { opacityProperty: true, visibilityProperty: true };
const VISIBLE = { visibilityProperty: true };

/**
 * The element's box, or null when it renders nothing (display:none and the like). An element
 * with display:contents has no box of its own yet its children render: its box is its content's,
 * and `boxless` says so.
 */
export function boxOf(el: Element): { rect: DOMRect; boxless: boolean } | null {
  const rect = el.getBoundingClientRect();
  // Every element with display:none has an empty box; only then is the costlier check needed.
  if (rect.width !== 0 || rect.height !== 0 || el.checkVisibility()) return { rect, boxless: false };
  if (getComputedStyle(el).display !== 'contents') return null;
  return { rect: contentRect(el), boxless: true };
}

/** The box of what a box-less element (display: contents) holds. */
export function contentRect(el: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range.getBoundingClientRect();
}

/**
 * A form field drawn transparent that still takes clicks: a styled checkbox's input over its
 * picture, a text field while its floating label rests over it. (A transparent button or link
 * shows nothing to click, so it stays out.)
 */
export function transparentControl(el: Element): boolean {
  const tag = el.localName;
  return (
    (tag === 'input' || tag === 'select' || tag === 'textarea') &&
    el.checkVisibility(VISIBLE) &&
    getComputedStyle(el).pointerEvents !== 'none'
  );
}

/** Hidden from assistive technology by aria-hidden="true". */
export function ariaHidden(el: Element, has: (name: string) => boolean): boolean {
  return has('aria-hidden') && el.getAttribute('aria-hidden') === 'true';
}

/**
 * Shown to screen readers only (a 1-pixel clipped box, or moved far off the left edge): a
 * reading of the page as a person sees it leaves it out; the accessibility tree keeps it.
 */
export function screenReaderOnly(el: Element, rect: DOMRect): boolean {
  if (rect.width <= 1 || rect.height <= 1) {
    const style = getComputedStyle(el);
    return style.overflowX !== 'visible' || style.overflowY !== 'visible';
  }
  return movedOff(rect);
}

/**
 * Moved far off the page's left or top edge, a way to hide from the eye and keep for screen readers or the keyboard.
 */
function movedOff(rect: DOMRect): boolean {
  return rect.right + scrollX < -500 || rect.bottom + scrollY < -500;
}

/**
 * Input types that sites hide and draw anew (a styled checkbox, a switch, a file button): their label is what a person
 * clicks.
 */
export const STAND_IN_TYPES = new Set(['checkbox', 'radio', 'file']);

/**
 * Not seen by the eye, though it may be in the accessibility tree: hidden, transparent, a pixel or less, or moved
 * off-screen.
 */
export function visuallyHidden(el: Element): boolean {
  return !el.checkVisibility(SEEN) || outOfSight(el.getBoundingClientRect());
}

/**
 * A field the page parked: out of the tab order as well as out of sight (a chip input's original
 * field, which holds the chips as JSON, or a searchable select's native select, behind the widget
 * that replaced it; a honeypot). Nobody types into it, so it is not listed unless a widget around
 * it stands for it, and its label is words on the page.
 */
export function parkedField(el: Element): boolean {
  if (!WIDGET_BACKED.has(el.localName) || !el.hasAttribute('tabindex') || (el as HTMLElement).tabIndex >= 0)
    return false;
  // A styled checkbox or radio is clicked through its label (see standIn), parked or not.
  return !STAND_IN_TYPES.has((el as HTMLInputElement).type) && visuallyHidden(el);
}

/** A box a pixel or less wide or high, or moved off the page. */
export function outOfSight(rect: DOMRect): boolean {
  return rect.width <= 1 || rect.height <= 1 || movedOff(rect);
}

/** The first label of `control` that a person can see and click. */
export function visibleLabel(
  control: Element,
  labels: { of(control: Element): HTMLLabelElement[] | undefined },
): HTMLLabelElement | undefined {
  return labels.of(control)?.find((label) => {
    const rect = label.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1 && label.checkVisibility(SEEN);
  });
}

/** Native fields that script widgets draw anew over a hidden original (a custom select, a date field). */
const WIDGET_BACKED = new Set(['select', 'input', 'textarea']);

/**
 * A native field that a script's widget stands for (Choices.js, Select2 and the like draw their
 * own select over the real one): hidden by its attribute, or drawn transparent with something
 * else on top of it. A person uses the widget; the field is not offered.
 */
export function behindWidget(el: Element, tag: string, has: (name: string) => boolean, rect: DOMRect): boolean {
  if (!WIDGET_BACKED.has(tag) || STAND_IN_TYPES.has((el as HTMLInputElement).type)) return false;
  if (has('hidden')) return true;
  if (el.checkVisibility(SEEN)) return false;
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = deepElementFromPoint(x, y);
  return hit !== null && hit !== el && !el.contains(hit) && hit.closest('label')?.control !== el;
}

/** The widget that stands for a native field: the nearest ancestor with a widget role. */
export function widgetFor(field: Element): Element | null {
  return (
    field.parentElement?.closest(
      '[role="combobox"], [role="listbox"], [role="button"], [role="textbox"], [role="searchbox"]',
    ) ?? null
  );
}

/**
 * Elements that hold a page's parts, never one control: a field whose first shown ancestor is one of these has no
 * widget.
 */
const CONTAINER_TAGS = new Set([
  'html',
  'body',
  'form',
  'fieldset',
  'main',
  'section',
  'article',
  'aside',
  'nav',
  'header',
  'footer',
  'dialog',
  'table',
  'tbody',
  'thead',
  'tr',
  'ul',
  'ol',
  'p',
]);

/** The tallest box that still reads as one control (a field, a select with a row of chips), not a form or a page. */
const CONTROL_HEIGHT = 160;

/**
 * The widget a person sees for a field it keeps out of sight as its focus or typing target
 * (transparent, a pixel, parked off-screen, under the widget's own drawing): the field's nearest
 * ancestor that shows, with an area, when that is the size of a control. The widget is what is
 * listed and clicked, with the field's role, name and states; null for a field with no such
 * widget (a honeypot off-screen in a form).
 */
export function proxyWidgetOf(field: Element): Element | null {
  if (!WIDGET_BACKED.has(field.localName) || (field as HTMLInputElement).type === 'hidden') return null;
  for (let el = flatParentElement(field); el; el = flatParentElement(el)) {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1 || movedOff(rect) || !el.checkVisibility(SEEN)) continue;
    // A text area's widget is an editor, as tall as the text it shows.
    if ((rect.height > CONTROL_HEIGHT && field.localName !== 'textarea') || CONTAINER_TAGS.has(el.localName))
      return null;
    // A box that shows a field of its own is a form's row, not this field's widget (a honeypot beside an email field).
    return Array.from(el.querySelectorAll('input:not([type="hidden"]), select, textarea')).some(
      (other) => other !== field && !visuallyHidden(other),
    )
      ? null
      : el;
  }
  return null;
}

/**
 * The element a person sees and clicks for a control: the label of a hidden checkbox, the widget of a field kept out of
 * sight, or the control.
 */
export function shownPartOf(el: Element, labels: { of(control: Element): HTMLLabelElement[] | undefined }): Element {
  if (!visuallyHidden(el)) return el;
  const label =
    el.localName === 'input' && STAND_IN_TYPES.has((el as HTMLInputElement).type)
      ? visibleLabel(el, labels)
      : undefined;
  if (label) return label;
  // A transparent control that takes clicks where it lies (TodoMVC's toggle over its picture) is clicked there.
  const rect = el.getBoundingClientRect();
  if (
    !outOfSight(rect) &&
    transparentControl(el) &&
    !behindWidget(el, el.localName, (name) => el.hasAttribute(name), rect)
  )
    return el;
  return proxyWidgetOf(el) ?? el;
}

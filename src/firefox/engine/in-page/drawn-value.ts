/**
 * The value a custom select draws in an element of its own beside the input it keeps empty (a
 * select showing "Europe" in a span over its read-only input, a searchable select showing its
 * choice before the search field): a person reads that as the select's value.
 */
import { collapse } from './text.js';
import { CONTROLS } from './covers.js';

/** How far up from its input a widget draws its value, at most. */
const WIDGET_DEPTH = 3;
/** A widget is small: a box holding the input and more than this is a form, not a select. */
const MAX_WIDGET_AREA = 600 * 120;

/** The words a box shows outside labels and the input, from elements that show (not made transparent or hidden). */
function shownWords(box: Element, input: HTMLInputElement): string {
  const words: string[] = [];
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('label') || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (getComputedStyle(parent).color === 'rgba(0, 0, 0, 0)') continue;
    words.push((node as Text).data);
  }
  const text = collapse(words.join(' '));
  return text === collapse(input.placeholder) ? '' : text;
}

/** The value the combobox `input` (empty itself) shows through its widget; undefined when none shows. */
export function drawnValue(input: HTMLInputElement): string | undefined {
  let box = input.parentElement;
  for (let depth = 0; box && depth < WIDGET_DEPTH; depth++, box = box.parentElement) {
    if (box === document.body) return undefined;
    const rect = box.getBoundingClientRect();
    if (rect.width * rect.height > MAX_WIDGET_AREA || box.querySelectorAll(CONTROLS).length > 1) return undefined;
    const words = shownWords(box, input);
    if (words) return words.length > 200 ? undefined : words;
  }
  return undefined;
}

/**
 * What a widget draws for a field it keeps out of sight or empty: a custom select's choice shown
 * in a span beside its input ("Europe" over a read-only input), a code editor's lines drawn in
 * elements while it takes keys through a hidden text area. A person reads that as the value.
 */
import { collapse } from './text.js';
import { CONTROLS } from './covers.js';
import { visuallyHidden } from './visibility.js';

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
    if (
      !parent ||
      parent.closest('label') ||
      !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    )
      continue;
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

/** Lines an editor draws, at most, as a value. */
const MAX_LINES = 200;

/**
 * The lines a code editor draws for the text area it keeps out of sight (a pixel wide, or
 * transparent) and takes keys through: the text of the box around it that is drawn as lines,
 * gutter numbers left out. Undefined for a text area that shows itself, or a box that draws no lines.
 */
export function drawnLines(area: HTMLTextAreaElement): string | undefined {
  if (!visuallyHidden(area) && getComputedStyle(area).opacity !== '0') return undefined;
  for (let box = area.parentElement; box && box !== document.body; box = box.parentElement) {
    const rect = box.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    if (box.querySelectorAll(CONTROLS).length > 1) return undefined;
    // innerText is what is drawn, aria-hidden or not: the editor hides its lines from readers, who read the text area.
    const lines = box.innerText
      .split('\n')
      .map((line) => line.replace(/\s+$/, ''))
      .filter((line) => line.trim() && !/^\s*\d+\s*$/.test(line));
    return lines.length ? lines.slice(0, MAX_LINES).join('\n') : undefined;
  }
  return undefined;
}

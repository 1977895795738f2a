/** What an open combobox offers: the options its list shows, as a person reads them. */
import { clip, collapse } from './text.js';

/** Names of options an answer quotes, at most. */
const QUOTED = 8;

/**
 * The listbox a combobox opens: the one it names (aria-controls, aria-owns, its active option's), or the one listbox
 * that shows.
 */
function listOf(combobox: Element): Element | null {
  const root = combobox.getRootNode() as Document | ShadowRoot;
  const ids = [
    combobox.getAttribute('aria-controls'),
    combobox.getAttribute('aria-owns'),
    combobox.getAttribute('aria-activedescendant'),
  ]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean);
  for (const id of ids) {
    const named = root.getElementById(id);
    const list = named?.closest('[role="listbox"]') ?? named?.querySelector('[role="listbox"]') ?? null;
    if (list) return list;
  }
  const shown = Array.from(root.querySelectorAll('[role="listbox"]')).filter((list) => list.checkVisibility());
  return shown.length === 1 ? (shown[0] ?? null) : null;
}

/** The options the combobox's open list shows, the first few by name, and how many; undefined when no list shows. */
export function offersOf(combobox: Element): { names: string[]; count: number } | undefined {
  const list = listOf(combobox);
  if (!list) return undefined;
  const options = Array.from(list.querySelectorAll('[role="option"]')).filter(
    (option) => option.checkVisibility() && option.getAttribute('aria-disabled') !== 'true',
  );
  const names = options
    .slice(0, QUOTED)
    .map((option) => clip(collapse(option.getAttribute('aria-label') ?? (option as HTMLElement).innerText), 80));
  return { names, count: options.length };
}

/**
 * An element as a snapshot lists it without its uid, and what a step did to a page, said so that
 * another page load (with other uids) can be checked against it: the words of a recording's
 * targets and effects, with nothing of who took the step.
 */
import type { TargetDescription } from '../page/targets.js';

/** The CSS path that found exactly the element when it was recorded (never data-mcp-uid). */
export interface RecordedCss {
  /** The selector inside the element's own root (its document or shadow root). */
  selector: string;
  /** The open shadow roots' hosts around it, outermost first, each a selector in the tree that holds it. */
  shadowHosts: string[];
  /** The iframes that hold it, outermost first, each a selector (with ` >> ` between shadow hosts). */
  frames: string[];
}

/** What a step acted on, by role and name (page.locate finds it), and by CSS when role and name miss. */
export interface RecordedTarget extends TargetDescription {
  css?: RecordedCss;
}

/** One element of the page as a snapshot lists it, without its uid: what a step made appear, change or go. */
export interface RecordedElement {
  role: string;
  name?: string;
  /** Its own text, when it has text beside (or instead of) a name. */
  text?: string;
  /** A field's value, or a checkbox's, radio's or switch's checked state, after the step. */
  value?: string;
  checked?: boolean;
  /** An option (or tab, row) that is the selected one. */
  selected?: boolean;
  /** The snapshot line without uid and focus: the exact state a replay compares. */
  line: string;
}

/** A container's items in the order a step left them, each by its line. */
export interface RecordedOrder {
  container: string;
  items: string[];
}

/** What a page shows after a step, as a check compares it: its URL and title, and what appeared, went or moved. */
export interface ExpectedEffect {
  /** The page's URL after the step. */
  url?: string;
  /** The document's title after a step that loaded a new one. */
  title?: string;
  /**
   * What the first snapshot after the step showed that the last one before it did not: new elements, and elements whose
   * state changed (as they are now).
   */
  appeared?: RecordedElement[];
  /** Elements the last snapshot before the step showed and the first one after it no longer did. */
  gone?: RecordedElement[];
  /** Lists (any element with children) whose items the step put in another order: the same items, as they stand now. */
  reordered?: RecordedOrder[];
}

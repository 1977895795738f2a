/**
 * The recording format: what a session did, step by step, said without uids, so that a script
 * or a replay can do it again on a fresh page and check each step's effect. A documented,
 * versioned JSON file (README: "Recording"); later versions only add optional fields.
 */
import type { TargetDescription } from '../page/targets.js';

/** What the file says it is, so a reader can tell a recording and its version from any JSON. */
export const RECORDING_FORMAT = 'firefox-bidi-mcp recording';
export const RECORDING_VERSION = 1;

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

export interface RecordedEffect {
  /** The page's URL after the step. */
  url?: string;
  /** The document's title after a step that loaded a new one. */
  title?: string;
  /** A dialog the step opened (alert, confirm, prompt, beforeunload) and its message. */
  dialog?: { type: string; message: string };
  /**
   * What the first snapshot after the step showed that the last one before it did not: new elements, and elements whose
   * state changed (as they are now).
   */
  appeared?: RecordedElement[];
  /** Elements the last snapshot before the step showed and the first one after it no longer did. */
  gone?: RecordedElement[];
  /** Lists (any element with children) whose items the step put in another order: the same items, as they stand now. */
  reordered?: RecordedOrder[];
  /** The answer's own lines (notes and what was done), secrets by name. */
  answer: string[];
}

export interface RecordedStep {
  /** The MCP tool called (the same names for the CLI). */
  tool: string;
  /**
   * Where the step typed its secrets: the origin of the document its target was in. A replay types them there or
   * nowhere.
   */
  secretOrigin?: string;
  /** Its arguments as called, secret values written <secret>NAME</secret>. */
  args: Record<string, unknown>;
  /** What each uid argument named (`uid`, `from_uid`, `elements.0.uid`…), when a snapshot listed it. */
  targets?: Record<string, RecordedTarget>;
  effect: RecordedEffect;
  /** When it started (ISO 8601) and how long it took, in ms. */
  at: string;
  ms: number;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  startedAt: string;
  /**
   * The names of the secrets the session was given: the only ones a script reads from the environment, and a replay
   * types.
   */
  secrets?: string[];
  steps: RecordedStep[];
}

/** Shapes shared by the in-page library and the Node side. Types only: nothing here exists at run time in the page. */

export type NameSource = 'aria-labelledby' | 'aria-label' | 'label' | 'alt' | 'title' | 'placeholder' | 'text' | 'value' | 'unknown';

/** One kept element, as the walker reports it. */
export interface RawNode {
  uid: string;
  tag: string;
  role: string;
  name?: string;
  nameSource?: NameSource;
  /** Visible text that belongs to this element and to none of its kept descendants. */
  text?: string;
  value?: string;
  /** An input's type attribute. */
  type?: string;
  checked?: 'true' | 'false' | 'mixed';
  selected?: boolean;
  expanded?: boolean;
  pressed?: 'true' | 'false' | 'mixed';
  disabled?: boolean;
  required?: boolean;
  readonly?: boolean;
  invalid?: boolean;
  focused?: boolean;
  level?: number;
  href?: string;
  src?: string;
  /** Is it something a person can act on (click, type into, pick)? */
  interactive?: boolean;
  /** x, y, width, height in CSS pixels, relative to the viewport. */
  box: [number, number, number, number];
  children?: RawNode[];
}

export interface WalkOptions {
  snapshotId: number;
  /** Write data-mcp-uid on kept elements (default true). */
  stamp: boolean;
}

export interface WalkResult {
  url: string;
  title: string;
  snapshotId: number;
  viewport: { width: number; height: number; scrollX: number; scrollY: number; documentHeight: number };
  /** Elements visited and kept, and the walk's time in the page (ms). */
  stats: { visited: number; kept: number; ms: number };
  nodes: RawNode[];
}

/** What the library knows about a uid it is asked to act on. */
export type UidLookup =
  | { status: 'ok' }
  | { status: 'unknown-snapshot' }
  | { status: 'unknown-uid' }
  | { status: 'removed' };

/** Where an element stands before an action: what a click at its centre would hit. */
export interface ActionTarget {
  tag: string;
  role: string;
  name: string;
  disabled: boolean;
  /** The element a click at the centre would land on, when it is neither the target nor inside it. */
  coveredBy?: string;
  /** Centre in viewport CSS pixels, after scrolling into view. */
  x: number;
  y: number;
  inViewport: boolean;
  editable: boolean;
  inputType?: string;
  /** A checkbox's or radio's state. */
  checked?: boolean;
  /** Inside an element with draggable="true" (HTML5 drag and drop). */
  draggable?: boolean;
}

/**
 * The page as Markdown sees it: a compact tree of visible blocks and inline runs, arranged from
 * the snapshot walk's reading (from-reading.ts) and rendered by render.ts. Keys are short: `k`
 * is the kind, `c` the content.
 */

/** A control's state, as ARIA spells tri-states. */
export type TriState = 'true' | 'false' | 'mixed';

/** Something a person can act on (agent view only): a form control or an element with a widget role. */
export interface MdControl {
  k: 'control';
  /**
   * ARIA role: button, textbox, searchbox, checkbox, radio, combobox, listbox, slider, spinbutton, switch, tab,
   * menuitem…
   */
  role: string;
  tag: string;
  /** An input's type attribute. */
  type?: string;
  name?: string;
  /** Text, the selected options, a slider's value; a password is never copied, only `••••••••`. */
  value?: string;
  checked?: TriState;
  pressed?: TriState;
  expanded?: boolean;
  selected?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** The element's uid (agent view), from the same registry as snapshots'. */
  uid?: string;
}

export type MdInline =
  | { k: 'text'; v: string }
  | { k: 'strong' | 'em' | 'del'; c: MdInline[] }
  | { k: 'code'; v: string }
  /** href is absolute. */
  | { k: 'link'; href: string; c: MdInline[]; uid?: string }
  | { k: 'img'; alt: string; src: string }
  | { k: 'br' }
  | MdControl;

export interface MdListItem {
  c: MdBlock[];
  /** A task list item: whether its checkbox is checked. */
  task?: boolean;
  /** The task checkbox's uid (agent view). */
  taskUid?: string;
}

export interface MdCell {
  c: MdBlock[];
  /** A th. */
  header?: boolean;
  colspan?: number;
  rowspan?: number;
}

export interface MdRow {
  /** In thead, or made of th cells only. */
  header?: boolean;
  cells: MdCell[];
}

/** Which landmark a condensed chrome line stands for. */
export type ChromeLandmark = 'navigation' | 'banner' | 'contentinfo' | 'complementary' | 'search';

export type MdBlock =
  | { k: 'heading'; level: number; c: MdInline[] }
  | { k: 'paragraph'; c: MdInline[] }
  | { k: 'list'; ordered: boolean; start?: number; items: MdListItem[] }
  /** `layout`: the page said so (role=presentation/none); the renderer also infers it. */
  | { k: 'table'; rows: MdRow[]; caption?: MdInline[]; layout?: boolean }
  | { k: 'code'; text: string; lang?: string }
  | { k: 'blockquote'; c: MdBlock[] }
  | { k: 'image'; alt: string; src: string }
  | { k: 'hr' }
  /** Navigation, header, footer, sidebar or search: its links, controls and short texts, in order. */
  | { k: 'chrome'; landmark: ChromeLandmark; label?: string; items: MdInline[] };

/** The page as blocks, with its address and title. */
export interface MdDocument {
  url: string;
  title: string;
  blocks: MdBlock[];
}

export type MarkdownView = 'document' | 'agent';

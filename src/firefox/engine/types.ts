/** Shapes shared by the in-page library and the Node side. Types only: nothing here exists at run time in the page. */

export type NameSource =
  | 'aria-labelledby'
  | 'aria-label'
  | 'label'
  | 'alt'
  | 'title'
  | 'placeholder'
  | 'text'
  | 'value'
  | 'heading'
  | 'unknown';

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
  /** An empty field's placeholder that its name does not say (the form to type: DD/MM/YYYY). */
  placeholder?: string;
  /** What a control shows when its label says something else: a button showing "Mar" labelled "Choose a month". */
  shows?: string;
  /** An input's type attribute. */
  type?: string;
  checked?: 'true' | 'false' | 'mixed';
  selected?: boolean;
  expanded?: boolean;
  pressed?: 'true' | 'false' | 'mixed';
  /** aria-sort of a column or row header sorted by it. */
  sort?: 'ascending' | 'descending' | 'other';
  /**
   * A table or grid that says its size (aria-rowcount, aria-colcount): the data rows and columns shown of all, "1–20 of
   * 100" (header rows not counted).
   */
  rows?: string;
  cols?: string;
  /** A list whose items say their place (aria-posinset, aria-setsize): the items shown of all, "7281–7300 of 10000". */
  items?: string;
  disabled?: boolean;
  required?: boolean;
  readonly?: boolean;
  invalid?: boolean;
  focused?: boolean;
  level?: number;
  href?: string;
  src?: string;
  /**
   * A link inside its parent's running text, which shows it as `[words](uid=…)`: the text export prints it there only.
   */
  inline?: boolean;
  /** Behind an open modal dialog: it cannot be used until the dialog closes. */
  blocked?: boolean;
  /** A control inside inert content (the inert attribute): it shows, but nobody can use it. */
  inert?: boolean;
  /** Is it something a person can act on (click, type into, pick)? */
  interactive?: boolean;
  /** How reliable the name is (interactive elements): strong, weak (title, placeholder, a glyph), or unknown (none). */
  nameStatus?: 'strong' | 'weak' | 'unknown';
  /** Where it sits in the viewport (interactive elements): a 3×3 grid, or above/below/left/right of it. */
  zone?: string;
  /** An unnamed control that shows an icon (svg, img, icon font) instead of text. */
  icon?: boolean;
  /** An editor (rich text, code): its blocks or lines are listed inside it, and Markdown reads them as blocks. */
  editor?: boolean;
  /**
   * A line of an editor that holds the caret: the words either side of it, the caret shown as | ('' when only the line
   * is known).
   */
  caret?: string;
  /** The text selected in an editor. */
  selection?: string;
  /** The number an editor's gutter shows beside this line. */
  line?: number;
  /**
   * A box of content the keyboard can reach (a scrolling code sample): its content is listed inside it, and it needs no
   * name.
   */
  holdsContent?: boolean;
  /** A custom element (its tag has a hyphen). */
  custom?: boolean;
  /** It hosts a shadow root: open, or closed (reached through BiDi, which no page script can do). */
  shadow?: 'open' | 'closed';
  /** For an iframe: the frame's URL and browsing context, or why it could not be entered. */
  frame?: { url: string; context?: string; error?: string };
  /** x, y, width, height in CSS pixels, relative to the viewport. */
  box: [number, number, number, number];
  children?: RawNode[];
  /**
   * Read for the Markdown views only (WalkOptions.content): a code block's language, a cell's spans, a row in the
   * table's head, an ordered list's first number.
   */
  lang?: string;
  start?: number;
  colspan?: number;
  rowspan?: number;
  head?: boolean;
}

/** A node of a content reading: what shows inside it, text and nodes, in reading order. */
export interface ContentNode extends Omit<RawNode, 'children'> {
  content?: ContentRun[];
}

/** Words, or a node; a node of tag `br` is a line break, one of role `break` the end of a block. */
export type ContentRun = string | ContentNode;

/** What a walk with `content` gives: the page in reading order, for the Markdown views. */
export interface ContentReading {
  url: string;
  title: string;
  content: ContentRun[];
}

export interface WalkOptions {
  snapshotId: number;
  /** Write data-mcp-uid on kept elements (default true), never inside editable content (see registry stamp()). */
  stamp: boolean;
  /** New uids of this snapshot count up from here (frames of one page share the snapshot id). */
  counterStart?: number;
  /** Walk only the elements these selectors match (named layers), instead of the whole document. */
  rootSelectors?: string[];
  /** Reuse what the last walk read of subtrees in which nothing changed (default true; false reads everything). */
  reuse?: boolean;
  /**
   * List what only looks clickable (a pointer cursor, a named tabindex=-1 element) as well as what ARIA and focus say
   * (default true; false measures what that costs).
   */
  looksClickable?: boolean;
  /**
   * Read the page for the Markdown views: its content in reading order, with emphasis, code,
   * line breaks and absolute URLs; uids for what can be acted on ('agent') or none at all
   * ('document'). Such a walk leaves the last snapshot's reading alone.
   */
  content?: 'agent' | 'document';
}

/** What a walk tells about a page. */
export interface PageReading {
  url: string;
  title: string;
  viewport: { width: number; height: number; scrollX: number; scrollY: number; documentHeight: number };
  /** The uid of the open modal dialog, when one is open: what lies outside it is blocked. */
  modal?: string;
  /**
   * Elements visited and kept, and the walk's time in the page (ms); `reused` when no document changed since the last
   * snapshot, whose reading this is; `read`, the elements read anew (the rest came from the last walk, where nothing in
   * them changed).
   */
  stats: { visited: number; kept: number; ms: number; reused?: boolean; read?: number };
  nodes: RawNode[];
}

/** A walk's answer: the reading, and what Node needs to go on (frames, closed shadow roots). */
export interface WalkResult extends PageReading {
  snapshotId: number;
  /** The highest uid counter of this snapshot id in this document after the walk. */
  lastCounter: number;
  /** uids of kept iframes, and of custom elements that may host a closed shadow root. */
  iframes: string[];
  closedHostCandidates: string[];
  /**
   * The number of this reading of the document, while it is one a walk would give again (see the engine's changes.ts).
   */
  readingNumber?: number;
}

/** What the library knows about a uid it is asked to act on. */
export type UidLookup =
  { status: 'ok' } | { status: 'unknown-snapshot' } | { status: 'unknown-uid' } | { status: 'removed' };

/** What a control holds after an action, to check that the action took. */
export interface ControlReading {
  /** The text or the chosen options' labels; null for what holds no value. */
  value: string | null;
  /** A select's chosen options' values (what a program may have asked for instead of a label). */
  optionValues?: string[];
  checked?: boolean;
  expanded?: boolean;
  /**
   * A combobox whose list is open: the options it offers (their names, the first few) and how many (flat: a call's
   * answer keeps two levels).
   */
  offers?: string[];
  offerCount?: number;
  /**
   * Where the focus is when it is not in the control (described as describe() does, or "the page"): where keys meant
   * for it went.
   */
  focusedElsewhere?: string;
}

/** Where an element stands before an action: what a click at its centre would hit. */
/** An element's CSS selector within its root (document or shadow root), and those of the shadow hosts around it. */
export interface ElementSelector {
  selector: string;
  /** Outermost first. */
  shadowHosts: string[];
}

/** An element an action is about to act on, as it reads at that moment: what an approver judges (page/approval.ts). */
export interface PendingTarget {
  role: string;
  name: string;
  /** The form a click on it (or Enter in it) submits: its accessible name and where it is sent. */
  submits?: { name: string; action: string };
}

export interface ActionTarget {
  tag: string;
  /** Where it is, for a script to find it again (the frames around its document are Node's to say). */
  css: ElementSelector;
  role: string;
  name: string;
  /** Its role and name read now, not as the last snapshot listed them, and the form it submits. */
  now: PendingTarget;
  disabled: boolean;
  /** The open modal dialog it is behind (a person cannot reach it until the dialog closes). */
  blockedBy?: string;
  /** Inside inert content: the page made it unusable. */
  inert?: boolean;
  /** The element a click at the centre would land on, when it is neither the target nor inside it. */
  coveredBy?: string;
  /** Where a click on it lands: the box it shows in, in its document's viewport. */
  box: ViewportBox;
  /** The canvas that draws it in place of its fallback content (it has no box of its own to click). */
  drawnBy?: string;
  /** Something on the page was animating when the cover was found (it may be fading or sliding away). */
  coverMoving?: boolean;
  /** Centre in viewport CSS pixels, after scrolling into view. */
  x: number;
  y: number;
  inViewport: boolean;
  editable: boolean;
  /** What a text field holds before the action (never shown: it is compared with what it holds after). */
  value?: string;
  /** A read-only text field: typing changes nothing. */
  readonly?: boolean;
  /** An element with aria-expanded (a combobox, a menu button): whether it is open. */
  expanded?: boolean;
  inputType?: string;
  /** A checkbox's or radio's state. */
  checked?: boolean;
  /**
   * A text field the page reacts to after a pause (search, filter, autocomplete): the settle after typing waits longer.
   */
  searchLike?: boolean;
  /**
   * Where to click from the element's in-view centre (WebDriver's element origin) when it shows elsewhere: a box larger
   * than what clips it.
   */
  offset?: [number, number];
}

/** What the engine tells the witness (page/witness.ts) of an element Firefox's accessibility engine found. */
export interface WitnessFact {
  /** The uid our readings gave it, if any (the witness checks it is in the snapshot compared). */
  uid: string | null;
  /** A person can see it: a box with an area, shown, not kept for screen readers only. */
  seen: boolean;
  /** Tag, id, classes and first words, for a report. */
  element: string;
  /** A native field a script's widget stands for (the widget is listed instead). */
  behindWidget?: boolean;
  /** It has aria-selected (a row with a selection state). */
  selectable?: boolean;
  /** It holds text or a control (a grid cell with content). */
  content?: boolean;
  /** Editable content (contenteditable, designMode). */
  editable?: boolean;
  /** A widget standing for a native field inside it (the field is behind it): named by that field's label. */
  standsForField?: boolean;
  /** Inside a shadow root whose host a label names. */
  labelledAcrossShadow?: boolean;
  /** Its author's role needs a container it is not in (an option outside a listbox). */
  outsideContext?: boolean;
  /**
   * Texts its accessible name may be, whitespace collapsed as accname does (and nothing more), for the witness to ask
   * Firefox which it is.
   */
  nameCandidates?: string[];
}

/** x, y, width, height in CSS pixels, from the top left of a document's viewport. */
export type ViewportBox = [number, number, number, number];

/** Where a document shows what no picture may show (secretBoxes), and what places it in a picture. */
export interface SecretBoxes {
  boxes: ViewportBox[];
  /**
   * The content box of each iframe, in the order iframeWindows() gives their windows: their documents are asked in
   * turn.
   */
  iframes: ViewportBox[];
  /** How far the document is scrolled: a whole-page picture starts at its top, not the viewport's. */
  scroll: [number, number];
  /** CSS pixel to picture pixel. */
  pixelRatio: number;
  /**
   * How many elements may hide a closed shadow root no reading has entered (pictureHosts gives them, for BiDi to reach
   * their roots).
   */
  hosts: number;
  /** The box of the element a picture is clipped to, when one is named and still there. */
  clip?: ViewportBox;
}

/** What the field of a fill holds once the page is quiet after the keys, and where keys that strayed went. */
export interface TypedField {
  quiet: boolean;
  /** Keys that went elsewhere than the field, and where the focus was; null when none did. */
  stray: { keys: number; to: string } | null;
  held: ControlReading | null;
}

/**
 * What an input action did, as data: the client says what happened, and its caller words it (the MCP server's answer
 * line: src/mcp/action-line.ts). Values the page or the caller typed are masked as every answer masks them: a named
 * secret as `<secret>NAME</secret>`, a password as bullets.
 */

/** A mouse button, by name. */
export type MouseButton = 'left' | 'middle' | 'right';

/** An element as a snapshot lists it: what an answer names it by (`uid=1_4 button "Sign in"`). */
export interface NamedElement {
  uid: string;
  /** Its role; `generic` for an element with none, which is named by its tag instead. */
  role: string;
  /** Its tag name, lower case. */
  tag: string;
  /** Its accessible name; empty when it has none. */
  name: string;
}

/** Where a click into editable content left the caret, read back so the next keys are not typed blind. */
export type CaretAfterClick =
  /** The page moved the focus: the caret is not in the element. */
  | { elsewhere: true }
  /** Text is selected (masked). */
  | { selected: string }
  /** The caret stands after this text (masked); empty at the start. */
  | { after: string };

/** How a drag ended: whether the page took it, and what became of the dragged element. */
export interface DragOutcome {
  /**
   * A native HTML5 drag, finished for the page (Firefox does not drop one started from automation): whether a drop
   * target took the drop. Absent for a drag the page follows with pointer events.
   */
  html5Drop?: 'taken' | 'refused';
  /**
   * The dragged element moved, was drawn anew (where it is now needs a snapshot), or stayed where it was; absent when
   * that could not be read.
   */
  dragged?: 'moved' | 'redrawn' | 'stayed';
}

/** What an action did, or the step it had reached when a dialog stopped it (see ActionResult.stopped). */
export type ActionDone =
  /**
   * A click, or a double click (`count` 2), with `button`. A click into editable content says where the caret went; a
   * click on a part a canvas draws is a `focus` instead.
   */
  | { kind: 'click'; target: NamedElement; count: 1 | 2; button: MouseButton; caret?: CaretAfterClick }
  | { kind: 'hover'; target: NamedElement }
  /** A drag onto `to`; `outcome` once it ended (not when a dialog opened first). */
  | { kind: 'drag'; from: NamedElement; to: NamedElement; outcome?: DragOutcome }
  /**
   * Text put into a field: typed into a text input or text area (`field`), inserted into editable content as a paste
   * (`editor`), or typed into a combobox whose list then showed what it offers (`combobox`: typed there, nothing
   * chosen; ActionResult.offers lists them). `value` is masked; a password's is bullets.
   */
  | { kind: 'fill'; target: NamedElement; value: string; into: 'field' | 'editor' | 'combobox' }
  /** A select's option, or the value of a date, time, colour or range input, set (masked). */
  | { kind: 'set'; target: NamedElement; value: string }
  /**
   * A checkbox or radio filled with true or false: clicked to that state, or `already` in it, when nothing was done.
   */
  | { kind: 'check'; target: NamedElement; checked: boolean; already: boolean }
  /** Files chosen for a file input: how many. */
  | { kind: 'upload'; target: NamedElement; fileCount: number }
  /** A key or combination, as given (`Enter`, `Control+Shift+R`). */
  | { kind: 'press'; keys: string }
  /**
   * Text typed into whatever had the focus (masked), and Enter after it with `submit`. `stray`: the page moved the
   * focus while the keys went in, so `keys` of them went elsewhere, and the focus is now on `focus` (masked).
   */
  | { kind: 'type'; text: string; submit: boolean; stray?: { keys: number; focus: string } }
  /**
   * Words selected inside an element, or the caret put at their `caret` end; with a caret, `before` is the text the
   * caret stands after, read back.
   */
  | { kind: 'selectText'; target: NamedElement; text: string; caret?: 'start' | 'end'; before?: string }
  /**
   * A part a canvas draws, given the focus a keyboard gives it, since it has no place of its own to click (`drawnBy`
   * names the canvas; absent until the focus is taken).
   */
  | { kind: 'focus'; target: NamedElement; drawnBy?: string }
  /** Scrolled to a place in one move: the page (no `container`) or a container by uid; `moved` in CSS pixels. */
  | { kind: 'scrollTo'; container?: string; to: 'start' | 'end' | number; moved: number }
  /** Scrolled with the wheel that way: `moved` CSS pixels of the `asked`. */
  | {
      kind: 'scroll';
      container?: string;
      direction: 'up' | 'down' | 'left' | 'right';
      moved: number;
      asked: number;
    }
  /** A person's click in the live view, at a point of the viewport (CSS pixels). */
  | { kind: 'personClick'; x: number; y: number }
  /** A person's wheel turn in the live view. */
  | { kind: 'personWheel'; x: number; y: number; deltaX: number; deltaY: number }
  /**
   * The first step of an action by uid, before its element was known: scrolling it into view (a click, a hover, a
   * drag's source), or finding it for a fill, an upload, a drop or a text selection.
   */
  | { kind: 'preparing'; uid: string; for: 'view' | 'fill' | 'upload' | 'drop' | 'selectText' }
  /** A step of a fill before its text went in: the click into the field, or its focus. */
  | { kind: 'fillStep'; target: NamedElement; step: 'clickInto' | 'focus' };

/** The data of one kind of action. */
export type DoneOf<K extends ActionDone['kind']> = Extract<ActionDone, { kind: K }>;

/** The element of `uid` as answers name it, from what the action read of it. */
export function namedElement(uid: string, target: { role: string; tag: string; name: string }): NamedElement {
  return { uid, role: target.role, tag: target.tag, name: target.name };
}

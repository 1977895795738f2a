import type { PageReading, RawNode } from '../types.js';
import type { Observation, ViewportInfo } from './observe.js';
import type { LineForm } from '../../util/set-apart.js';
import { jsonString, oneLine, oneLineWithTabs } from '../../util/text.js';
import { CELL_ROLES, linkInText, SILENT_TYPES } from '../in-page/text.js';

/** A page as the walker saw it: the tree of kept elements, with the page's URL, title and viewport. */
export interface Snapshot extends PageReading {
  id: number;
  /** The browsing context (page) it was taken in. */
  pageId: string;
  /** How many interactive elements, how many weakly or not named, and whether exact UI claims are safe. */
  observation: Observation;
  /** With `viewport: true`: only what intersects the viewport was kept; this says how much lies outside. */
  viewportInfo?: ViewportInfo;
  /** With `layers`: the named layers the snapshot was limited to. */
  layers?: string[];
}

export interface FormatOptions {
  /** Also show where each name came from and each element's box. */
  verbose?: boolean;
  /** Show each interactive element's zone (viewport snapshots do). */
  zones?: boolean;
}

export type SnapshotNode = RawNode;

const MAX_TEXT = 500;
/** Input types a reader cannot guess from the role. */

// Page text on a snapshot line is quoted or escaped onto that line, hidden characters shown as
// \uXXXX (see text.ts): every line starts with an indent and a uid, never with page text.
function quote(text: string): string {
  if (text.length <= MAX_TEXT) return jsonString(text);
  return `${jsonString(text.slice(0, MAX_TEXT))}…(+${text.length - MAX_TEXT} chars)`;
}

/** An element's own text on its line, escaped onto it and cut at MAX_TEXT characters. */
function lineText(text: string): string {
  return text.length > MAX_TEXT
    ? `${oneLineWithTabs(text.slice(0, MAX_TEXT))}…(+${text.length - MAX_TEXT} chars)`
    : oneLineWithTabs(text);
}

/**
 * What a line calls the element: its role, or a generic element's tag (escaped: a custom element's name can hold almost
 * anything).
 */
export function roleLabel(node: SnapshotNode): string {
  return node.role === 'generic' ? oneLine(node.tag) : node.role;
}

/**
 * One element as one line: `1_7 textbox "Email" value="a@b.c" required`; verbose adds where the name came from and the
 * box.
 */
export function formatNode(node: SnapshotNode, options: FormatOptions = {}): string {
  const { verbose = false, zones = verbose } = options;
  // The line starts with the uid itself: every line has one, so a label for it would be noise.
  const parts = [node.uid, roleLabel(node)];
  // A name taken from a heading inside is said by the heading's own line.
  if (node.name && node.nameSource !== 'heading') parts.push(quote(node.name));
  if (node.type && !SILENT_TYPES.has(node.type)) parts.push(`type=${oneLine(node.type)}`);
  // A value that only repeats the name (a field named by its own text) is said once.
  if (node.value !== undefined && node.value !== node.name) parts.push(`value=${quote(node.value)}`);
  if (node.placeholder !== undefined) parts.push(`placeholder=${quote(node.placeholder)}`);
  if (node.shows !== undefined) parts.push(`shows=${quote(node.shows)}`);
  // A checkbox, radio or switch that does not say checked is unchecked.
  if (node.checked === 'true' || node.checked === 'mixed')
    parts.push(node.checked === 'true' ? 'checked' : 'checked=mixed');
  if (node.selected) parts.push('selected');
  if (node.expanded !== undefined) parts.push(node.expanded ? 'expanded' : 'collapsed');
  if (node.pressed !== undefined)
    parts.push(node.pressed === 'true' ? 'pressed' : node.pressed === 'mixed' ? 'pressed=mixed' : 'not-pressed');
  if (node.sort !== undefined) parts.push(`sorted=${node.sort}`);
  if (node.rows !== undefined) parts.push(`rows=${quote(node.rows)}`);
  if (node.items !== undefined) parts.push(`items=${quote(node.items)}`);
  if (node.cols !== undefined) parts.push(`cols=${quote(node.cols)}`);
  if (node.disabled) parts.push('disabled');
  if (node.blocked) parts.push('blocked');
  if (node.inert) parts.push('inert');
  if (node.required) parts.push('required');
  if (node.readonly) parts.push('readonly');
  if (node.invalid) parts.push('invalid');
  if (node.focused) parts.push('focused');
  if (node.level !== undefined) parts.push(`level=${node.level}`);
  if (node.line !== undefined) parts.push(`line=${node.line}`);
  if (node.caret !== undefined) parts.push(node.caret ? `caret=${quote(node.caret)}` : 'caret');
  if (node.selection !== undefined) parts.push(`selection=${quote(node.selection)}`);
  // A link to a place on the same page says where with its name; its #fragment adds nothing.
  if (node.href !== undefined && !node.href.startsWith('#')) parts.push(`href=${quote(node.href)}`);
  if (node.frame)
    parts.push(
      node.frame.error
        ? `src=${quote(node.frame.url)} not-entered=${quote(node.frame.error)}`
        : `url=${quote(node.frame.url)}`,
    );
  else if (node.src !== undefined) parts.push(`src=${quote(node.src)}`);
  if (node.nameStatus === 'unknown') parts.push(node.icon ? 'no-name icon' : 'no-name');
  else if (node.nameStatus === 'weak') parts.push('weak-name');
  if (zones && node.zone) parts.push(`zone=${node.zone}`);
  // The JSON says which elements are custom and host open shadow roots; the text says only what no script could reach.
  if (node.shadow === 'closed') parts.push('shadow=closed');
  if (verbose && node.custom) parts.push('custom');
  if (verbose) {
    if (node.nameSource) parts.push(`name-from=${node.nameSource}`);
    parts.push(`box=${node.box.join(',')}`);
  }
  let line = parts.join(' ');
  if (node.text && node.text !== node.name) line += `: ${lineText(node.text)}`;
  return line;
}

/** The header line: which snapshot of which page, and how far its names can be trusted. */
export function formatHeader(snapshot: Snapshot): string {
  const { observation: seen, viewportInfo: outside } = snapshot;
  const parts = [`snapshot=${snapshot.id}`, `url=${jsonString(snapshot.url)}`, `title=${jsonString(snapshot.title)}`];
  // Only a warning is worth its tokens: when names are too weak for exact claims about the UI.
  if (seen.exactUiClaims !== 'safe') parts.push(`exact-ui-claims=${seen.exactUiClaims}`);
  if (snapshot.modal) parts.push(`modal=${oneLine(snapshot.modal)} (what is marked blocked lies behind it)`);
  if (snapshot.layers) parts.push(`layers=${snapshot.layers.join(',')}`);
  // A scrolled container's reading is what it shows, and where it stands is its own place, not the page's.
  if (outside)
    parts.push(
      `${outside.container === undefined ? 'viewport-only' : `container=${outside.container}`} above=${outside.above}px (${outside.screensAbove} screens) below=${outside.below}px (${outside.screensBelow} screens)`,
    );
  return parts.join(' ');
}

/** The text export for a model: a header line, then one line per element. */
export function formatSnapshotText(snapshot: Snapshot, options: FormatOptions = {}): string {
  const body = formatSnapshotBody(snapshot, options);
  return body ? `${formatHeader(snapshot)}\n${body}` : formatHeader(snapshot);
}

/** The lines under the header: one per element, two spaces of indent per depth. */
export function formatSnapshotBody(snapshot: Snapshot, options: FormatOptions = {}): string {
  // Zones are said in a viewport snapshot, and in a verbose one (its promise: name sources, boxes and zones).
  const format = {
    ...options,
    zones: options.zones ?? (options.verbose === true || snapshot.viewportInfo !== undefined),
  };
  const lines: string[] = [];
  const visit = (nodes: readonly SnapshotNode[], depth: number): void => {
    const indent = '  '.repeat(depth);
    // Long names the sibling before said: a look-alike control on every row is named in full once.
    let before = new Set<string>();
    for (const node of nodes) {
      if (node.inline) continue;
      if (!format.verbose && passesThrough(node)) {
        if (node.children) visit(node.children, depth);
        continue;
      }
      const start = lines.length;
      const { line, holdsChildren } = elementLine(node, format);
      lines.push(indent + line);
      if (node.children && !holdsChildren) visit(node.children, depth + 1);
      if (!format.verbose) before = shortenRepeats(lines, start, before);
    }
  };
  visit(snapshot.nodes, 0);
  return lines.join('\n');
}

/**
 * A name this long, said again on the next sibling's lines, is cut to its first words there. (The quote comes before
 * the look behind it, so a scan finds quotes first rather than trying the look at every character.)
 */
const REPEATED_NAME = /"(?<=\d_\d+ [\w-]+ ")((?:[^"\\]|\\.){24,})"/g;

/**
 * Cuts the long names of `lines` from `start` that `before` holds to their first words; gives the long names they hold.
 */
function shortenRepeats(lines: string[], start: number, before: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  for (let index = start; index < lines.length; index++) {
    lines[index] = (lines[index] ?? '').replace(REPEATED_NAME, (whole, name: string) => {
      names.add(name);
      return before.has(name) ? `"${name.slice(0, name.indexOf(' ', 10) > 0 ? name.indexOf(' ', 10) : 12)}…"` : whole;
    });
  }
  return names;
}

/** What a cell or a link in a row line may hold besides its words, for the row to stay on one line. */
const PLAIN_KEYS = new Set([
  'uid',
  'tag',
  'role',
  'name',
  'nameSource',
  'text',
  'box',
  'children',
  'href',
  'nameStatus',
  'zone',
  'interactive',
  'custom',
]);

/**
 * A node that says nothing beyond its role, its words and its children: no state, no value, no name of its own making.
 */
function plain(node: SnapshotNode, interactive: boolean): boolean {
  if (Boolean(node.interactive) !== interactive) return false;
  for (const key of Object.keys(node)) if (!PLAIN_KEYS.has(key)) return false;
  return true;
}

/** Words in a row line: on one line, with the pipe that parts cells escaped. */
function inCell(words: string): string {
  return oneLineWithTabs(words).replace(/\|/g, '\\|');
}

/** A control in a row line: its own line in brackets, [4_13 checkbox "Select row" checked]. */
function bracketed(node: SnapshotNode): string {
  return `[${inCell(formatNode(node)).replace(/\]/g, '\\]')}]`;
}

/**
 * A cell's words with its links put in place as [words](uid=…) and its controls as their own
 * lines in brackets, [4_13 checkbox "Select row" checked] (in place of their name, or after the
 * words); undefined when it holds more than links and single controls.
 */
function cellWords(cell: SnapshotNode): string | undefined {
  let words = inCell(cell.name ?? cell.text ?? '');
  if (words.length > MAX_TEXT) return undefined;
  let from = 0;
  for (const child of cell.children ?? []) {
    if (child.children || !child.interactive) return undefined;
    const link = child.role === 'link' && plain(child, true);
    const name = inCell(child.name ?? '');
    // A control the cell's words name, or (a field showing what it holds) whose value they repeat, is said once, as the
    // control.
    const said = [name, link ? '' : inCell(child.value ?? '')].find((part) => part && words.includes(part, from)) ?? '';
    const at = said ? words.indexOf(said, from) : -1;
    if (link && at < 0) return undefined;
    const written = link ? linkInText(name, child.uid) : bracketed(child);
    if (at < 0) {
      words = words ? `${words} ${written}` : written;
      from = words.length;
    } else {
      // The cell's name holds a field's value too (accname): beside the text that shows it, it is said once.
      const rest = words.slice(at + said.length);
      words =
        words.slice(0, at) +
        written +
        (said === name || !rest.startsWith(` ${said}`) ? rest : rest.slice(said.length + 1));
      from = at + written.length;
    }
  }
  return words;
}

/**
 * A table row as one line, with its states, its cells parted by " | " and the links and controls
 * in them kept in place: `4_9 row selected: [4_10 checkbox "Select" checked] | [Widget 1](uid=4_12)
 * | Open`. Only for rows of plain cells (no state of their own); any other row keeps a line per cell.
 */
function rowLine(node: SnapshotNode): string | undefined {
  if (node.role !== 'row' || !node.children?.length || node.text) return undefined;
  // A header row keeps a line per header: a click on a header sorts or filters.
  if (node.children.some((cell) => cell.role === 'columnheader')) return undefined;
  const cells: string[] = [];
  for (const cell of node.children) {
    // A cell a person uses itself (a calendar's day) keeps its uid, role, name and states in place.
    if (cell.interactive && CELL_ROLES.has(cell.role) && !cell.children) {
      cells.push(bracketed(cell));
      continue;
    }
    // A cell named apart from what it shows (a calendar's day, its events inside) keeps a line of its own.
    if (
      !CELL_ROLES.has(cell.role) ||
      !plain(cell, false) ||
      (cell.name !== undefined && cell.text !== undefined && cell.text !== cell.name)
    )
      return undefined;
    const words = cellWords(cell);
    if (words === undefined) return undefined;
    cells.push(words);
  }
  return `${formatNode(node)}: ${cells.join(' | ')}`;
}

/**
 * A row group (thead, tbody) that says nothing but its rows: no name, no state, no words. It has
 * no line of its own in the text; its rows are listed in its place (the JSON keeps it).
 */
export function passesThrough(node: SnapshotNode): boolean {
  return (
    (node.role === 'rowgroup' && node.name === undefined && node.text === undefined && plain(node, false)) ||
    wrapsOneControl(node)
  );
}

/**
 * So does a custom element that only wraps one control and says nothing of its own (a design
 * system's <md-switch> around its switch, named as it is): the control's line says it all. A host
 * of a closed shadow root keeps its line (shadow=closed says what no script reaches).
 */
function wrapsOneControl(node: SnapshotNode): boolean {
  const only = node.children?.length === 1 ? node.children[0] : undefined;
  // The host may take clicks itself (it forwards them to its control): a generic role says it is no widget of its own.
  if (
    !node.custom ||
    node.role !== 'generic' ||
    node.text !== undefined ||
    node.shadow === 'closed' ||
    only?.interactive !== true
  )
    return false;
  if (node.name !== undefined && node.name !== only.name) return false;
  return Object.keys(node).every((key) => PLAIN_KEYS.has(key) || key === 'shadow');
}

/** A list item with no name and nothing but its words and children: a bullet. */
function isBullet(node: SnapshotNode): boolean {
  return node.role === 'listitem' && node.name === undefined && plain(node, false);
}

/** A list item as a bullet, `4_3 - words`: the role word says nothing the dash does not. */
function bulletLine(node: SnapshotNode): string {
  return node.text ? `${node.uid} - ${lineText(node.text)}` : `${node.uid} -`;
}

/**
 * One element's line in the text: a row of plain cells on one line (which then holds its
 * children), a plain list item as a bullet, anything else as formatNode writes it.
 */
export function elementLine(node: SnapshotNode, options: FormatOptions = {}): { line: string; holdsChildren: boolean } {
  if (options.verbose) return { line: formatNode(node, options), holdsChildren: false };
  const row = rowLine(node);
  if (row !== undefined) return { line: row, holdsChildren: true };
  return { line: isBullet(node) ? bulletLine(node) : formatNode(node, options), holdsChildren: false };
}

/** Every node of the tree, depth first. */
export function* allNodes(nodes: readonly SnapshotNode[]): Generator<SnapshotNode> {
  for (const node of nodes) {
    yield node;
    if (node.children) yield* allNodes(node.children);
  }
}

/** The forms of a snapshot's lines (see util/set-apart.ts): an element's line, led by its uid, and the header. */
export const SNAPSHOT_LINE_FORMS: readonly LineForm[] = [
  { form: 'uid line', start: String.raw`\d+(?:_\d+)+(?:[\s:]|$)`, example: '1_4 button "Confirm transfer"' },
  {
    form: 'snapshot header',
    start: String.raw`snapshot=\d`,
    example: 'snapshot=4 url="https://bank.example/" title="Bank"',
  },
];

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatSnapshotText, type ActedOn, type ActionResult, type UserContext, type Page } from '../firefox/index.js';
// Values from their modules, not the index: a response is built (and unit-tested) without loading the client.
import { DEFAULT_MAX_CHARS, pageOfText, type TextPage } from '../firefox/util/text-page.js';
import { quote, shorten } from '../firefox/util/text.js';
import {
  changesOnlyLine,
  continuationNote,
  countLine,
  cutLine,
  dialogLine,
  navigationEndLine,
  noteLine,
  pageLine,
  responseHeading,
  sectionHeading,
  type Noun,
} from './answer-frame.js';
import { actionLine } from './action-line.js';

/** Room for the heading, notes, a dialog and the page list on top of a call's text budget. */
const FRAME_CHARS = 8_000;
/**
 * The longest string in structured content, other than a paged text (pagedText): the text content
 * carries such strings whole, page by page, and structuredContent.cut names every one it cut.
 */
const MAX_STRUCTURED_STRING = 2_000;
/** The most paths structuredContent.cut lists; its count says how many there were. */
const MAX_CUT_PATHS = 20;

/** Where a value sits in structured content, as a program would reach it: messages[3].text. */
function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;
}

/** Shortens every long string inside a JSON-like value, noting the path of each one it cut. */
function shortenDeep(value: unknown, max: number, path: string, cut: string[]): unknown {
  if (typeof value === 'string') {
    if (value.length <= max) return value;
    cut.push(path);
    return shorten(value, max);
  }
  if (Array.isArray(value)) return value.map((item, index) => shortenDeep(item, max, childPath(path, index), cut));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, shortenDeep(item, max, childPath(path, key), cut)]),
    );
  return value;
}

/**
 * What an action changed: the changes since the page's last whole snapshot, or the whole page
 * when that says it in fewer words (or there is nothing to compare with). The whole reading is
 * one take_snapshot away.
 */
async function readingAfter(page: Page): Promise<{ title: ReadingTitle; text: string }> {
  const last = page.snapshotHistory.at(-1);
  const snapshot = await page.takeSnapshot(
    last && last.root === undefined && last.viewportInfo === undefined ? { since: last.id } : {},
  );
  if (!snapshot.diff) return { title: 'Page snapshot', text: snapshot.text };
  const whole = formatSnapshotText(snapshot);
  return whole.length <= snapshot.text.length
    ? { title: 'Page snapshot', text: whole }
    : { title: 'Changes', text: `${snapshot.text}\n${changesOnlyLine()}` };
}

/** A page of text with, when more follows, the note saying how to get it in place of its last line break. */
function withNote(page: TextPage): string {
  const note = continuationNote(page);
  return note === undefined ? page.text : `${page.text.replace(/\n$/, '')}\n${note}`;
}

/**
 * The sections an answer holds after its heading, notes and lines, each `## Title` and its lines,
 * in the one order defined here: the tool's own reading of the page, the open dialog, the page
 * list, and the snapshot an action was asked to include. Tools never write a heading themselves.
 */
const SECTION_ORDER = ['reading', 'dialog', 'pages', 'snapshot'] as const;
type SectionKind = (typeof SECTION_ORDER)[number];
/** What a tool's own reading is called: a whole snapshot, the changes since one, or the viewport after a scroll. */
export type ReadingTitle = 'Page snapshot' | 'Changes' | 'Viewport snapshot';

interface Section {
  kind: SectionKind;
  title: string;
  lines: string[];
}

function renderSections(sections: readonly Section[]): string[] {
  const ordered = [...sections].sort((a, b) => SECTION_ORDER.indexOf(a.kind) - SECTION_ORDER.indexOf(b.kind));
  return ordered.flatMap((section) => [sectionHeading(section.title), ...section.lines]);
}

/**
 * What a tool answers: its lines, then its sections (see SECTION_ORDER). Short Markdown for the
 * model, plus structuredContent for programs.
 */
export class ToolResponse {
  readonly #lines: string[] = [];
  /** The elements the call's actions acted on, as their results say (for the recording). */
  readonly #actedOn: ActedOn[] = [];
  readonly #sections: Section[] = [];
  readonly #structured: Record<string, unknown> = {};
  /** Keys of #structured that hold a paged text (pagedText). */
  readonly #pagedKeys = new Set<string>();
  readonly #images: { data: string; mimeType: string }[] = [];
  #includeSnapshot = false;
  #includePages = false;
  /** The answer's own lines once built: its notes and the tool's lines, before any section. */
  #ownLines: readonly string[] = [];

  /**
   * The call's window of long text: `budget` (its maxChars) also bounds the whole answer, plus a small frame; `start`
   * is its offset.
   */
  constructor(
    private readonly toolName: string,
    private readonly budget = DEFAULT_MAX_CHARS,
    private readonly start = 0,
  ) {}

  /** The window the call asked for, for a tool whose page API pages its own text (get_page_markdown). */
  get window(): { offset: number; maxChars: number } {
    return { offset: this.start, maxChars: this.budget };
  }

  line(text: string): this {
    this.#lines.push(text);
    return this;
  }

  structured(key: string, value: unknown): this {
    this.#structured[key] = value;
    return this;
  }

  /**
   * A text the tool already paged to the call's budget (maxChars, offset), for structured content:
   * kept whole there, as a program reading it must get the page it asked for.
   */
  pagedText(key: string, text: string): this {
    this.#pagedKeys.add(key);
    return this.structured(key, text);
  }

  /**
   * Adds a long text, the window of it the call asked for (maxChars from offset), with a note saying how to get the
   * rest and the paging fields.
   */
  text(text: string): this {
    this.#window(text);
    return this;
  }

  /** The tool's own reading of the page, as its section: the window of it the call asked for, paged as text() is. */
  reading(title: ReadingTitle, text: string): this {
    const lines: string[] = [];
    this.#window(text, lines);
    this.#sections.push({ kind: 'reading', title, lines });
    return this;
  }

  /**
   * Adds a list, one line per item under a line that counts them ("3 console messages.", "No
   * console messages."), paged as one text; structured content gets the items whose lines the
   * window shows, under `key`.
   */
  list<T>(key: string, items: readonly T[], noun: Noun, lineOf: (item: T) => string): this {
    const lines = [countLine(items.length, noun), ...items.map(lineOf)];
    const window = this.#window(lines.join('\n'));
    const end = window.offset + window.text.length;
    const shown: T[] = [];
    let at = lines[0]?.length ?? 0;
    for (const [index, item] of items.entries()) {
      const from = at + 1;
      at = from + (lines[index + 1]?.length ?? 0);
      if (from < end && at > window.offset) shown.push(item);
    }
    return this.structured(key, shown);
  }

  /**
   * The window of `text` the call asked for, with its note, added to `into` (the answer's lines unless a section's).
   */
  #window(text: string, into: string[] = this.#lines): TextPage {
    const result = pageOfText(text, { offset: this.start, maxChars: this.budget });
    into.push(withNote(result));
    this.structured('totalChars', result.totalChars)
      .structured('offset', result.offset)
      .structured('hasMore', result.hasMore)
      .structured('nextOffset', result.nextOffset)
      .structured('truncated', result.truncated)
      .structured('midLine', result.midLine);
    return result;
  }

  image(data: Buffer, mimeType: string): this {
    this.#images.push({ data: data.toString('base64'), mimeType });
    return this;
  }

  includeSnapshot(include = true): this {
    this.#includeSnapshot = include;
    return this;
  }

  includePages(): this {
    this.#includePages = true;
    return this;
  }

  /** Reports what an action led to: the action, a navigation, a dialog, an unsettled page. */
  action(result: ActionResult): this {
    this.#actedOn.push(...(result.targets ?? []));
    this.line(actionLine(result));
    if (result.offers) {
      const { names, count } = result.offers;
      const quoted = names.map((name) => quote(name)).join(', ');
      this.line(
        count === 0
          ? 'Its list shows no option for that text: nothing is chosen.'
          : `Its list is open and offers ${quoted}${count > names.length ? ` (${count} in all)` : ''}; nothing is chosen until one is clicked (take_snapshot lists their uids).`,
      );
    }
    if (result.navigated) {
      this.line(
        result.navigated.sameDocument
          ? `The page moved to ${result.navigated.url} (same document).`
          : `The page navigated to ${result.navigated.url}${result.navigated.complete ? '' : ' (still loading)'}.`,
      );
    }
    if (result.navigationEnded) this.line(navigationEndLine(result.navigationEnded));
    if (!result.settled && !result.dialog) {
      const waiting = result.pendingRequests
        ? `still waiting for ${result.pendingRequests === 1 ? 'a request' : `${result.pendingRequests} requests`} the action started`
        : 'still changing';
      this.line(
        `The page was ${waiting} when the wait ended; take a snapshot to see where it is${result.pendingRequests ? ' (or wait_for the text you expect)' : ''}.`,
      );
    }
    return this;
  }

  /**
   * The built answer's own lines (its notes and the tool's lines, before any section), whole: what a recording keeps of
   * a step.
   */
  get actedOn(): readonly ActedOn[] {
    return this.#actedOn;
  }

  get ownLines(): readonly string[] {
    return this.#ownLines;
  }

  /**
   * The answer: `page` is the page the tool acted on (its dialog and snapshot are shown); the selected page when none
   * or when it closed.
   */
  async build(userContext: UserContext | undefined, page: Page | undefined, notes: string[]): Promise<CallToolResult> {
    this.#ownLines = [...notes.map((note) => noteLine(note)), ...this.#lines];
    const head = [responseHeading(this.toolName), ...this.#ownLines];
    const sections = [...this.#sections];
    if (userContext && !userContext.closed) {
      const target = page && !page.disposed ? page : userContext.page;
      const dialog = target.getDialog();
      if (dialog) {
        sections.push({ kind: 'dialog', title: 'Open dialog', lines: [dialogLine(dialog)] });
        this.#structured.dialog = dialog;
      }
      if (!dialog) {
        // The list shows when asked for or when several pages are open; a lone page's title is not read.
        const pages = await userContext.listPages({ unlessAlone: !this.#includePages });
        if (pages) {
          sections.push({ kind: 'pages', title: 'Pages', lines: pages.map(pageLine) });
          this.#structured.pages = pages;
        }
        if (this.#includeSnapshot) {
          const { title, text } = await readingAfter(target);
          sections.push({ kind: 'snapshot', title, lines: [withNote(pageOfText(text, { maxChars: this.budget }))] });
        }
      }
    }
    let text = [...head, ...renderSections(sections)].join('\n');
    const limit = this.budget + FRAME_CHARS;
    if (text.length > limit) text = `${text.slice(0, limit)}\n${cutLine(limit)}`;
    return {
      content: [{ type: 'text', text }, ...this.#images.map((image) => ({ type: 'image' as const, ...image }))],
      ...(Object.keys(this.#structured).length ? { structuredContent: this.#structuredContent() } : {}),
    };
  }

  /**
   * Structured content within the budget, saying what it left out: strings past
   * MAX_STRUCTURED_STRING are cut (their paths listed in `cut`; each ends with "… (N characters)",
   * N its whole length), then the largest entries give way (listed in `omitted`). A paged text is
   * already one page of the budget: kept whole (cut only past the budget), it counts against no other entry.
   */
  #structuredContent(): Record<string, unknown> {
    const entries = Object.entries(this.#structured).map(([key, value]) => {
      const cut: string[] = [];
      const paged = this.#pagedKeys.has(key) && typeof value === 'string';
      const shortened = paged
        ? shortenDeep(value, this.budget, key, cut)
        : shortenDeep(value, MAX_STRUCTURED_STRING, key, cut);
      return {
        key,
        value: shortened,
        cut,
        size: paged ? 0 : ((JSON.stringify(shortened) as string | undefined)?.length ?? 0),
      };
    });
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    const omitted = new Set<string>();
    for (const entry of [...entries].sort((a, b) => b.size - a.size)) {
      if (total <= this.budget) break;
      omitted.add(entry.key);
      total -= entry.size;
    }
    const kept = entries.filter((entry) => !omitted.has(entry.key));
    const cut = kept.flatMap((entry) => entry.cut);
    return {
      ...Object.fromEntries(kept.map((entry) => [entry.key, entry.value])),
      ...(cut.length ? { cut: { count: cut.length, paths: cut.slice(0, MAX_CUT_PATHS) } } : {}),
      ...(omitted.size ? { omitted: [...omitted] } : {}),
    };
  }
}

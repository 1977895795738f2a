// Page is the public face of one tab: each call is a few lines over the parts it is made of
// (parts.ts), under the one guard of its kind (guards.ts): script, input, navigation or local.
// What never waits on its script (lifecycle and state, the guards' own faces, the local calls) is
// PageTab's (page-tab.ts); here are the calls into it. interruptInput takes no guard.
import type { JsonValue } from '../../bidi/index.js';
import { parseMarkdownView } from '../engine/markdown/index.js';
import type { FindResult } from '../engine/snapshot/budget.js';
import { PageUnresponsiveError } from '../errors.js';
import { sourceOf, unwrapEvaluation, type PageFunction } from '../util/script.js';
import type { LineForm } from '../util/set-apart.js';
import { captureScreenshot, printPdf, screenshotFormat, type Screenshot } from './capture.js';
import { checkEmulation, checkViewportSize, emulatePage, type Emulation } from './emulation.js';
import { personInput } from './input/person.js';
import type { ClickOptions, KeyOptions, PersonInput } from './input/sources.js';
import type { ScrollOptions, ScrollResult } from './input/scroll.js';
import type { ActionResult } from './input/settle.js';
import type { SelectTextOptions } from './input/text-selection.js';
import { Locator, type LocateQuery } from './locator.js';
import { pageEvents, type PageEvents } from './page-events.js';
import { PageTab } from './page-tab.js';
import {
  findInReading,
  readMarkdown,
  readPointTarget,
  readSnapshot,
  scrollAndSnapshot,
  witnessReading,
  type PointTarget,
} from './readings.js';
import { waitForText } from './scripts.js';
import type { SnapshotOptions, TakenSnapshot } from './snapshots.js';
import type {
  EvaluateOptions,
  NavigateOptions,
  NavigationResult,
  PageEnvironment,
  PageMarkdown,
  PageOwner,
  ScreenshotOptions,
} from './types.js';
import type { UidSelector } from './uids.js';
import {
  readMaskedStorage,
  readStorage,
  revealEntries,
  writeMaskedStorage,
  writeStorage,
  type StorageKind,
} from './web-storage.js';
import type { WitnessReport } from './witness.js';

export type {
  EvaluateOptions,
  NavigateOptions,
  NavigationResult,
  PageEnvironment,
  PageInfo,
  PageMarkdown,
  PageOwner,
  ScreenshotOptions,
  WaitUntil,
} from './types.js';
export type { PageEvents } from './page-events.js';

/**
 * One top-level browsing context (a tab) and everything the client knows of it: its frames,
 * console, network, dialog, navigations, snapshots and uids, and whether it crashed or hangs.
 * The browser feeds it its events and disposes it when the tab closes; nothing of it outlives that.
 */
export class Page extends PageTab<Page> {
  /**
   * A page for top-level browsing context `id` of `userContext`, and the handle through which the browser feeds it its
   * events.
   */
  static open(id: string, userContext: PageOwner<Page>, env: PageEnvironment): { page: Page; events: PageEvents } {
    const page = new Page(id, userContext, env);
    return { page, events: pageEvents(page.parts) };
  }

  // ------------------------------ navigation (its guard in navigator.ts)

  /**
   * Loads `url`. A page whose script does not answer is replaced by a fresh tab first (the
   * result's page). If the page opens a dialog on the way (an alert while loading, a
   * beforeunload prompt), it resolves at once with the dialog: answer it and the navigation goes on.
   */
  async navigate(url: string, options: NavigateOptions = {}): Promise<NavigationResult> {
    this.env.urlPolicy.check(url);
    try {
      return await this.parts.navigator.navigate(url, options);
    } catch (error) {
      if (!(error instanceof PageUnresponsiveError)) throw error;
      return (await this.userContext.replace(this)).navigate(url, options);
    }
  }

  /** Reloads; like navigate, resolves early with a dialog that opens on the way. */
  async reload(options: NavigateOptions = {}): Promise<NavigationResult> {
    return this.parts.navigator.reload(options);
  }

  /** Goes back in its history; like navigate, resolves early with a dialog that opens on the way. */
  async goBack(options: NavigateOptions = {}): Promise<NavigationResult> {
    return this.parts.navigator.traverse(-1, options);
  }

  async goForward(options: NavigateOptions = {}): Promise<NavigationResult> {
    return this.parts.navigator.traverse(1, options);
  }

  // ------------------------------------------------------------ script

  /** Calls a function in the page with JSON arguments and returns its JSON result (promises are awaited). */
  async evaluate<T extends JsonValue | undefined = JsonValue | undefined>(
    fn: PageFunction,
    args: JsonValue[] = [],
    options: EvaluateOptions = {},
  ): Promise<T> {
    const source = sourceOf(fn, '() => document.title');
    const result = await this.parts.guards.script(
      'Running script',
      () => this.parts.scripts.evaluate(source, args, options.timeout ?? 30_000),
      options.signal,
    );
    await this.parts.learnSecretParts();
    return this.env.secrets.maskDeep(unwrapEvaluation(result)) as T;
  }

  /**
   * Calls a function with the elements behind `uids` as its arguments. Elements in the result
   * come back as `{ uid }`, with uids given to those that had none.
   */
  async evaluateOnElements(
    fn: PageFunction,
    uids: string[],
    options: EvaluateOptions = {},
  ): Promise<JsonValue | undefined> {
    const source = sourceOf(fn, '(el) => el.textContent');
    const result = await this.parts.guards.script(
      'Running script',
      () => this.parts.scripts.evaluateOnElements(source, uids, options.timeout ?? 30_000),
      options.signal,
    );
    await this.parts.learnSecretParts();
    return this.env.secrets.maskDeep(result);
  }

  /**
   * Waits until any of `text` appears in the page's visible text; resolves with the one found. `signal` stops the wait.
   */
  async waitForText(
    text: string | string[],
    options: { timeout?: number; signal?: AbortSignal } = {},
  ): Promise<string> {
    const { guards, scripts } = this.parts;
    // Each look is a script call of its own: a page that hangs or opens a dialog during the wait is answered within
    // seconds, as any call.
    return waitForText(text, options, (wanted, deadline) =>
      guards.script('Waiting for text', () => scripts.findText(wanted, deadline), options.signal),
    );
  }

  /**
   * A screenshot with every place that shows a password or a secret painted over, and what it marked; with `annotate`
   * the uids of a new snapshot drawn at their boxes.
   */
  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    screenshotFormat(options);
    const snapshot = options.annotate ? await this.takeSnapshot() : undefined;
    return this.parts.guards.script('Taking a screenshot', () =>
      captureScreenshot(this.parts, this.env.secrets, options, snapshot),
    );
  }

  /** The page printed to PDF (BiDi browsingContext.print), with its backgrounds unless told otherwise. */
  async printPdf(options: { landscape?: boolean; background?: boolean } = {}): Promise<Buffer> {
    return this.parts.guards.script('Printing to PDF', () => printPdf(this.parts, options));
  }

  /** Resizes the viewport. Firefox answers once the page has taken the new size, which a hung page never does. */
  async setViewport(width: number, height: number): Promise<void> {
    checkViewportSize(width, height);
    await this.parts.guards.script('Resizing the viewport', () =>
      this.parts.send(
        'browsingContext.setViewport',
        { context: this.id, viewport: { width, height } },
        'Setting the viewport',
      ),
    );
  }

  /**
   * Makes this page look like another device or place (device, viewport, touch, user agent, geolocation, locale, time
   * zone, offline); null restores a setting.
   */
  async emulate(settings: Emulation): Promise<string[]> {
    checkEmulation(settings);
    const { guards, send, scripts, snapshots, emulation } = this.parts;
    const page = {
      browsingContext: this.id,
      userContext: this.userContext.id,
      origin: () => scripts.inSandbox('() => location.origin', this.env.responsiveTimeout).catch(() => null),
    };
    // Media features, touch and the user agent change what renders, and no document sees that as a change of its own.
    return guards.script('Emulating', () =>
      emulatePage(send, page, settings, emulation).finally(() => snapshots.forgetReading()),
    );
  }

  /** The page's localStorage or sessionStorage (its origin's), values masked: all of it, or one key. */
  async getStorage(kind: StorageKind, key?: string): Promise<Record<string, string>> {
    const { guards, scripts, secrets } = this.parts;
    return guards.script('Reading storage', () => readMaskedStorage(scripts, secrets, kind, key));
  }

  /**
   * Sets keys of the page's localStorage or sessionStorage (`<secret>NAME</secret>` values become the secret), or
   * removes them (null), then reads them back.
   */
  async setStorage(kind: StorageKind, entries: Record<string, string | null>): Promise<Record<string, string | null>> {
    const { guards, scripts, secrets } = this.parts;
    const revealed = revealEntries(secrets, entries);
    return guards.script('Writing storage', () => writeMaskedStorage(scripts, secrets, kind, revealed));
  }

  /** Every localStorage entry of the page's origin, unmasked: for storage state files, never for output. */
  async localStorageEntries(): Promise<Record<string, string>> {
    return this.parts.guards.script('Reading storage', () => readStorage(this.parts.scripts, 'local'));
  }

  /** Writes localStorage entries exactly as given (no secret references), read back. */
  async writeLocalStorage(entries: Record<string, string>): Promise<void> {
    await this.parts.guards.script('Writing storage', () => writeStorage(this.parts.scripts, 'local', entries));
  }

  // --------------------------------------------------- script: snapshots

  /**
   * Reads the page as a tree of what a person can see and use, each element with a uid (also
   * written on it as data-mcp-uid). `text` is the model's view; the tree is for programs.
   */
  async takeSnapshot(options: SnapshotOptions = {}): Promise<TakenSnapshot> {
    return this.parts.guards.script('Taking a snapshot', () => readSnapshot(this.parts, options));
  }

  /**
   * Takes a snapshot and has Firefox's own accessibility engine witness it (see witness.ts): what
   * differs, each difference a defect of the reading unless a deliberate one explains it.
   */
  async witness(): Promise<WitnessReport> {
    return this.parts.guards.script('Witnessing a snapshot', () => witnessReading(this.parts));
  }

  /**
   * Scrolls with real wheel input, waits in the page until it rests, and returns what happened with a viewport snapshot
   * of where it ended.
   */
  async scroll(options: ScrollOptions): Promise<ScrollResult & { snapshot: TakenSnapshot }> {
    // Wheel input, but no action to settle: the page's answers are waited for as a script's, and a dialog stops them.
    return this.parts.guards.script('Scrolling', () => scrollAndSnapshot(this.parts, options));
  }

  /**
   * Elements whose name, text, value or link matches `query` (text, or a regular expression), with their uids and
   * paths.
   */
  async findInPage(
    query: string,
    options: { regex?: boolean; limit?: number } = {},
  ): Promise<FindResult & { snapshotId: number }> {
    return this.parts.guards.script('Taking a snapshot', () => findInReading(this.parts, query, options));
  }

  /**
   * The page as deterministic Markdown: `document` is clean reading text; `agent` keeps uids and
   * inline controls with their state. Long pages come in windows of `maxChars` from `offset`. A line
   * of page text that would start like a line the client writes (CLIENT_LINE_FORMS), or like one of
   * `answerLines` (the forms of the text the caller puts around it), starts with a backslash.
   */
  async getPageMarkdown(
    options: { view?: string; offset?: number; maxChars?: number; answerLines?: readonly LineForm[] } = {},
  ): Promise<PageMarkdown> {
    const view = parseMarkdownView(options.view ?? 'document');
    return this.parts.guards.script('Reading the page as Markdown', () => readMarkdown(this.parts, view, options));
  }

  /**
   * A CSS selector (with the shadow-host chain) that finds exactly the element behind `uid`, for Playwright or
   * Selenium.
   */
  async resolveUidToSelector(uid: string): Promise<UidSelector> {
    return this.parts.guards.script('Building a selector', () => this.parts.uids.selector(uid));
  }

  /**
   * What a click at viewport point (x, y) would land on, by role and name as a recording says it (a snapshot is taken
   * to know); undefined over a frame or where nothing listed is.
   */
  async pointTarget(x: number, y: number): Promise<PointTarget | undefined> {
    return this.parts.guards.script('Reading what is under the pointer', () => readPointTarget(this.parts, x, y));
  }

  /** Forgets every uid of the page and removes the data-mcp-uid attributes. */
  async clearSnapshot(): Promise<void> {
    await this.parts.guards.script('Clearing uids', () => this.parts.snapshots.clear());
  }

  // ------------------------------------------------------------- input

  /**
   * The last snapshots taken of this document, oldest first: what its uids named (targetOf), and what a step changed.
   */
  get snapshotHistory(): readonly TakenSnapshot[] {
    return this.parts.snapshots.history;
  }

  /**
   * The element of this role and name (within a container or frame, the nth of several), found afresh each time it
   * acts: for scripts that outlive a snapshot.
   */
  locate(query: LocateQuery): Locator {
    return new Locator(this, query);
  }

  /**
   * Clicks the element's centre with real pointer events (scrolled into view first); refuses disabled or covered
   * elements.
   */
  async clickByUid(uid: string, options: ClickOptions = {}): Promise<ActionResult> {
    return this.parts.guards.inputByUid('Clicking', () => this.parts.input.pointer.click(uid, options));
  }

  /**
   * Selects `text` inside the element (or puts the caret at its start or end) with the mouse, and reads the selection
   * back.
   */
  async selectTextByUid(uid: string, text: string, options: SelectTextOptions = {}): Promise<ActionResult> {
    return this.parts.guards.input('Selecting text', () => this.parts.input.pointer.selectText(uid, text, options));
  }

  async hoverByUid(uid: string): Promise<ActionResult> {
    return this.parts.guards.inputByUid('Hovering', () => this.parts.input.pointer.hover(uid));
  }

  /**
   * Types into a text field or contenteditable, picks a select option by label or value, or sets a checkbox or radio
   * (true/false).
   */
  async fillByUid(uid: string, value: string | boolean): Promise<ActionResult> {
    return this.parts.guards.inputByUid('Filling', () => this.parts.input.fields.fill(uid, value));
  }

  async fillForm(entries: { uid: string; value: string | boolean }[]): Promise<ActionResult[]> {
    return this.parts.guards.inputByUid('Filling the form', () => this.parts.input.fields.fillForm(entries));
  }

  async dragByUid(fromUid: string, toUid: string): Promise<ActionResult> {
    return this.parts.guards.inputByUid('Dragging', () => this.parts.input.pointer.drag(fromUid, toUid));
  }

  /** Presses a key or a combination such as `Enter` or `Control+Shift+R` on the focused element. */
  async pressKey(combo: string, options: KeyOptions = {}): Promise<ActionResult> {
    return this.parts.guards.input('Pressing a key', () => this.parts.input.keyboard.pressKey(combo, options));
  }

  /**
   * A person's click or wheel turn at a point of the viewport (CSS pixels), key or text (the live view's hand on the
   * page), as real input; what they type into a secret-looking field is masked from then on.
   */
  async personInput(input: PersonInput): Promise<ActionResult> {
    return this.parts.guards.input("Taking a person's input", () => personInput(this.parts, input));
  }

  /** Types text into the focused element; `submit` presses Enter after it. */
  async typeText(text: string, options: { submit?: boolean } & KeyOptions = {}): Promise<ActionResult> {
    return this.parts.guards.input('Typing', () => this.parts.input.keyboard.typeText(text, options));
  }

  /** Sets the files of a file input (BiDi input.setFiles); the paths must be existing regular files. */
  async uploadFileByUid(uid: string, paths: string[]): Promise<ActionResult> {
    return this.parts.guards.inputByUid('Uploading', () => this.parts.input.fields.uploadFile(uid, paths));
  }

  /**
   * Stops the input action in progress at its next batch of keys (its caller gave up on the call); never refused: there
   * may be nothing left to stop.
   */
  interruptInput(): void {
    this.parts.input.interrupt();
  }
}

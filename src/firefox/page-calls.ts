import type { JsonValue } from '../bidi/index.js';
import type { ConsoleFilter, ConsoleMessage } from './page/console.js';
import type { Dialog } from './page/dialogs.js';
import type { Emulation } from './context/emulation.js';
import type { ActionResult, ClickOptions, ScrollOptions, ScrollResult } from './page/input/actions.js';
import type { NetworkFilter, NetworkRequest } from './page/network.js';
import type { NetworkBody } from './page/network-bodies.js';
import type { EvaluateOptions, NavigateOptions, NavigationResult, Page, PageMarkdown, ScreenshotOptions } from './page/page.js';
import type { PageFunction } from './util/script.js';
import type { FindResult } from './engine/snapshot/budget.js';
import type { SnapshotOptions, TakenSnapshot, UidSelector } from './page/snapshots.js';

/**
 * The page calls of FirefoxClient, each handed as it is to the page it targets (the selected one).
 * `Page` has the same calls; they are documented there.
 */
export abstract class PageCalls {
  /** The page the calls act on. */
  protected abstract get target(): Page;

  async navigate(url: string, options?: NavigateOptions): Promise<NavigationResult> {
    return this.target.navigate(url, options);
  }

  async goBack(options?: NavigateOptions): Promise<{ url: string }> {
    return this.target.goBack(options);
  }

  async goForward(options?: NavigateOptions): Promise<{ url: string }> {
    return this.target.goForward(options);
  }

  async reload(options?: NavigateOptions): Promise<NavigationResult> {
    return this.target.reload(options);
  }

  /** Calls `fn` (a function or its source, such as `(a, b) => a + b`) in the page with JSON arguments; promises are awaited. */
  async evaluate<T extends JsonValue | undefined = JsonValue | undefined>(fn: PageFunction, ...args: JsonValue[]): Promise<T> {
    return this.target.evaluate<T>(fn, args);
  }

  async evaluateWithOptions<T extends JsonValue | undefined = JsonValue | undefined>(fn: PageFunction, args: JsonValue[] = [], options: EvaluateOptions = {}): Promise<T> {
    return this.target.evaluate<T>(fn, args, options);
  }

  async evaluateOnElements(fn: PageFunction, uids: string[], options?: EvaluateOptions): Promise<JsonValue | undefined> {
    return this.target.evaluateOnElements(fn, uids, options);
  }

  async waitForText(text: string | string[], options?: { timeout?: number; signal?: AbortSignal }): Promise<string> {
    return this.target.waitForText(text, options);
  }

  async screenshot(options?: ScreenshotOptions): Promise<Buffer> {
    return this.target.screenshot(options);
  }

  async emulate(settings: Emulation): Promise<string[]> {
    return this.target.emulate(settings);
  }

  async getStorage(kind: 'local' | 'session', key?: string): Promise<Record<string, string>> {
    return this.target.getStorage(kind, key);
  }

  async setStorage(kind: 'local' | 'session', entries: Record<string, string | null>): Promise<Record<string, string | null>> {
    return this.target.setStorage(kind, entries);
  }

  async printPdf(options?: { landscape?: boolean; background?: boolean }): Promise<Buffer> {
    return this.target.printPdf(options);
  }

  async setViewport(width: number, height: number): Promise<void> {
    return this.target.setViewport(width, height);
  }

  async takeSnapshot(options?: SnapshotOptions): Promise<TakenSnapshot> {
    return this.target.takeSnapshot(options);
  }

  async scroll(options: ScrollOptions): Promise<ScrollResult & { snapshot: TakenSnapshot }> {
    return this.target.scroll(options);
  }

  async findInPage(query: string, options?: { regex?: boolean; limit?: number }): Promise<FindResult & { snapshotId: number }> {
    return this.target.findInPage(query, options);
  }

  async getPageMarkdown(options?: { view?: string; offset?: number; maxChars?: number }): Promise<PageMarkdown> {
    return this.target.getPageMarkdown(options);
  }

  async resolveUidToSelector(uid: string): Promise<UidSelector> {
    return this.target.resolveUidToSelector(uid);
  }

  async clearSnapshot(): Promise<void> {
    return this.target.clearSnapshot();
  }

  async clickByUid(uid: string, options?: ClickOptions): Promise<ActionResult> {
    return this.target.clickByUid(uid, options);
  }

  async hoverByUid(uid: string): Promise<ActionResult> {
    return this.target.hoverByUid(uid);
  }

  async fillByUid(uid: string, value: string | boolean): Promise<ActionResult> {
    return this.target.fillByUid(uid, value);
  }

  async fillForm(entries: { uid: string; value: string | boolean }[]): Promise<ActionResult[]> {
    return this.target.fillForm(entries);
  }

  async dragByUid(fromUid: string, toUid: string): Promise<ActionResult> {
    return this.target.dragByUid(fromUid, toUid);
  }

  async pressKey(combo: string): Promise<ActionResult> {
    return this.target.pressKey(combo);
  }

  async typeText(text: string, options?: { submit?: boolean }): Promise<ActionResult> {
    return this.target.typeText(text, options);
  }

  async uploadFileByUid(uid: string, paths: string[]): Promise<ActionResult> {
    return this.target.uploadFileByUid(uid, paths);
  }

  getConsoleMessages(filter?: ConsoleFilter): ConsoleMessage[] {
    return this.target.getConsoleMessages(filter);
  }

  getConsoleMessage(id: number): ConsoleMessage | undefined {
    return this.target.getConsoleMessage(id);
  }

  clearConsoleMessages(): void {
    this.target.console.clear();
  }

  getNetworkRequests(filter?: NetworkFilter): NetworkRequest[] {
    return this.target.getNetworkRequests(filter);
  }

  getNetworkRequest(id: number): NetworkRequest | undefined {
    return this.target.getNetworkRequest(id);
  }

  /** The request or response body of request `id`: its bytes, and its text (secrets masked) when it is text. */
  async getNetworkBody(id: number, kind: 'request' | 'response'): Promise<NetworkBody> {
    return this.target.getNetworkBody(id, kind);
  }

  clearNetworkRequests(): void {
    this.target.network.clear();
  }

  getDialog(): Dialog | undefined {
    return this.target.getDialog();
  }

  async handleDialog(accept: boolean, promptText?: string): Promise<void> {
    return this.target.handleDialog(accept, promptText);
  }
}

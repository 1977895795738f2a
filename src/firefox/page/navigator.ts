import { setTimeout as delay } from 'node:timers/promises';
import type { BidiConnection } from '../../bidi/index.js';
import { InvalidArgumentError, TimeoutError, translateBidiError, type Send } from '../errors.js';
import { quote } from '../util/text.js';
import type { PageGuards } from './guards.js';
import type { NavigationWatch, PageNavigations } from './navigation.js';
import type { PageScripts } from './scripts.js';
import type { NavigateOptions, NavigationResult } from './types.js';

/** What the navigator needs of its page. */
export interface NavigatedPage {
  /** The page's top-level browsing context. */
  readonly id: string;
  readonly send: Send;
  readonly connection: BidiConnection;
  readonly guards: PageGuards;
  readonly navigations: PageNavigations;
  /** Its sandbox, where the document's readyState is read. */
  readonly scripts: Pick<PageScripts, 'inSandbox'>;
  readUrl(): Promise<string>;
}

/** The calls that move one page: to a URL, a reload, back and forward; each under the navigation guard. */
export class PageNavigator {
  constructor(private readonly page: NavigatedPage) {}

  /** Loads `url`; a PageUnresponsiveError says its script does not answer (see Page.navigate). */
  async navigate(url: string, options: NavigateOptions): Promise<NavigationResult> {
    const what = `Navigating to ${quote(url)}`;
    // A URL that starts a download (or answers 204) loads no document: the answer says so, not "navigated".
    let watch: NavigationWatch | undefined;
    try {
      const result = await this.page.guards.navigation(what, () => {
        watch = this.page.navigations.watch();
        return this.page.send(
          'browsingContext.navigate',
          { context: this.page.id, url, wait: options.wait ?? 'complete' },
          what,
          options.timeout ?? 30_000,
        );
      });
      const ended = result.dialog || options.wait === 'none' ? undefined : await watch?.endedWithoutDocument(500);
      return ended ? { ...result, ended } : result;
    } catch (error) {
      // Firefox fails the command of a navigation it abandoned (NS_BINDING_ABORTED for a 204); the page is as it was.
      const ended = await watch?.endedWithoutDocument(0, true);
      if (ended) return { url: this.page.navigations.url ?? 'about:blank', ended };
      throw error;
    } finally {
      watch?.stop();
    }
  }

  async reload(options: NavigateOptions): Promise<NavigationResult> {
    return this.page.guards.navigation('Reloading', () =>
      this.page.send(
        'browsingContext.reload',
        { context: this.page.id, wait: options.wait ?? 'complete' },
        'Reloading',
        options.timeout ?? 30_000,
      ),
    );
  }

  /**
   * Goes back (-1) or forward (1) in the page's history, then waits for the document's readyState as a navigation
   * would.
   */
  async traverse(delta: -1 | 1, options: NavigateOptions): Promise<NavigationResult> {
    const what = delta < 0 ? 'Going back' : 'Going forward';
    return this.page.guards.navigation(what, async () => {
      const deadline = Date.now() + (options.timeout ?? 30_000);
      try {
        await this.page.connection.send(
          'browsingContext.traverseHistory',
          { context: this.page.id, delta },
          { timeout: deadline - Date.now() },
        );
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'no such history entry') {
          throw new InvalidArgumentError(
            `${what} is not possible: there is no ${delta < 0 ? 'earlier' : 'later'} page in this page's history.`,
            { cause: error },
          );
        }
        throw translateBidiError(error, what);
      }
      const wait = options.wait ?? 'complete';
      if (wait !== 'none') await this.#waitForReadyState(wait, deadline, what);
      return { url: await this.page.readUrl() };
    });
  }

  async #waitForReadyState(wait: 'interactive' | 'complete', deadline: number, what: string): Promise<void> {
    const accepted = wait === 'complete' ? ['complete'] : ['interactive', 'complete'];
    for (;;) {
      const state = await this.page.scripts
        .inSandbox('() => document.readyState', deadline - Date.now())
        .catch(() => 'loading');
      if (typeof state === 'string' && accepted.includes(state)) return;
      if (Date.now() >= deadline)
        throw new TimeoutError(
          `${what}: the page did not reach readyState "${wait}" in time; it may still be loading. Take a screenshot to see it.`,
        );
      await delay(50);
    }
  }
}

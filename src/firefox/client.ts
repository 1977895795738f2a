import {
  Browser,
  type ClientOptions,
  type ConnectBrowserOptions,
  type LaunchBrowserOptions,
} from './browser/browser.js';
import type { UserContext } from './user-context/user-context.js';
import type { Page } from './page/page.js';
import type { WebDriverOptions } from './session/webdriver.js';

export type { ClientOptions } from './browser/browser.js';
export type FirefoxLaunchOptions = LaunchBrowserOptions;
export type FirefoxConnectOptions = ConnectBrowserOptions;

/**
 * The short way in: `FirefoxClient.launch()` (a local headless Firefox) or `FirefoxClient.connect()`
 * (a running Firefox, or a WebDriver server such as Selenium Grid) gives the browser, its default
 * user context and that context's selected page, each with its own calls:
 *
 *     const client = await FirefoxClient.launch();
 *     await client.page.navigate('https://example.com');
 *     const { text } = await client.page.takeSnapshot();
 *     await client.close();
 */
export class FirefoxClient {
  private constructor(readonly browser: Browser) {}

  /** Launches a local Firefox (headless unless `headless: false`) with a fresh temporary profile. */
  static async launch(options: FirefoxLaunchOptions = {}): Promise<FirefoxClient> {
    return new FirefoxClient(await Browser.launch(options));
  }

  /** Connects to a running Firefox by `wsEndpoint`, or to a WebDriver server by `webdriverUrl`. */
  static async connect(options: FirefoxConnectOptions): Promise<FirefoxClient> {
    return new FirefoxClient(await Browser.connect(options));
  }

  /**
   * Starts a local geckodriver (GECKODRIVER_PATH, PATH, or the `geckodriver` npm package) and drives Firefox through
   * it.
   */
  static async launchWithGeckodriver(
    options: Omit<WebDriverOptions, 'webdriverUrl'> & ClientOptions = {},
  ): Promise<FirefoxClient> {
    return new FirefoxClient(await Browser.launchWithGeckodriver(options));
  }

  /**
   * The browser's own user context: its pages, cookies, storage, request rules, init scripts, emulation and downloads.
   */
  get userContext(): UserContext {
    return this.browser.defaultUserContext;
  }

  /** The selected page of the default user context. */
  get page(): Page {
    return this.userContext.page;
  }

  /**
   * Ends the session: a launched Firefox is closed and its temporary profile deleted; a connected one is left running.
   */
  async close(): Promise<void> {
    return this.browser.close();
  }
}

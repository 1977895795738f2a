export { FirefoxClient, type ClientOptions, type FirefoxLaunchOptions, type FirefoxConnectOptions, type PageInfo, type NavigateOptions, type ScreenshotOptions, type EvaluateOptions, type WaitUntil, type NavigationResult } from './client.js';
export { type ConsoleMessage, type ConsoleFilter, type ConsoleLevel } from './console.js';
export { type NetworkRequest, type NetworkFilter } from './network.js';
export { type Dialog } from './dialogs.js';
export { DEFAULT_PREFS, type LaunchOptions, type PrefValue } from './launch.js';
export { findFirefox } from './find-firefox.js';
export { formatSnapshotText, formatNode, allNodes, type Snapshot, type SnapshotNode } from './snapshot/format.js';
export { type SnapshotOptions, type TakenSnapshot, type UidSelector } from './snapshot/manager.js';
export type { NameSource } from './snapshot/injected/types.js';
export { type ActionResult, type ClickOptions, type MouseButton, type Modifier } from './input/actions.js';
export { findGeckodriver, type WebDriverOptions } from './webdriver.js';
export { sessionEndpoint } from './session.js';
export {
  FirefoxClientError,
  InvalidArgumentError,
  NoSuchPageError,
  TimeoutError,
  BrowserClosedError,
  LaunchError,
  EvaluationError,
  StaleUidError,
  ElementNotInteractableError,
} from './errors.js';

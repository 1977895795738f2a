export { FirefoxClient, type ClientOptions, type FirefoxLaunchOptions, type FirefoxConnectOptions } from './client.js';
export { Page, type PageInfo, type NavigateOptions, type ScreenshotOptions, type EvaluateOptions, type WaitUntil, type NavigationResult, type PageMarkdown } from './page/page.js';
export { Browser, type LaunchBrowserOptions, type ConnectBrowserOptions } from './browser/browser.js';
export { Context } from './context/context.js';
export { Navigation, type NavigationEnd, type NavigationOutcome } from './page/navigation.js';
export { FilePolicy, rootPaths, type RootsProvider } from './policy/files.js';
export { describeSize, readFileWithin } from './policy/bounded-read.js';
export { type ConsoleMessage, type ConsoleFilter, type ConsoleLevel } from './page/console.js';
export { type NetworkRequest, type NetworkFilter } from './page/network.js';
export { type NetworkBody, MAX_COLLECTED_BODY } from './page/network-bodies.js';
export { MAX_MOCK_BODY, type Route, type RouteOptions, type RouteAction } from './context/routes.js';
export { type Interception } from './page/network.js';
export { type Dialog } from './page/dialogs.js';
export { DEFAULT_PREFS, colorSchemePrefs, type LaunchOptions, type PrefValue } from './session/launch.js';
export { findFirefox } from './session/find-firefox.js';
export { formatSnapshotText, formatHeader, formatNode, allNodes, type Snapshot, type SnapshotNode, type FormatOptions } from './engine/snapshot/format.js';
export { type SnapshotOptions, type TakenSnapshot, type UidSelector } from './page/snapshots.js';
export type { NameSource } from './engine/types.js';
export { type ActionResult, type ClickOptions, type MouseButton, type Modifier, type ScrollOptions, type ScrollResult } from './page/input/actions.js';
export { compressSnapshot, formatCompressedText, formatCollapsed, type CollapsedRun, type CompressedNode } from './engine/snapshot/compress.js';
export { diffSnapshots, formatDiff, type SnapshotDiff } from './engine/snapshot/diff.js';
export { findInSnapshot, formatFindResult, type FindResult, type FindMatch } from './engine/snapshot/budget.js';
export { pageOfText, continuationNote, DEFAULT_MAX_CHARS, type TextPage } from './util/text-page.js';
export { type Observation, type ViewportInfo, type NameStatus, type Zone } from './engine/snapshot/observe.js';
export { findGeckodriver, type WebDriverOptions } from './session/webdriver.js';
export { sessionEndpoint } from './session/session.js';
export {
  FirefoxClientError,
  InvalidArgumentError,
  NoSuchPageError,
  PageUnresponsiveError,
  TimeoutError,
  BrowserClosedError,
  LaunchError,
  EvaluationError,
  StaleUidError,
  ActionNotTakenError,
  PageCrashedError,
  ElementNotInteractableError,
  CancelledError,
} from './errors.js';
export { unlessAborted, throwIfAborted } from './util/abort.js';
export { UrlPolicy, type UrlPolicyOptions } from './policy/url-policy.js';
export { type Download } from './context/downloads.js';
export { type Extension, type Extensions } from './browser/extensions.js';
export { NO_EMULATION, type Emulation } from './page/emulation.js';
export { DEVICES, DEVICE_NAMES, type Device } from './page/devices.js';
export { parseStorageState, type StorageState, type StateCookie } from './context/storage-state.js';
export { CookieJar, type Cookie, type CookieFilter, type CookieToSet } from './context/cookies.js';
export { quote, shorten, oneLine, escapeHidden, jsonString, setApartLine, pageTextBlock } from './util/text.js';
export { SecretStore, redactTokens, parseSecretsFile, REDACTED } from './policy/secrets.js';

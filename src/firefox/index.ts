export { FirefoxClient, type ClientOptions, type FirefoxLaunchOptions, type FirefoxConnectOptions } from './client.js';
export { Page, type PageInfo, type NavigateOptions, type ScreenshotOptions, type EvaluateOptions, type WaitUntil, type NavigationResult, type PageMarkdown } from './page.js';
export { Browser } from './browser.js';
export { UserContext } from './user-context.js';
export { Navigation, type NavigationEnd, type NavigationOutcome } from './navigation.js';
export { FilePolicy, rootPaths, type RootsProvider } from './files.js';
export { describeSize, readFileWithin } from './bounded-read.js';
export { type ConsoleMessage, type ConsoleFilter, type ConsoleLevel } from './console.js';
export { type NetworkRequest, type NetworkFilter } from './network.js';
export { type NetworkBody, MAX_COLLECTED_BODY } from './network-bodies.js';
export { MAX_MOCK_BODY, type Route, type RouteOptions, type RouteAction } from './network-rules.js';
export { type Interception } from './request-interceptor.js';
export { type Dialog } from './dialogs.js';
export { DEFAULT_PREFS, colorSchemePrefs, type LaunchOptions, type PrefValue } from './launch.js';
export { findFirefox } from './find-firefox.js';
export { formatSnapshotText, formatHeader, formatNode, allNodes, type Snapshot, type SnapshotNode, type FormatOptions } from './snapshot/format.js';
export { type SnapshotOptions, type TakenSnapshot, type UidSelector } from './snapshot/manager.js';
export type { NameSource } from './engine/types.js';
export { type ActionResult, type ClickOptions, type MouseButton, type Modifier, type ScrollOptions, type ScrollResult } from './input/actions.js';
export { compressSnapshot, formatCompressedText, formatCollapsed, type CollapsedRun, type CompressedNode } from './snapshot/compress.js';
export { diffSnapshots, formatDiff, type SnapshotDiff } from './snapshot/diff.js';
export { findInSnapshot, formatFindResult, type FindResult, type FindMatch } from './snapshot/budget.js';
export { pageOfText, continuationNote, DEFAULT_MAX_CHARS, type TextPage } from './text-page.js';
export { type Observation, type ViewportInfo, type NameStatus, type Zone } from './snapshot/observe.js';
export { findGeckodriver, type WebDriverOptions } from './webdriver.js';
export { sessionEndpoint } from './session.js';
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
export { unlessAborted, throwIfAborted } from './abort.js';
export { UrlPolicy, type UrlPolicyOptions } from './url-policy.js';
export { type Download } from './downloads.js';
export { type Extension } from './extensions.js';
export { NO_EMULATION, type Emulation } from './emulation.js';
export { DEVICES, DEVICE_NAMES, type Device } from './devices.js';
export { parseStorageState, type StorageState, type StateCookie } from './storage-state.js';
export { CookieJar, type Cookie, type CookieFilter, type CookieToSet } from './cookies.js';
export { quote, shorten, oneLine, escapeHidden, jsonString, setApartLine, pageTextBlock } from './text.js';
export { SecretStore, redactTokens, parseSecretsFile, REDACTED } from './redact.js';

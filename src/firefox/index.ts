export { FirefoxClient, type ClientOptions, type FirefoxLaunchOptions, type FirefoxConnectOptions } from './client.js';
export * from './browser/index.js';
export * from './user-context/index.js';
export * from './page/index.js';
export * from './engine/snapshot/index.js';
export * from './policy/index.js';
export * from './session/index.js';
export * from './util/index.js';
export * from './effects/index.js';
export {
  FirefoxClientError,
  InvalidArgumentError,
  NoSuchPageError,
  PageUnresponsiveError,
  TimeoutError,
  BrowserClosedError,
  BrowserStoppedError,
  LaunchError,
  EvaluationError,
  StaleUidError,
  ActionNotTakenError,
  PageCrashedError,
  ElementNotInteractableError,
  CancelledError,
  FileWriteError,
  LocatorError,
  EffectError,
} from './errors.js';

/** How a browser is obtained: a launched Firefox, a running one by its endpoint, or a WebDriver session. */
export { DEFAULT_PREFS, colorSchemePrefs, type LaunchOptions, type PrefValue } from './launch.js';
export { findFirefox } from './find-firefox.js';
export { findGeckodriver, type WebDriverOptions } from './webdriver.js';
export { sessionEndpoint } from './session.js';

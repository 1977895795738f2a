/** The browser: launched or connected, its user contexts, extensions, and the events it routes to pages. */
export { Browser, type LaunchBrowserOptions, type ConnectBrowserOptions } from './browser.js';
export type { ClientOptions } from './options.js';
export { type Extension, type Extensions } from './extensions.js';

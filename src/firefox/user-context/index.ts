/** A user context: its pages, cookies, storage state, request rules, init scripts and downloads. */
export { UserContext } from './user-context.js';
export { CookieJar, type Cookie, type CookieFilter, type CookieToSet } from './cookies.js';
export { type Download } from './downloads.js';
export { MAX_MOCK_BODY, urlMatcher, type Route, type RouteOptions, type RouteAction } from './routes.js';
export { parseStorageState, type StorageState, type StateCookie } from './storage-state.js';

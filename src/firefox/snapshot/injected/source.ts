import { createLibrary, type InjectedLibrary } from './library.js';

/** The sandbox in which the library lives; page scripts cannot reach its globals. */
export const SANDBOX = 'firefox-bidi-mcp';

// Transpilers that keep function names (tsx, vitest) wrap inner functions in __name(); define it.
const LIBRARY_SOURCE = `(() => { var __name = (fn) => fn; return (${createLibrary.toString()})(); })()`;

/**
 * The function declaration that runs `operation` of the in-page library, installing the library
 * in the sandbox on first use (it stays there for the life of the document).
 */
export function libraryCall(operation: keyof InjectedLibrary): string {
  return `function (...args) { const library = globalThis.__firefoxBidiMcp ??= ${LIBRARY_SOURCE}; return library.${operation}(...args); }`;
}

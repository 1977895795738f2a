/** The Node side of the in-page engine: where it runs and how to call it. */
import type * as Engine from './page/index.js';
import { ENGINE_SOURCE } from './bundle.generated.js';

/** The sandbox in which the engine lives; page scripts cannot reach its globals. */
export const SANDBOX = 'firefox-bidi-mcp';

/** The name of one operation of the engine. */
export type EngineOperation = keyof typeof Engine;

/**
 * The function declaration that runs `operation` of the engine, installing the engine in the
 * sandbox on first use (it stays there for the life of the document).
 */
export function engineCall(operation: EngineOperation): string {
  return `function (...args) { const engine = globalThis.__firefoxBidiMcp ??= ${ENGINE_SOURCE}; return engine.${operation}(...args); }`;
}

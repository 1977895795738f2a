/** The Node side of the in-page engine: where it runs and how to call it. */
import type * as Engine from './in-page/index.js';
import { ENGINE_SOURCE } from './bundle.generated.js';
import { INTERNALS_PROPERTY } from './in-page/internals.js';

/** The sandbox in which the engine lives; page scripts cannot reach its globals. */
export const SANDBOX = 'firefox-bidi-mcp';

/**
 * A preload script for the page's own world: it keeps each custom element's ElementInternals
 * (where components set their default role and states) on the element under a fixed name,
 * where the engine reads them. The page can see and change that property, and so lie, as it can
 * with ARIA attributes; it cannot reach the engine.
 */
export const INTERNALS_PRELOAD = `() => {
  const attach = HTMLElement.prototype.attachInternals;
  if (typeof attach !== 'function') return;
  Object.defineProperty(HTMLElement.prototype, 'attachInternals', { configurable: true, writable: true, value: { attachInternals() {
    const internals = attach.call(this);
    Object.defineProperty(this, '${INTERNALS_PROPERTY}', { value: internals, configurable: true });
    return internals;
  } }.attachInternals });
}`;

/** The name of one operation of the engine. */
export type EngineOperation = keyof typeof Engine;

/**
 * The function declaration that runs `operation` of the engine, installing the engine in the
 * sandbox on first use (it stays there for the life of the document).
 */
export function engineCall(operation: EngineOperation): string {
  return `function (...args) { const engine = globalThis.__firefoxBidiMcp ??= ${ENGINE_SOURCE}; return engine.${operation}(...args); }`;
}

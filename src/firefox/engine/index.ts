/** The Node side of the in-page engine: where it runs and how to call it. */
import type * as Engine from './in-page/index.js';
import { ENGINE_SOURCE } from './bundle.generated.js';
import { INTERNALS_PROPERTY } from './in-page/internals.js';
import { CHANGE_EVENT } from './in-page/unobserved.js';

/** The sandbox in which the engine lives; page scripts cannot reach its globals. */
export const SANDBOX = 'firefox-bidi-mcp';

/**
 * A preload script for the page's own world, run before any script of the page. It keeps each custom element's
 * ElementInternals (where components set their default role and states) on the element under a fixed name, where the
 * engine reads them. The page can see and change that property, and so lie, as it can with ARIA attributes; it cannot
 * reach the engine. It also tells the engine of changes no MutationObserver sees (a shadow root attached, a custom
 * element defined or upgraded, ElementInternals states and validity, a style sheet's rules, the adopted sheets set, a
 * popover shown or hidden, an animation's keyframes or timing): once per task it dispatches a plain event on the
 * document that carries nothing (see in-page/unobserved.ts), and the engine walks again. Built-ins it calls are taken
 * before the page can replace them.
 */
export const INTERNALS_PRELOAD = `() => {
  const { apply, getOwnPropertyDescriptor: describe } = Reflect;
  const define = Object.defineProperty;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const PlainEvent = Event;
  const later = queueMicrotask;
  const then = Promise.prototype.then;
  let queued = false;
  const signal = () => {
    if (queued) return;
    queued = true;
    later(() => {
      queued = false;
      apply(dispatch, document, [new PlainEvent('${CHANGE_EVENT}')]);
    });
  };
  const method = (proto, name, around) => {
    const descriptor = proto && describe(proto, name);
    if (!descriptor || typeof descriptor.value !== 'function') return;
    const original = descriptor.value;
    define(proto, name, { ...descriptor, value: { [name](...args) { return around(this, original, args); } }[name] });
  };
  const signalling = (self, original, args) => {
    const result = apply(original, self, args);
    signal();
    return result;
  };
  // compare: only a new value signals (components set the same states again and again).
  const setter = (proto, name, compare) => {
    const descriptor = proto && describe(proto, name);
    if (!descriptor || typeof descriptor.set !== 'function') return;
    const { get, set } = descriptor;
    const wrapped = describe({ set [name](value) {
      const before = compare && get ? apply(get, this, []) : undefined;
      apply(set, this, [value]);
      if (!compare || !get || apply(get, this, []) !== before) signal();
    } }, name).set;
    define(proto, name, { ...descriptor, set: wrapped });
  };
  const attach = HTMLElement.prototype.attachInternals;
  if (typeof attach === 'function') {
    define(HTMLElement.prototype, 'attachInternals', { configurable: true, writable: true, value: { attachInternals() {
      const internals = apply(attach, this, []);
      define(this, '${INTERNALS_PROPERTY}', { value: internals, configurable: true });
      return internals;
    } }.attachInternals });
  }
  method(Element.prototype, 'attachShadow', signalling);
  // The engine compares the document's open popovers; those in shadow trees it cannot query.
  for (const name of ['showPopover', 'hidePopover', 'togglePopover']) method(HTMLElement.prototype, name, signalling);
  if (typeof CustomElementRegistry === 'function') for (const name of ['define', 'upgrade']) method(CustomElementRegistry.prototype, name, signalling);
  if (typeof ElementInternals === 'function') {
    const proto = ElementInternals.prototype;
    // role and the aria* properties, whatever this version has.
    for (const name of Reflect.ownKeys(proto)) if (typeof name === 'string' && (name === 'role' || name.startsWith('aria'))) setter(proto, name, true);
    method(proto, 'setValidity', signalling);
  }
  if (typeof CustomStateSet === 'function') for (const name of ['add', 'delete', 'clear']) method(CustomStateSet.prototype, name, signalling);
  for (const name of ['replaceSync', 'insertRule', 'deleteRule', 'addRule', 'removeRule']) method(CSSStyleSheet.prototype, name, signalling);
  method(CSSStyleSheet.prototype, 'replace', (self, original, args) => {
    const result = apply(original, self, args);
    signal();
    // The new rules apply when the promise settles; the page's own handlers still see a rejection.
    apply(then, result, [signal, signal]);
    return result;
  });
  // The same array object comes back after a set: every set signals.
  setter(Document.prototype, 'adoptedStyleSheets', false);
  setter(ShadowRoot.prototype, 'adoptedStyleSheets', false);
  if (typeof KeyframeEffect === 'function') {
    method(KeyframeEffect.prototype, 'setKeyframes', signalling);
    setter(KeyframeEffect.prototype, 'target', true);
    method(AnimationEffect.prototype, 'updateTiming', signalling);
  }
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

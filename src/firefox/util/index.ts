/** Helpers nothing owns: text for answers, the text pager, abort handling, a process group's CPU time (cpu.ts). */
export { pageOfText, DEFAULT_MAX_CHARS, type TextPage } from './text-page.js';
export { unlessAborted, throwIfAborted } from './abort.js';
export { quote, shorten, oneLine, escapeHidden, jsonString, codeFence } from './text.js';
export { pageTextRule, openingForm, type LineForm, type PageTextRule } from './set-apart.js';

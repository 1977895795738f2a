/** Helpers nothing owns: text for answers, the text pager, abort handling, what the machine's CPU did (cpu.ts). */
export { pageOfText, DEFAULT_MAX_CHARS, type TextPage } from './text-page.js';
export { unlessAborted, throwIfAborted } from './abort.js';
export { quote, shorten, oneLine, escapeHidden, jsonString, codeFence } from './text.js';
export { pageTextRule, openingForm, type LineForm, type PageTextRule } from './set-apart.js';

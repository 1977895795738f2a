/**
 * The client's messages name its own methods (`handleDialog()`, `listPages()`); a model calls
 * tools. The one place where the server says such a method as the tool that does it, for every
 * error a tool call answers with (server.ts, errorText).
 */
import type { ToolName } from './tools/index.js';

/** Each client method a message may name, as `method()`, and the tool that does it. */
export const TOOL_OF_METHOD: Readonly<Record<string, ToolName>> = {
  handleDialog: 'handle_dialog',
  listPages: 'list_pages',
  scroll: 'scroll_page',
  uploadFileByUid: 'upload_file',
  pressKey: 'press_key',
  typeText: 'type_text',
  waitForText: 'wait_for',
  selectTextByUid: 'select_text',
  evaluate: 'evaluate_script',
  routes: 'list_routes',
  storageState: 'save_storage_state',
};

const METHOD_CALL = new RegExp(`\\b(${Object.keys(TOOL_OF_METHOD).join('|')})\\(\\)`, 'g');

/** `text` with each client method it names (`pressKey()`) said as its tool (`press_key`). */
export function inToolWords(text: string): string {
  return text.replace(METHOD_CALL, (call, method: string) => TOOL_OF_METHOD[method] ?? call);
}

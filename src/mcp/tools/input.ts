import { z } from 'zod';
import { InvalidArgumentError } from '../../firefox/index.js';
import { defineTool } from '../tool.js';
import { includeSnapshot, uid } from './schemas.js';

export const click = defineTool({
  name: 'click',
  description: 'Click an element with real mouse events (scrolled into view first). Refuses disabled elements and elements covered by another one, naming what is on top. Reports a navigation or dialog the click caused.',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: true,
  schema: { uid, dblClick: z.boolean().optional().describe('Double-click instead. Default false.'), includeSnapshot },
  handler: async ({ uid: target, dblClick, includeSnapshot: snapshot }, { page }, response) => {
    response.action(await page.clickByUid(target, { dblClick: dblClick ?? false })).includeSnapshot(snapshot ?? false);
  },
});

export const hover = defineTool({
  name: 'hover',
  description: 'Move the mouse over an element.',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: true,
  schema: { uid, includeSnapshot },
  handler: async ({ uid: target, includeSnapshot: snapshot }, { page }, response) => {
    response.action(await page.hoverByUid(target)).includeSnapshot(snapshot ?? false);
  },
});

export const fill = defineTool({
  name: 'fill',
  description: 'Type a value into a text field or textarea, or put it into a contenteditable editor as one paste-like insertion (replacing the content either way), pick an option of a select by its label or value, or set a checkbox or radio with "true" or "false".',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: true,
  schema: { uid, value: z.string().describe('The text, the option, or "true"/"false".'), includeSnapshot },
  handler: async ({ uid: target, value, includeSnapshot: snapshot }, { page }, response) => {
    response.action(await page.fillByUid(target, value)).includeSnapshot(snapshot ?? false);
  },
});

export const fillForm = defineTool({
  name: 'fill_form',
  description: 'Fill several form elements at once, in order (as fill does for each).',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: true,
  schema: {
    elements: z
      .array(z.object({ uid: z.string().describe('The uid of the element.'), value: z.string().describe('Its value (text, option, or "true"/"false").') }))
      .min(1)
      .describe('The elements and their values.'),
    includeSnapshot,
  },
  handler: async ({ elements, includeSnapshot: snapshot }, { page }, response) => {
    for (const result of await page.fillForm(elements)) response.action(result);
    response.includeSnapshot(snapshot ?? false);
  },
});

export const drag = defineTool({
  name: 'drag',
  description: 'Drag an element onto another element.',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: true,
  schema: { from_uid: z.string().describe('The uid of the element to drag.'), to_uid: z.string().describe('The uid of the element to drop onto.'), includeSnapshot },
  handler: async ({ from_uid, to_uid, includeSnapshot: snapshot }, { page }, response) => {
    response.action(await page.dragByUid(from_uid, to_uid)).includeSnapshot(snapshot ?? false);
  },
});

export const pressKey = defineTool({
  name: 'press_key',
  description: 'Press a key or key combination on the focused element, for shortcuts and keys fill cannot type.',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: true,
  schema: {
    key: z.string().min(1).describe('A key or combination, such as "Enter", "Escape", "Control+A", "Control+Shift+R". Modifiers: Control, Shift, Alt, Meta.'),
    includeSnapshot,
  },
  handler: async ({ key, includeSnapshot: snapshot }, { page }, response) => {
    response.action(await page.pressKey(key)).includeSnapshot(snapshot ?? false);
  },
});

export const typeText = defineTool({
  name: 'type_text',
  description: 'Type text with the keyboard into the focused element (click or fill it first).',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: true,
  schema: {
    text: z.string().describe('The text to type.'),
    submitKey: z.string().optional().describe('A key to press after typing, such as "Enter" or "Tab".'),
    includeSnapshot,
  },
  handler: async ({ text, submitKey, includeSnapshot: snapshot }, { page }, response) => {
    if (text !== '') response.action(await page.typeText(text));
    if (submitKey !== undefined) response.action(await page.pressKey(submitKey));
    if (text === '' && submitKey === undefined) throw new InvalidArgumentError('type_text needs some text, a submitKey, or both.');
    response.includeSnapshot(snapshot ?? false);
  },
});

export const uploadFile = defineTool({
  name: 'upload_file',
  description: 'Choose files for a file input (input type=file). The files must be regular files inside the output directory or an --allowed-dir folder (over stdio, also the client\'s MCP roots).',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: true,
  schema: { uid, filePaths: z.array(z.string().min(1)).min(1).describe('Paths of the files to choose, absolute or relative to the output directory.'), includeSnapshot },
  handler: async ({ uid: target, filePaths, includeSnapshot: snapshot }, { page, files }, response) => {
    const real = await Promise.all(filePaths.map((path) => files.readable(path)));
    response.action(await page.uploadFileByUid(target, real)).includeSnapshot(snapshot ?? false);
  },
});

export const handleDialog = defineTool({
  name: 'handle_dialog',
  description: 'Accept or dismiss the dialog (alert, confirm, prompt, beforeunload) open on the selected page.',
  annotations: { category: 'input', readOnlyHint: false },
  pageScoped: true,
  blockedByDialog: false,
  schema: {
    action: z.enum(['accept', 'dismiss']).describe('Accept (OK) or dismiss (Cancel) the dialog.'),
    promptText: z.string().optional().describe('The answer to type into a prompt() before accepting.'),
    includeSnapshot,
  },
  handler: async ({ action, promptText, includeSnapshot: snapshot }, { page }, response) => {
    const dialog = page.getDialog();
    await page.handleDialog(action === 'accept', promptText);
    response.line(`${action === 'accept' ? 'Accepted' : 'Dismissed'} the ${dialog?.type ?? ''} dialog ${JSON.stringify(dialog?.message ?? '')}.`).includeSnapshot(snapshot ?? false);
  },
});

export const inputTools = [click, hover, fill, fillForm, drag, pressKey, typeText, uploadFile, handleDialog];

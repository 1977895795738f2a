import { z } from 'zod';
import { InvalidArgumentError } from '../../firefox/index.js';
import { actionTool } from '../tool.js';
import { uid } from './schemas.js';

export const click = actionTool({
  name: 'click',
  description: 'Click an element with real mouse events (scrolled into view first). Refuses disabled elements and elements covered by another one, naming what is on top. Reports a navigation or dialog the click caused.',
  category: 'input',
  readOnly: false,
  schema: { uid, dblClick: z.boolean().optional().describe('Double-click instead. Default false.') },
  handler: async ({ uid: target, dblClick }, { page }, response) => {
    response.action(await page.clickByUid(target, { dblClick: dblClick ?? false }));
  },
});

export const hover = actionTool({
  name: 'hover',
  description: 'Move the mouse over an element.',
  category: 'input',
  readOnly: false,
  schema: { uid },
  handler: async ({ uid: target }, { page }, response) => {
    response.action(await page.hoverByUid(target));
  },
});

export const fill = actionTool({
  name: 'fill',
  description: 'Type a value into a text field or textarea, or put it into a contenteditable editor as one paste-like insertion (replacing the content either way), pick an option of a select by its label or value, or set a checkbox or radio with "true" or "false".',
  category: 'input',
  readOnly: false,
  schema: { uid, value: z.string().describe('The text, the option, or "true"/"false".') },
  handler: async ({ uid: target, value }, { page }, response) => {
    response.action(await page.fillByUid(target, value));
  },
});

export const fillForm = actionTool({
  name: 'fill_form',
  description: 'Fill several form elements at once, in order (as fill does for each).',
  category: 'input',
  readOnly: false,
  schema: {
    elements: z
      .array(z.object({ uid: z.string().describe('The uid of the element.'), value: z.string().describe('Its value (text, option, or "true"/"false").') }))
      .min(1)
      .describe('The elements and their values.'),
  },
  handler: async ({ elements }, { page }, response) => {
    for (const result of await page.fillForm(elements)) response.action(result);
  },
});

export const drag = actionTool({
  name: 'drag',
  description: 'Drag an element onto another element.',
  category: 'input',
  readOnly: false,
  schema: { from_uid: z.string().describe('The uid of the element to drag.'), to_uid: z.string().describe('The uid of the element to drop onto.') },
  handler: async ({ from_uid, to_uid }, { page }, response) => {
    response.action(await page.dragByUid(from_uid, to_uid));
  },
});

export const pressKey = actionTool({
  name: 'press_key',
  description: 'Press a key or key combination on the focused element, for shortcuts and keys fill cannot type.',
  category: 'input',
  readOnly: false,
  schema: {
    key: z.string().min(1).describe('A key or combination, such as "Enter", "Escape", "Control+A", "Control+Shift+R". Modifiers: Control, Shift, Alt, Meta.'),
  },
  handler: async ({ key }, { page }, response) => {
    response.action(await page.pressKey(key));
  },
});

export const typeText = actionTool({
  name: 'type_text',
  description: 'Type text with the keyboard into the focused element (click or fill it first).',
  category: 'input',
  readOnly: false,
  schema: {
    text: z.string().describe('The text to type.'),
    submitKey: z.string().optional().describe('A key to press after typing, such as "Enter" or "Tab".'),
  },
  handler: async ({ text, submitKey }, { page }, response) => {
    if (text !== '') response.action(await page.typeText(text));
    if (submitKey !== undefined) response.action(await page.pressKey(submitKey));
    if (text === '' && submitKey === undefined) throw new InvalidArgumentError('type_text needs some text, a submitKey, or both.');
  },
});

export const uploadFile = actionTool({
  name: 'upload_file',
  description: 'Choose files for a file input (input type=file). The files must be regular files inside the output directory or an --allowed-dir folder (over stdio, also the client\'s MCP roots).',
  category: 'input',
  readOnly: false,
  schema: { uid, filePaths: z.array(z.string().min(1)).min(1).describe('Paths of the files to choose, absolute or relative to the output directory.') },
  handler: async ({ uid: target, filePaths }, { page, files }, response) => {
    const real = await Promise.all(filePaths.map((path) => files.readable(path)));
    response.action(await page.uploadFileByUid(target, real));
  },
});

export const handleDialog = actionTool({
  name: 'handle_dialog',
  description: 'Accept or dismiss the dialog (alert, confirm, prompt, beforeunload) open on the selected page.',
  category: 'input',
  readOnly: false,
  whileDialog: true,
  schema: {
    action: z.enum(['accept', 'dismiss']).describe('Accept (OK) or dismiss (Cancel) the dialog.'),
    promptText: z.string().optional().describe('The answer to type into a prompt() before accepting.'),
  },
  handler: async ({ action, promptText }, { page }, response) => {
    const dialog = page.getDialog();
    await page.handleDialog(action === 'accept', promptText);
    response.line(`${action === 'accept' ? 'Accepted' : 'Dismissed'} the ${dialog?.type ?? ''} dialog ${JSON.stringify(dialog?.message ?? '')}.`);
  },
});

export const inputTools = [click, hover, fill, fillForm, drag, pressKey, typeText, uploadFile, handleDialog];

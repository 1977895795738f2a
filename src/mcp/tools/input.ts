import { z } from 'zod';
import { InvalidArgumentError } from '../../firefox/index.js';
import { openingForm } from '../../firefox/util/set-apart.js';
import { actionTool } from '../tool.js';
import { gateOf } from '../approval.js';
import { uid } from './schemas.js';

export const click = actionTool({
  name: 'click',
  description:
    'Click an element with real mouse events. Refuses disabled or covered elements (naming what covers them); reports a navigation or dialog it caused.',
  category: 'input',
  readOnly: false,
  gated: true,
  schema: { uid, dblClick: z.boolean().optional().describe('Double-click.') },
  handler: async ({ uid: target, dblClick }, call, response) => {
    response.action(await call.page.clickByUid(target, { dblClick: dblClick ?? false, ...gateOf(call, response) }));
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
  description:
    'Set a field: type into a text field, textarea or rich-text editor (replacing its content), pick a select option by label or value, or check a checkbox or radio with "true"/"false".',
  category: 'input',
  readOnly: false,
  schema: { uid, value: z.string().describe('Text, option, or "true"/"false".') },
  handler: async ({ uid: target, value }, { page }, response) => {
    response.action(await page.fillByUid(target, value));
  },
});

export const fillForm = actionTool({
  name: 'fill_form',
  description: 'Fill several fields in order, as fill does.',
  category: 'input',
  readOnly: false,
  schema: {
    elements: z
      .array(z.object({ uid: z.string().describe('Element uid.'), value: z.string().describe('As for fill.') }))
      .min(1)
      .describe('Fields and values.'),
  },
  handler: async ({ elements }, { page }, response) => {
    for (const result of await page.fillForm(elements)) response.action(result);
  },
});

export const selectText = actionTool({
  name: 'select_text',
  description:
    'Select words inside an element (a paragraph of a rich-text editor, a field) with a mouse drag, as a person does, so a following key or toolbar button (bold, delete, typing over) acts on them; with caret, put the caret at their start or end instead. Reads the selection back.',
  category: 'input',
  readOnly: false,
  schema: {
    uid,
    text: z.string().min(1).describe('The words to select, as the element shows them.'),
    occurrence: z.number().int().min(1).optional().describe('Which match, from 1 (default 1).'),
    caret: z.enum(['start', 'end']).optional().describe('Put the caret there instead of selecting.'),
  },
  handler: async ({ uid: target, text, occurrence, caret }, { page }, response) => {
    response.action(
      await page.selectTextByUid(target, text, {
        ...(occurrence === undefined ? {} : { occurrence }),
        ...(caret === undefined ? {} : { caret }),
      }),
    );
  },
});

export const drag = actionTool({
  name: 'drag',
  description: 'Drag an element onto another.',
  category: 'input',
  readOnly: false,
  schema: { from_uid: z.string().describe('Uid to drag.'), to_uid: z.string().describe('Uid to drop onto.') },
  handler: async ({ from_uid, to_uid }, { page }, response) => {
    response.action(await page.dragByUid(from_uid, to_uid));
  },
});

export const pressKey = actionTool({
  name: 'press_key',
  description: 'Press a key or combination on the focused element (shortcuts, keys fill cannot type).',
  category: 'input',
  readOnly: false,
  gated: true,
  schema: {
    key: z.string().min(1).describe('Such as "Enter", "Escape", "Control+A"; modifiers Control, Shift, Alt, Meta.'),
  },
  handler: async ({ key }, call, response) => {
    response.action(await call.page.pressKey(key, gateOf(call, response)));
  },
});

export const typeText = actionTool({
  name: 'type_text',
  description: 'Type text with the keyboard into the focused element.',
  category: 'input',
  readOnly: false,
  gated: true,
  schema: {
    text: z.string().describe('Text to type.'),
    submitKey: z.string().optional().describe('Key to press after, e.g. "Enter".'),
  },
  handler: async ({ text, submitKey }, call, response) => {
    const { page } = call;
    if (text !== '') response.action(await page.typeText(text));
    if (submitKey !== undefined) response.action(await page.pressKey(submitKey, gateOf(call, response)));
    if (text === '' && submitKey === undefined)
      throw new InvalidArgumentError('type_text needs some text, a submitKey, or both.');
  },
});

export const uploadFile = actionTool({
  name: 'upload_file',
  description:
    "Set a file input's files (from the output directory or an --allowed-dir; over stdio, also the client's roots).",
  category: 'input',
  readOnly: false,
  fileArgs: ['filePaths'],
  schema: {
    uid,
    filePaths: z.array(z.string().min(1)).min(1).describe('File paths (relative: in the output directory).'),
  },
  handler: async ({ uid: target, filePaths }, { page, files }, response) => {
    const real = await Promise.all(filePaths.map((path) => files.readable(path)));
    response.action(await page.uploadFileByUid(target, real));
  },
});

const ANSWERED = { accept: 'Accepted the', dismiss: 'Dismissed the' } as const;

/** What handle_dialog did: `Accepted the confirm dialog "Transfer?".` */
function answeredLine(action: keyof typeof ANSWERED, type: string, message: string): string {
  return `${ANSWERED[action]} ${type} dialog ${JSON.stringify(message)}.`;
}

export const handleDialog = actionTool({
  name: 'handle_dialog',
  description: 'Accept or dismiss the open dialog (alert, confirm, prompt, beforeunload).',
  category: 'input',
  readOnly: false,
  whileDialog: true,
  lines: [openingForm('dialog answered', Object.values(ANSWERED), answeredLine('accept', 'confirm', 'Transfer?'))],
  gated: true,
  schema: {
    action: z.enum(['accept', 'dismiss']).describe('OK or Cancel.'),
    promptText: z.string().optional().describe('Text for a prompt().'),
  },
  handler: async ({ action, promptText }, call, response) => {
    const { page } = call;
    const dialog = page.getDialog();
    if (action === 'accept') await gateOf(call, response).approve?.({ kind: 'dialog', text: dialog?.message ?? '' });
    await page.handleDialog(action === 'accept', promptText);
    response.line(answeredLine(action, dialog?.type ?? '', dialog?.message ?? ''));
  },
});

export const inputTools = [
  click,
  hover,
  fill,
  fillForm,
  selectText,
  drag,
  pressKey,
  typeText,
  uploadFile,
  handleDialog,
] as const;

/**
 * The forms of the lines ToolResponse.action writes for an action's result: what was done, what a
 * list it opened offers, where the page went, and that it had not settled.
 *
 * PLUG-IN POINT: ActionResult.action is becoming data that a formatter in src/mcp words. These
 * starts are hand-written until then; once that formatter writes the lines, their forms are to be
 * made from its verb table and phrases (as answer-frame.ts's lineWriter does) and this list is to
 * go, answer-forms.ts taking the formatter's forms in its place.
 */
import type { LineForm } from '../firefox/util/set-apart.js';

export const ACTION_LINE_FORMS: readonly LineForm[] = [
  {
    form: 'input',
    start: String.raw`(?:clicked|double-clicked|hovered|filled|set|selected|put the caret|dragged|pressed|typed|chose|scrolled|accepted|dismissed)\b`,
    example: 'Clicked uid=1_4 button "Transfer"',
  },
  {
    form: 'list offers',
    start: String.raw`its list (?:is open|shows no option)\b`,
    example:
      'Its list is open and offers "France", "French Guiana"; nothing is chosen until one is clicked (take_snapshot lists their uids).',
  },
  {
    form: 'action outcome',
    start: String.raw`the page (?:moved|navigated|was still)\b`,
    example: 'The page navigated to https://bank.example/done (still loading).',
  },
];

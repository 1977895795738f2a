/**
 * The forms of the lines ToolResponse.action writes for an action's result: what was done (from the leading words
 * action-line.ts writes it with), what a list it opened offers, where the page went, and that it had not settled.
 */
import { openingForm, type LineForm } from '../firefox/util/set-apart.js';
import { ACTION_LINE_STARTS, actionLine } from './action-line.js';

export const ACTION_LINE_FORMS: readonly LineForm[] = [
  openingForm(
    'input',
    // A check that was already as asked starts with its element (`uid=1_7 checkbox "Terms" was already checked`).
    [...ACTION_LINE_STARTS, 'uid='],
    actionLine({
      done: {
        kind: 'click',
        count: 1,
        button: 'left',
        target: { uid: '1_4', role: 'button', tag: 'button', name: 'Transfer' },
      },
    }),
  ),
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

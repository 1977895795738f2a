/**
 * Every form of line the server's answers use, gathered from where each is written: the client's
 * own (snapshot, diff, search and witness lines), the frame of every answer (answer-frame.ts), an
 * action's result (action-forms.ts) and each tool's own lines (its declaration's `lines`). The
 * rule that keeps page text from posing as the answer's own lines is built from this list alone:
 * network bodies and the page's Markdown are set apart by it (tool calls get it as `pageText`).
 * tests/e2e/answer-lines.test.ts walks every tool's answers and fails on a line no form starts.
 *
 * Error answers are left out: they come flagged (isError) and page text never stands in one but quoted.
 */
import { CLIENT_LINE_FORMS } from '../firefox/page/line-forms.js';
import { pageTextRule, type LineForm, type PageTextRule } from '../firefox/util/set-apart.js';
import { ACTION_LINE_FORMS } from './action-forms.js';
import { approvedLine } from './approval.js';
import { FRAME_LINE_FORMS } from './answer-frame.js';
import { ALL_TOOLS } from './tools/index.js';

export const ANSWER_LINE_FORMS: readonly LineForm[] = [
  ...CLIENT_LINE_FORMS,
  ...FRAME_LINE_FORMS,
  ...ACTION_LINE_FORMS,
  approvedLine.form,
  ...ALL_TOOLS.flatMap((tool) => tool.lines),
];

/** The rule for page text in the server's answers. */
export const ANSWER_TEXT: PageTextRule = pageTextRule(ANSWER_LINE_FORMS);

import { FIND_RESULT_FORM } from '../engine/snapshot/budget.js';
import { COLLAPSED_RUN_FORM } from '../engine/snapshot/compress.js';
import { DIFF_LINE_FORMS } from '../engine/snapshot/diff.js';
import { SNAPSHOT_LINE_FORMS } from '../engine/snapshot/format.js';
import { pageTextRule, type LineForm, type PageTextRule } from '../util/set-apart.js';
import { SINCE_UNKNOWN_FORM } from './snapshots.js';
import { WITNESS_REPORT_FORM } from './witness-report.js';

/**
 * Every form of line the client writes itself (each declared beside its writer): a snapshot's lines, a diff's, a
 * collapsed run's, a search's count line, a witness report's. Page text the client shows (its Markdown) is kept from
 * posing as any of them, and as any form a caller adds (Page.getPageMarkdown's `answerLines`).
 */
export const CLIENT_LINE_FORMS: readonly LineForm[] = [
  ...SNAPSHOT_LINE_FORMS,
  ...DIFF_LINE_FORMS,
  COLLAPSED_RUN_FORM,
  SINCE_UNKNOWN_FORM,
  FIND_RESULT_FORM,
  WITNESS_REPORT_FORM,
];

const CLIENT_RULE = pageTextRule(CLIENT_LINE_FORMS);
/** Rules made for callers' forms, by their list: a caller passes the same list each time. */
const rules = new WeakMap<readonly LineForm[], PageTextRule>();

/** The rule for page text shown beside the client's own lines and the lines of `answerLines` (a caller's). */
export function clientPageText(answerLines?: readonly LineForm[]): PageTextRule {
  if (!answerLines?.length) return CLIENT_RULE;
  let rule = rules.get(answerLines);
  if (!rule) {
    rule = pageTextRule([...CLIENT_LINE_FORMS, ...answerLines]);
    rules.set(answerLines, rule);
  }
  return rule;
}

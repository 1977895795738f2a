import { checkInteger, InvalidArgumentError } from '../../errors.js';
import { formatCount } from '../../util/text-page.js';
import type { SnapshotNode } from './format.js';
import { formatNode, roleLabel } from './format.js';
import type { LineForm } from '../../util/set-apart.js';
import { jsonString } from '../../util/text.js';

export interface FindOptions {
  /** Treat the query as a regular expression (case-insensitive) instead of a plain substring. */
  regex?: boolean;
  /** The most matches to return (default 50); `total` still counts them all. */
  limit?: number;
}

export interface FindMatch {
  uid: string;
  /** The element as formatNode writes it. */
  line: string;
  /**
   * Its ancestors, outermost first, as short summaries (`table "Issues"`, `row`); unnamed generic containers are left
   * out.
   */
  path: string[];
}

export interface FindResult {
  matches: FindMatch[];
  /** How many elements matched, including those beyond the limit. */
  total: number;
}

const DEFAULT_FIND_LIMIT = 50;

/** An ancestor as a short summary: role (or a generic element's tag) and name. */
function summary(node: SnapshotNode): string {
  const label = roleLabel(node);
  return node.name ? `${label} ${jsonString(node.name.length > 80 ? `${node.name.slice(0, 80)}…` : node.name)}` : label;
}

/** The test a query stands for: case-insensitive substring, or a case-insensitive regular expression. */
function matcher(query: string, regex: boolean): (value: string) => boolean {
  if (query === '')
    throw new InvalidArgumentError(
      'query must not be empty; pass the text (or, with regex: true, the pattern) to look for.',
    );
  if (regex) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(query, 'i');
    } catch (error) {
      throw new InvalidArgumentError(
        `query is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}. Fix the pattern, or search for plain text without regex: true.`,
      );
    }
    return (value) => pattern.test(value);
  }
  const needle = query.toLowerCase();
  return (value) => value.toLowerCase().includes(needle);
}

/** Elements whose name, text, value or href contains `query` (case-insensitive), in document order. */
export function findInSnapshot(nodes: readonly SnapshotNode[], query: string, options: FindOptions = {}): FindResult {
  const limit = options.limit ?? DEFAULT_FIND_LIMIT;
  checkInteger('limit', limit, 1);
  const test = matcher(query, options.regex ?? false);
  const matches: FindMatch[] = [];
  let total = 0;
  const path: string[] = [];
  const visit = (list: readonly SnapshotNode[]): void => {
    for (const node of list) {
      const fields = [node.name, node.text, node.value, node.href];
      if (fields.some((field) => field !== undefined && test(field))) {
        total += 1;
        if (matches.length < limit) matches.push({ uid: node.uid, line: formatNode(node), path: [...path] });
      }
      if (node.children) {
        const shown = node.role !== 'generic' || Boolean(node.name);
        if (shown) path.push(summary(node));
        visit(node.children);
        if (shown) path.pop();
      }
    }
  };
  visit(nodes);
  return { matches, total };
}

/** Search results as text: a count line, then one line per match with where it sits. */
export function formatFindResult(result: FindResult, query: string): string {
  const head =
    result.total === 0
      ? `no element matches ${JSON.stringify(query)}`
      : `${formatCount(result.total)} ${result.total === 1 ? 'element matches' : 'elements match'} ${JSON.stringify(query)}${result.total > result.matches.length ? ` (showing the first ${formatCount(result.matches.length)})` : ''}`;
  const lines = result.matches.map((match) =>
    match.path.length > 0 ? `${match.line}  (in ${match.path.join(' > ')})` : match.line,
  );
  return [head, ...lines].join('\n');
}

/** The form of a search's count line (see util/set-apart.ts); its matches are uid lines. */
export const FIND_RESULT_FORM: LineForm = {
  form: 'find result',
  start: String.raw`(?:\d[\d,]* elements? match(?:es)?|no element matches)\b`,
  example: '3 elements match "Walk"',
};

import { InvalidArgumentError } from '../errors.js';
import type { SnapshotNode } from './format.js';
import { formatNode } from './format.js';

/** 1234567 → "1,234,567", the same on every machine (no locale). */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface PageOptions {
  /** Where the page starts, in characters (UTF-16 code units) from the start of the text; default 0. */
  offset?: number;
  /** The most characters of the text a page holds; the trailing note, when there is one, comes on top. */
  maxChars: number;
}

export interface TextPage {
  /** This page's part of the text, then (when more follows) a note line saying how to get the rest. */
  text: string;
  /** Length of the whole text. */
  totalChars: number;
  /** Where this page starts in the whole text. */
  offset: number;
  /** Is there text after this page? */
  hasMore: boolean;
  /** The offset to ask for next, or null when this page reaches the end. */
  nextOffset: number | null;
  /** Was the page cut in the middle of a line (because a single line is longer than maxChars)? */
  truncated: boolean;
}

function checkInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new InvalidArgumentError(`${name} must be an integer of at least ${min}; got ${String(value)}.`);
  }
}

/**
 * One page of a long text: at most `maxChars` characters from `offset`, ending at a line boundary
 * when the window holds one (the newline itself is dropped and the next page starts after it),
 * and mid-line only when a single line is longer than `maxChars`. When more follows, a note line
 * says how much and which offset to ask for next.
 */
export function pageOfText(text: string, options: PageOptions): TextPage {
  const { offset = 0, maxChars } = options;
  checkInteger('maxChars', maxChars, 1);
  checkInteger('offset', offset, 0);
  const totalChars = text.length;
  if (offset > totalChars) {
    throw new InvalidArgumentError(
      `offset=${offset} is beyond the end of the text, which has ${formatCount(totalChars)} characters; use an offset from 0 to ${totalChars} (or omit it to start at the beginning).`,
    );
  }
  if (totalChars - offset <= maxChars) {
    return { text: text.slice(offset), totalChars, offset, hasMore: false, nextOffset: null, truncated: false };
  }
  const window = text.slice(offset, offset + maxChars);
  const newline = window.lastIndexOf('\n');
  let body: string;
  let nextOffset: number;
  let truncated = false;
  if (newline > 0) {
    body = window.slice(0, newline);
    nextOffset = offset + newline + 1;
  } else {
    // A single line longer than the window: cut it, but never between the halves of a surrogate pair.
    let cut = maxChars;
    const code = text.charCodeAt(offset + cut);
    if (cut > 1 && code >= 0xdc00 && code <= 0xdfff) cut -= 1;
    body = window.slice(0, cut);
    nextOffset = offset + cut;
    truncated = true;
  }
  const rest = totalChars - nextOffset;
  const note = `… ${formatCount(rest)} more character${rest === 1 ? '' : 's'}${truncated ? ' (this page ends mid-line)' : ''}; call again with offset=${nextOffset}`;
  return { text: `${body}\n${note}`, totalChars, offset, hasMore: true, nextOffset, truncated };
}

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
  /** Its ancestors, outermost first, as short summaries (`table "Issues"`, `row`); unnamed generic containers are left out. */
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
  const label = node.role === 'generic' ? node.tag : node.role;
  return node.name ? `${label} ${JSON.stringify(node.name.length > 80 ? `${node.name.slice(0, 80)}…` : node.name)}` : label;
}

/** The test a query stands for: case-insensitive substring, or a case-insensitive regular expression. */
function matcher(query: string, regex: boolean): (value: string) => boolean {
  if (query === '') throw new InvalidArgumentError('query must not be empty; pass the text (or, with regex: true, the pattern) to look for.');
  if (regex) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(query, 'i');
    } catch (error) {
      throw new InvalidArgumentError(`query is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}. Fix the pattern, or search for plain text without regex: true.`);
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
  const lines = result.matches.map((match) => (match.path.length > 0 ? `${match.line}  (in ${match.path.join(' > ')})` : match.line));
  return [head, ...lines].join('\n');
}

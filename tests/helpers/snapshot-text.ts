/** Reading a snapshot's text in tests, as an agent reads it: lines led by uids, controls in place in row lines. */
import type { Page } from '../../src/index.js';

/**
 * The uid of the element described (its role and what follows): a line's own, or a control's kept in place in a row
 * line ([3_9 radio "Fair"]).
 */
export function uidIn(text: string, element: RegExp): string {
  const found = new RegExp(String.raw`(?:^\s*|\[)(\d+_\d+) ${element.source}`, 'm').exec(text);
  if (!found?.[1]) throw new Error(`No line like ${String(element)} in:\n${text}`);
  return found[1];
}

/** The snapshot line with this uid. */
export function lineWithUid(text: string, uid: string): string {
  const line = text.split('\n').find((candidate) => candidate.trimStart().startsWith(`${uid} `));
  if (line === undefined) throw new Error(`No line with uid ${uid} in:\n${text}`);
  return line.trim();
}

/** The snapshot lines under (indented deeper than) the line with this uid, that line included. */
export function blockUnder(text: string, uid: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(`${uid} `));
  if (start < 0) throw new Error(`No line with uid ${uid} in:\n${text}`);
  const indent = (line: string): number => line.length - line.trimStart().length;
  const end = lines.findIndex((line, index) => index > start && indent(line) <= indent(lines[start] ?? ''));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** Polls a page condition (a function's source) until it is true, at most `ms`. */
export async function untilTrue(page: Page, condition: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await page.evaluate(condition)) !== true) {
    if (Date.now() > deadline) throw new Error(`Still false after ${ms} ms: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The check after a replayed step: the page shows what the recorded step did (its URL, its title,
 * the elements that appeared and those that went), waited for as the page settles, and refused
 * with each difference when it never does. Replays and exported scripts both check through here.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { EffectError } from '../errors.js';
import { fold } from '../page/locator.js';
import type { TakenSnapshot } from '../page/snapshots.js';
import { quote } from '../util/text.js';
import { quoteSnapshot } from './around.js';
import { containers, elementsByLine } from './effects.js';
import type { ExpectedEffect } from './types.js';

export interface ExpectOptions {
  /** How long the page may take to show it, in ms (default 5000). */
  timeout?: number;
  /** The URL a recorded one stands for on this run (another server, another port). */
  url?: (recorded: string) => string;
  /** The same for text the effect recorded (an element's line that shows a URL). */
  text?: (recorded: string) => string;
  /**
   * The step's target was healed (find.ts): lines are compared as the heal found it (the locator's fold: case and
   * spacing aside), and a list is looked for in any container.
   */
  healed?: boolean;
}

/** What expectEffect needs of a page. */
export interface ExpectPage {
  readonly url: string | undefined;
  takeSnapshot(): Promise<TakenSnapshot>;
}

const DEFAULT_TIMEOUT = 5000;
/** How often the page is read again while the effect is not there yet. */
const POLL_MS = 100;

/** The differences between what `snapshot` (of a page at `url`) shows and `expected`: none when it shows it all. */
export function effectMisses(
  expected: ExpectedEffect,
  url: string | undefined,
  snapshot: TakenSnapshot,
  options: Pick<ExpectOptions, 'url' | 'text' | 'healed'> = {},
): string[] {
  const rebased = options.text ?? ((recorded: string): string => recorded);
  const text = options.healed ? (recorded: string): string => fold(rebased(recorded)) : rebased;
  const seen = options.healed ? fold : (line: string): string => line;
  const misses: string[] = [];
  const wantedUrl = expected.url === undefined ? undefined : (options.url?.(expected.url) ?? expected.url);
  if (wantedUrl !== undefined && url !== wantedUrl)
    misses.push(`the URL is ${quote(url ?? 'none')}, not ${quote(wantedUrl)}`);
  if (expected.title !== undefined && snapshot.title !== expected.title)
    misses.push(`the title is ${quote(snapshot.title)}, not ${quote(expected.title)}`);
  const shown = new Set([...elementsByLine(snapshot).keys()].map(seen));
  for (const element of expected.appeared ?? [])
    if (!shown.has(text(element.line))) misses.push(`no ${text(element.line)} is shown`);
  for (const element of expected.gone ?? [])
    if (shown.has(text(element.line))) misses.push(`${text(element.line)} is still shown`);
  const lists = new Map(
    [...(expected.reordered?.length ? containers(snapshot) : [])].map(([container, held]) => [
      seen(container),
      held.map((items) => items.map(seen).join('\n')),
    ]),
  );
  for (const order of expected.reordered ?? []) {
    const [container, items] = [text(order.container), order.items.map(text).join('\n')];
    const candidates = options.healed ? [...lists.values()].flat() : (lists.get(container) ?? []);
    if (!candidates.includes(items))
      misses.push(`${container} does not hold ${order.items.map(text).join(', ')} in that order`);
  }
  return misses;
}

/**
 * Waits until the page shows `expected` (reading it again as it changes) and throws an
 * EffectError with what differs, and what the page showed, when it does not within the timeout.
 */
export async function expectEffect(
  page: ExpectPage,
  expected: ExpectedEffect,
  options: ExpectOptions = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
  for (;;) {
    const snapshot = await page.takeSnapshot();
    const misses = effectMisses(expected, page.url, snapshot, options);
    if (misses.length === 0) return;
    if (Date.now() >= deadline) {
      throw new EffectError(
        `The page does not show what the recorded step did: ${misses.join('; ')}.`,
        misses,
        quoteSnapshot(snapshot),
      );
    }
    await delay(POLL_MS);
  }
}

import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import {
  CancelledError,
  InvalidArgumentError,
  openingForm,
  TimeoutError,
  urlMatcher,
  type Page,
} from '../../firefox/index.js';
import { pageTool } from '../tool.js';
import { PERSON_WAIT, type HumanRequest } from '../view/desk.js';

/** What ends the wait besides the person's Done. */
interface Until {
  /** Whether a URL is the one the page should reach (see urlFits). */
  url?: ((url: string) => boolean) | undefined;
  text?: string | undefined;
  role?: string | undefined;
  name?: string | undefined;
}

/** How often the page is looked at. */
const LOOK_MS = 500;

/** How the lines that say what the person's hand did open, each written once: in the lines and in their form. */
const SAID = {
  done: 'The person pressed Done.',
  reached: 'The page reached ',
  shows: 'The page shows ',
  still: 'The page is still at ',
  moved: 'The page moved from ',
} as const;

/**
 * Whether a URL fits `pattern` (a glob where * is any run of characters, or else a part of it),
 * matched against the URL's origin and path, its query or hash only when the pattern has `?` or
 * `#`: a sign-in page at /login?next=/dashboard has not reached /dashboard. A bad glob is an error now, before anyone
 * is asked.
 */
export function urlFits(pattern: string): (url: string) => boolean {
  const glob = pattern.includes('*') ? urlMatcher(pattern, 'until.url') : undefined;
  return (url) => {
    let part = url;
    try {
      const parsed = new URL(url);
      parsed.username = '';
      parsed.password = '';
      if (!pattern.includes('?')) parsed.search = '';
      if (!pattern.includes('#')) parsed.hash = '';
      part = parsed.href;
    } catch {
      // Not a URL the parser knows: matched whole.
    }
    return glob ? glob.test(part) : part.includes(pattern);
  };
}

/** What of `until` the page shows now: a sentence, or undefined while it shows none of it. */
async function reached(page: Page, until: Until, signal: AbortSignal): Promise<string | undefined> {
  if (until.url !== undefined && page.url !== undefined && until.url(page.url)) return `${SAID.reached}${page.url}.`;
  if (until.text !== undefined) {
    const found = await page.waitForText(until.text, { timeout: 1, signal }).catch(() => undefined);
    if (found !== undefined) return `${SAID.shows}${JSON.stringify(found)}.`;
  }
  if (
    until.role !== undefined &&
    (await page
      .locate({ role: until.role, ...(until.name === undefined ? {} : { name: until.name }) })
      .count()
      .catch(() => 0)) > 0
  ) {
    return `${SAID.shows}a ${until.role}${until.name === undefined ? '' : ` ${JSON.stringify(until.name)}`}.`;
  }
  return undefined;
}

/**
 * Waits for the person's Done or `until`, telling the client it still waits; throws on cancellation or when `timeout`
 * passes.
 */
async function waitForHand(
  page: Page,
  request: HumanRequest,
  until: Until,
  timeout: number,
  signal: AbortSignal,
  progress: (message: string) => void,
): Promise<string> {
  const started = Date.now();
  const answered = { done: false };
  void request.done.then(() => (answered.done = true));
  let told = 0;
  for (;;) {
    if (answered.done) return SAID.done;
    if (signal.aborted)
      throw new CancelledError('request_human was cancelled; the request is gone from the live view.');
    const seen = await reached(page, until, signal);
    if (seen) return seen;
    const waited = Date.now() - started;
    if (waited >= timeout)
      throw new TimeoutError(
        `No one finished within ${Math.round(timeout / 1000)} s; the request is gone from the live view. Look at the page (take_snapshot) before going on.`,
      );
    if (waited >= told * PERSON_WAIT.progressMs) {
      progress(`Waiting for a person (${Math.round(waited / 1000)} s).`);
      told += 1;
    }
    await Promise.race([delay(LOOK_MS, undefined, { signal }).catch(() => undefined), request.done]);
  }
}

export const requestHuman = pageTool({
  name: 'request_human',
  description:
    'Ask the person watching this session (its live view: HTTP server or firefox-bidi show) to act on the page: a login, a second factor, a CAPTCHA. Waits, with progress notifications, until the page shows `until` or the person presses Done; answers what changed.',
  category: 'pages',
  readOnly: false,
  // A person's hand is no step a replay can take again.
  looksOnly: true,
  lines: [openingForm("a person's hand", Object.values(SAID), SAID.done)],
  schema: {
    reason: z.string().min(1).max(500).describe('What the person should do, as the view shows it.'),
    until: z
      .object({
        url: z
          .string()
          .min(1)
          .optional()
          .describe('A URL part, or a glob with *; its query and hash count only if it has ? or #.'),
        text: z.string().min(1).optional().describe('Text the page shows once done.'),
        role: z.string().min(1).optional().describe('An element that appears once done: its role…'),
        name: z.string().min(1).optional().describe('…and its name.'),
      })
      .optional()
      .describe('Ends the wait when the page shows it (else only Done does).'),
    timeout: z.number().int().positive().max(3_600_000).optional().describe('Max wait in ms (default 600000).'),
  },
  handler: async ({ reason, until, timeout }, { page, signal, human, progress }, response) => {
    if (!human)
      throw new InvalidArgumentError(
        "No person can see this session: live views are the HTTP server's (firefox-bidi-mcp --port) and the CLI's (firefox-bidi show). Go on alone, or tell your user what to do.",
      );
    const ends: Until = { ...until, url: until?.url === undefined ? undefined : urlFits(until.url) };
    const before = await page.takeSnapshot();
    const from = page.url;
    const request = human.ask(page.id, reason);
    let how: string;
    try {
      how = await waitForHand(page, request, ends, timeout ?? PERSON_WAIT.timeoutMs, signal, progress);
    } finally {
      request.end();
    }
    response
      .line(how)
      .line(
        page.url === from
          ? `${SAID.still}${page.url ?? 'about:blank'}.`
          : `${SAID.moved}${from ?? 'about:blank'} to ${page.url ?? 'about:blank'}.`,
      );
    response.reading('Changes', (await page.takeSnapshot({ since: before.id })).text);
  },
});

export const humanTools = [requestHuman];

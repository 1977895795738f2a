/**
 * The live view: a page a person opens in a browser to watch sessions as they run — their pages,
 * a picture of the chosen one, new when the page changes (polled at a bounded rate; Firefox 153
 * has no screencast), and the agent's last calls. Each session's view is opened with a link only
 * its client is given; the operator's link (printed at start) shows every session. A link is a
 * random key, compared in constant time; a wrong one is told nothing about the others.
 * Pictures go through page.screenshot(), which paints over passwords and secrets; everything else
 * the view serves (titles, URLs, calls, reasons, what an input did) is masked by the session's
 * secrets as every answer is.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrowserHolder } from '../browser.js';
import { FirefoxClientError, type Page, type SecretStore } from '../../firefox/index.js';
import type { Demonstrated, PersonAct } from '../recording/demonstration.js';
import type { SessionTimeline } from '../timeline/timeline.js';
import { actionLine } from '../action-line.js';
import { CallLog } from './call-log.js';
import { PersonDesk, type HumanDesk } from './desk.js';
import { parseViewInput, toPage } from './person-input.js';
import { viewPage } from './view-page.js';

/**
 * A session a person can watch, as its MCP server knows it: its view link (given to its client alone), the log of its
 * calls the view shows.
 */
export interface WatchedCalls {
  viewUrl: string;
  log: CallLog;
  /**
   * Whether a person holds page (browsing context) `page` in the view: the agent's actions there are refused meanwhile.
   */
  heldByPerson(page: string): boolean;
  /** Where its agent asks the person for a hand. */
  human: HumanDesk;
  /** Takes what the session's MCP server keeps of it: the person's acts, its timeline. */
  attach(kept: KeptSession): void;
}

/** What a session's MCP server keeps that its view uses: the person's acts, as steps and on its timeline. */
export interface KeptSession {
  keep(act: PersonAct): Demonstrated;
  timeline: SessionTimeline;
}

/** A session as the view shows it. */
export interface WatchedSession {
  /** Its own view key: the last part of its link. */
  key: string;
  holder: BrowserHolder;
  log: CallLog;
  /** What its MCP server keeps of it, once given. */
  kept?: KeptSession;
}

/** A new view key: 24 random bytes, never guessable. */
export const newViewKey = (): string => randomBytes(24).toString('base64url');

/** Whether a secret given (a key, a token) is the one expected, compared in constant time. */
export function sameKey(given: string, key: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(key)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

const NO_PAGE = 'No such session or page (it may have closed).';
/** The timeline's last entries the view shows. */
const TIMELINE_SHOWN = 8;

/** Why a person's act is not in the session's recording, when it is not: kept runs after the act was performed. */
function unrecorded(keep: () => Demonstrated | undefined): string | undefined {
  try {
    return keep() === 'not recorded'
      ? "(Not kept in the session's recording: nothing there is listed by role and name, so a replay could not find it.)"
      : undefined;
  } catch (error) {
    return `(Done, but the session's recording could not be written: ${error instanceof Error ? error.message : String(error)})`;
  }
}
/** The most a view's input body may hold. */
const MAX_BODY = 4096;

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > MAX_BODY) return undefined;
  }
  return body;
}

export class LiveView {
  readonly #sessions = new Map<string, WatchedSession>();
  /**
   * Pages (browsing contexts) a person holds, with their session: the agent's actions on them are refused until the
   * person gives them back.
   */
  readonly #held = new Map<string, string>();
  /** What each session's agent asks of the person, by the session's view key. */
  readonly #desk = new PersonDesk();
  /** Each page's last picture scale (with its session), to map a point of the picture to the page. */
  readonly #scales = new Map<string, { session: string; scale: number }>();

  constructor(
    /** The operator's key: its link shows every session. */
    readonly operatorKey: string,
  ) {}

  /** The path of a key's view. */
  static path(key: string): string {
    return `/view/${key}`;
  }

  /**
   * A new session to watch, served at `origin`: its own key and call log (to add() once it has an
   * id), and what its MCP server is given: its link, the log, whether a person holds a page, its desk.
   */
  newSession(holder: BrowserHolder, origin: string): { session: WatchedSession; calls: WatchedCalls } {
    const session: WatchedSession = { key: newViewKey(), holder, log: new CallLog() };
    const calls = {
      viewUrl: `${origin}${LiveView.path(session.key)}`,
      log: session.log,
      heldByPerson: (page: string) => this.heldByPerson(page),
      human: this.#desk.of(session.key, (page) => this.#held.delete(page)),
      attach: (kept: KeptSession) => (session.kept = kept),
    };
    return { session, calls };
  }

  add(id: string, session: WatchedSession): void {
    this.#sessions.set(id, session);
  }

  remove(id: string): void {
    const key = this.#sessions.get(id)?.key;
    this.#sessions.delete(id);
    if (key !== undefined) this.#desk.close(key);
    for (const [page, session] of this.#held) if (session === id) this.#held.delete(page);
    for (const [page, { session }] of this.#scales) if (session === id) this.#scales.delete(page);
  }

  /** Whether a person holds the page (browsing context) `page` in the view. */
  heldByPerson(page: string): boolean {
    return this.#held.has(page);
  }

  /** The sessions `key` may watch, by id: all for the operator's, its own for a session's, none otherwise. */
  #visible(key: string): Map<string, WatchedSession> {
    if (sameKey(key, this.operatorKey)) return this.#sessions;
    return new Map([...this.#sessions].filter(([, session]) => sameKey(key, session.key)));
  }

  /**
   * Serves a request under /view/; false when `path` is not the view's. `hosts`, for a loopback
   * server: the Host headers it answers to (a web page must not reach it by DNS rebinding).
   */
  async serve(req: IncomingMessage, res: ServerResponse, url: URL, hosts?: readonly string[]): Promise<boolean> {
    const match = /^\/view\/([\w-]+)(\/state|\/picture|\/shot|\/input)?\/?$/.exec(url.pathname);
    if (!match) return false;
    if (hosts && !hosts.includes(req.headers.host ?? '')) {
      send(
        res,
        403,
        'text/plain; charset=utf-8',
        'Forbidden: the live view answers only to the host names of this machine.',
      );
      return true;
    }
    const [, key = '', part] = match;
    const visible = this.#visible(key);
    // Unknown and ended links look alike: nothing tells a guesser which keys exist.
    if (visible.size === 0 && !sameKey(key, this.operatorKey)) {
      send(res, 404, 'text/plain; charset=utf-8', 'No session has this view link (it may have ended).');
      return true;
    }
    if (part === '/input') {
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/json')
        send(res, 405, 'text/plain; charset=utf-8', 'Input is a POST of application/json.', { allow: 'POST' });
      else await this.#input(req, res, visible, url.searchParams);
      return true;
    }
    if (req.method !== 'GET') {
      send(res, 405, 'text/plain; charset=utf-8', 'The view only answers GET.', { allow: 'GET' });
      return true;
    }
    if (part === '/state') await this.#state(res, visible);
    else if (part === '/picture') await this.#picture(req, res, visible, url.searchParams);
    else if (part === '/shot') this.#shot(res, visible, url.searchParams);
    else {
      const nonce = randomBytes(16).toString('base64');
      send(res, 200, 'text/html; charset=utf-8', viewPage(nonce), {
        'content-security-policy': `default-src 'none'; img-src blob:; connect-src 'self'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'`,
      });
    }
    return true;
  }

  /**
   * The sessions, their pages and their last calls, as JSON, each masked by its session's secrets (a title or URL may
   * echo one, a call's line be masked by an older store).
   */
  async #state(res: ServerResponse, visible: Map<string, WatchedSession>): Promise<void> {
    const sessions = await Promise.all(
      [...visible].map(async ([id, session]) => {
        const client = session.holder.current;
        const pages = client ? await client.userContext.listPages().catch(() => []) : [];
        const asked = this.#desk.hands.get(session.key);
        const request = asked && pages.find((item) => item.id === asked.page);
        const gated = this.#desk.approvals.get(session.key);
        const approval = gated && pages.find((item) => item.id === gated.page);
        const shown = {
          id,
          pages: pages.map(({ pageId, id: context, url, title, selected }) => ({
            pageId,
            url,
            title,
            selected,
            held: this.#held.has(context),
          })),
          calls: session.log.calls,
          timeline: session.kept?.timeline.entries.slice(-TIMELINE_SHOWN) ?? [],
          ...(asked && request ? { request: { pageId: request.pageId, reason: asked.what, since: asked.since } } : {}),
          ...(gated && approval
            ? {
                approval: {
                  pageId: approval.pageId,
                  action: gated.what,
                  since: gated.since,
                  ...(gated.intent === undefined ? {} : { intent: gated.intent }),
                  // In the picture's pixels, as the view draws the outline over it.
                  ...(gated.box ? { box: gated.box.map((at) => at * (this.#scales.get(gated.page)?.scale ?? 1)) } : {}),
                },
              }
            : {}),
        };
        // Without a browser there are no pages; the calls were masked as they were answered.
        return client ? client.userContext.secrets.maskDeep(shown) : shown;
      }),
    );
    send(res, 200, 'application/json', JSON.stringify({ sessions }));
  }

  /**
   * The page a request names (`session` and `page` of the query) among the sessions it may see, with its session's
   * secrets; undefined when there is none.
   */
  #pageOf(
    visible: Map<string, WatchedSession>,
    query: URLSearchParams,
  ): { session: string; page: Page; secrets: SecretStore } | undefined {
    const session = query.get('session') ?? '';
    const client = visible.get(session)?.holder.current;
    const pageId = Number(query.get('page'));
    if (!client || !Number.isSafeInteger(pageId)) return undefined;
    try {
      return { session, page: client.userContext.pageById(pageId), secrets: client.userContext.secrets };
    } catch {
      return undefined;
    }
  }

  /** A picture of page `page` of session `session`, with an ETag: 304 when it is the one the viewer has. */
  async #picture(
    req: IncomingMessage,
    res: ServerResponse,
    visible: Map<string, WatchedSession>,
    query: URLSearchParams,
  ): Promise<void> {
    const named = this.#pageOf(visible, query);
    if (!named) return send(res, 404, 'text/plain; charset=utf-8', NO_PAGE);
    const { session: sessionId, page } = named;
    try {
      const { image, scale } = await page.screenshot();
      this.#scales.set(page.id, { session: sessionId, scale });
      const etag = `"${createHash('sha256').update(image).digest('base64url').slice(0, 22)}"`;
      if (req.headers['if-none-match'] === etag) return send(res, 304, 'image/png', '', { etag });
      send(res, 200, 'image/png', image, { etag });
    } catch {
      // What the page said in its error stays with the agent: the viewer is told only to wait.
      send(
        res,
        503,
        'text/plain; charset=utf-8',
        'No picture now (the page is loading, busy, closed or holds a dialog); the view asks again.',
      );
    }
  }

  /** A picture of session `session`'s timeline (`name`, as its entry names it); pictures keep, so it may be cached. */
  #shot(res: ServerResponse, visible: Map<string, WatchedSession>, query: URLSearchParams): void {
    const timeline = visible.get(query.get('session') ?? '')?.kept?.timeline;
    const image = timeline && timeline.picture(query.get('name') ?? '');
    if (!image) return send(res, 404, 'text/plain; charset=utf-8', 'No such picture (it may have been deleted).');
    send(res, 200, 'image/jpeg', image, { 'cache-control': 'private, max-age=3600' });
  }

  /**
   * A person's input on page `page` of session `session`: it takes the page from the agent (its
   * actions there are refused) until a release gives it back; answers what was done, as JSON.
   */
  async #input(
    req: IncomingMessage,
    res: ServerResponse,
    visible: Map<string, WatchedSession>,
    query: URLSearchParams,
  ): Promise<void> {
    const answer = (status: number, body: Record<string, unknown>): void =>
      send(res, status, 'application/json', JSON.stringify(body));
    const body = await readBody(req);
    if (body === undefined) return answer(413, { error: `The body is over ${MAX_BODY} bytes.` });
    const named = this.#pageOf(visible, query);
    if (!named) return answer(404, { error: NO_PAGE });
    const { session: sessionId, page, secrets } = named;
    const session = visible.get(sessionId);
    const key = session?.key ?? '';
    try {
      const input = parseViewInput(body);
      if (input.type === 'approve' || input.type === 'refuse') {
        const gated = this.#desk.approvals.get(key);
        if (gated?.page !== page.id) return answer(409, { error: 'No action on this page waits for approval.' });
        gated.answer(input.type === 'approve' ? 'approved' : 'refused');
        return answer(200, {
          done: secrets.mask(
            input.type === 'approve' ? `Approved ${gated.what}.` : `Refused ${gated.what}: it was not done.`,
          ),
        });
      }
      if (input.type === 'release' || input.type === 'done') {
        this.#held.delete(page.id);
        const request = this.#desk.hands.get(key);
        if (input.type === 'done' && request?.page === page.id) request.answer();
        return answer(200, {
          done:
            input.type === 'done'
              ? 'Told the agent you are done, and gave the page back.'
              : 'Gave the page back to the agent.',
        });
      }
      this.#held.set(page.id, sessionId);
      const hand = toPage(input, this.#scales.get(page.id)?.scale ?? 1);
      // What a click lands on is read before it goes in: after, it may be gone (a dialog's button).
      const on = hand.type === 'click' ? await page.pointTarget(hand.x, hand.y).catch(() => undefined) : undefined;
      const result = await page.personInput(hand);
      const line = actionLine(result);
      const unkept = unrecorded(() => session?.kept?.keep({ page, input: hand, ...(on ? { on } : {}), line }));
      answer(200, { done: secrets.mask(unkept ? `${line} ${unkept}` : line) });
    } catch (error) {
      // The page's own words stay with the agent: our errors say what to do, anything else is named only.
      answer(400, {
        error: error instanceof FirefoxClientError ? secrets.mask(error.message) : 'The input could not be performed.',
      });
    }
  }
}

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
import { actionLine } from '../action-line.js';
import { CallLog } from './call-log.js';
import { parseViewInput, perform } from './person-input.js';
import { viewPage } from './view-page.js';

/** A request for a person's hand, open in the view until the tool that made it ends it. */
export interface HumanRequest {
  /** Resolves when the person presses Done. */
  done: Promise<void>;
  end(): void;
}

/** A request for a person's approval of an action (approval.ts), open in the view until decided or ended. */
export interface ApprovalRequest {
  decided: Promise<'approved' | 'refused'>;
  end(): void;
}

/**
 * Where an agent asks a person for a hand (request_human), and where a gated action waits for approval: the session's
 * view shows the reason, or the action.
 */
export interface HumanDesk {
  ask(page: string, reason: string): HumanRequest;
  approve(page: string, action: string): ApprovalRequest;
}

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
}

/** A session as the view shows it. */
export interface WatchedSession {
  /** Its own view key: the last part of its link. */
  key: string;
  holder: BrowserHolder;
  log: CallLog;
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
  /**
   * Each session's open request for a hand, by the session's view key: the page, the reason, and what the person's Done
   * resolves.
   */
  readonly #requests = new Map<string, { page: string; reason: string; since: string; done: () => void }>();
  /** Each session's action waiting for approval, by the session's view key, with what decides it. */
  readonly #approvals = new Map<
    string,
    { page: string; action: string; since: string; decide: (decision: 'approved' | 'refused') => void }
  >();
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
    const session = { key: newViewKey(), holder, log: new CallLog() };
    const calls = {
      viewUrl: `${origin}${LiveView.path(session.key)}`,
      log: session.log,
      heldByPerson: (page: string) => this.heldByPerson(page),
      human: this.desk(session.key),
    };
    return { session, calls };
  }

  add(id: string, session: WatchedSession): void {
    this.#sessions.set(id, session);
  }

  /**
   * The desk of the session whose view key is `key`: its agent's requests for a hand, shown in its view until answered
   * or ended.
   */
  desk(key: string): HumanDesk {
    return {
      ask: (page, reason) => {
        let done = (): void => undefined;
        const answered = new Promise<void>((resolve) => (done = resolve));
        const request = { page, reason, since: new Date().toISOString(), done };
        this.#requests.set(key, request);
        return {
          done: answered,
          end: () => {
            if (this.#requests.get(key) === request) this.#requests.delete(key);
            // The hand asked for is given back with the answer.
            this.#held.delete(page);
          },
        };
      },
      approve: (page, action) => {
        let decide = (_: 'approved' | 'refused'): void => undefined;
        const decided = new Promise<'approved' | 'refused'>((resolve) => (decide = resolve));
        const request = { page, action, since: new Date().toISOString(), decide };
        this.#approvals.set(key, request);
        return {
          decided,
          end: () => {
            if (this.#approvals.get(key) === request) this.#approvals.delete(key);
          },
        };
      },
    };
  }

  remove(id: string): void {
    const key = this.#sessions.get(id)?.key;
    this.#sessions.delete(id);
    if (key !== undefined) {
      this.#requests.get(key)?.done();
      this.#requests.delete(key);
      this.#approvals.get(key)?.decide('refused');
      this.#approvals.delete(key);
    }
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
    const match = /^\/view\/([\w-]+)(\/state|\/picture|\/input)?\/?$/.exec(url.pathname);
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
        const asked = this.#requests.get(session.key);
        const request = asked && pages.find((item) => item.id === asked.page);
        const gated = this.#approvals.get(session.key);
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
          ...(asked && request
            ? { request: { pageId: request.pageId, reason: asked.reason, since: asked.since } }
            : {}),
          ...(gated && approval
            ? { approval: { pageId: approval.pageId, action: gated.action, since: gated.since } }
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
    try {
      const input = parseViewInput(body);
      if (input.type === 'approve' || input.type === 'refuse') {
        const gated = this.#approvals.get(visible.get(sessionId)?.key ?? '');
        if (gated?.page !== page.id) return answer(409, { error: 'No action on this page waits for approval.' });
        gated.decide(input.type === 'approve' ? 'approved' : 'refused');
        return answer(200, {
          done: secrets.mask(
            input.type === 'approve' ? `Approved ${gated.action}.` : `Refused ${gated.action}: it was not done.`,
          ),
        });
      }
      if (input.type === 'release' || input.type === 'done') {
        this.#held.delete(page.id);
        const request = this.#requests.get(visible.get(sessionId)?.key ?? '');
        if (input.type === 'done' && request?.page === page.id) request.done();
        return answer(200, {
          done:
            input.type === 'done'
              ? 'Told the agent you are done, and gave the page back.'
              : 'Gave the page back to the agent.',
        });
      }
      this.#held.set(page.id, sessionId);
      const result = await perform(page, input, this.#scales.get(page.id)?.scale ?? 1);
      answer(200, { done: secrets.mask(actionLine(result)) });
    } catch (error) {
      // The page's own words stay with the agent: our errors say what to do, anything else is named only.
      answer(400, {
        error: error instanceof FirefoxClientError ? secrets.mask(error.message) : 'The input could not be performed.',
      });
    }
  }
}

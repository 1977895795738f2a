import { STATUS_CODES } from 'node:http';
import type { Network } from 'webdriver-bidi-protocol';
import type { ActiveRoute, NetworkRules } from '../user-context/routes.js';
import type { SecretStore } from '../policy/secrets.js';
import type { UrlPolicy } from '../policy/url-policy.js';
import type { Send } from '../errors.js';
import type { Interception } from '../page/network.js';

function bidiHeaders(headers: Record<string, string>): Network.Header[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value: { type: 'string', value } }));
}

function headerValue(headers: readonly Network.Header[], name: string): string | undefined {
  const found = headers.find((header) => header.name.toLowerCase() === name);
  return found?.value.type === 'string' ? found.value.value : undefined;
}

/**
 * Holds the pages' requests while the URL policy filters origins or some user context has
 * request rules (each held request costs a round trip, so only then), and answers each: refused
 * by the policy, decided by the first rule of its user context that matches, or let through.
 */
export class RequestInterceptor {
  #intercept: string | undefined;
  /** Every intercept this client added: a request held by one just removed must still be answered. */
  readonly #ours = new Set<string>();
  #updating: Promise<void> = Promise.resolve();

  constructor(
    private readonly send: Send,
    private readonly policy: UrlPolicy,
    private readonly secrets: SecretStore,
    private readonly routesExist: () => boolean,
  ) {}

  /** Adds or removes the intercept to fit the policy and the rules; calls run one after another. */
  update(): Promise<void> {
    const next = this.#updating.then(() => this.#apply());
    this.#updating = next.catch(() => undefined);
    return next;
  }

  /** Answers a request one of our intercepts holds (undefined for any other), and says what was done to it. */
  intercept(event: Network.BeforeRequestSentParameters, routes: NetworkRules | undefined): Interception | undefined {
    if (!event.isBlocked || !event.intercepts?.some((id) => this.#ours.has(id))) return undefined;
    const { request, url, method, headers } = event.request;
    // The request may be gone already (its page closed).
    const answer = (promise: Promise<unknown>): void => void promise.catch(() => undefined);
    if (this.policy.requestRefusal(url) !== undefined) {
      answer(this.send('network.failRequest', { request }, 'Blocking a request'));
      return { action: 'blocked' };
    }
    const preflightOf = method === 'OPTIONS' ? headerValue(headers, 'access-control-request-method') : undefined;
    if (preflightOf !== undefined) {
      // A cross-origin call's preflight is answered for the mock that will answer the call itself.
      const mock = routes?.peek(url, preflightOf);
      if (mock?.action === 'mock') {
        answer(
          this.#respond(
            request,
            204,
            this.#cors(headers, {
              'access-control-allow-methods': preflightOf,
              'access-control-allow-headers': headerValue(headers, 'access-control-request-headers') ?? '*',
            }),
            undefined,
          ),
        );
        return { action: 'mocked', rule: mock.id };
      }
    }
    const route = routes?.take(url, method);
    if (!route) {
      answer(this.send('network.continueRequest', { request }, 'Letting a request through'));
      return undefined;
    }
    // A request the rule could not be applied to fails rather than hang.
    answer(
      this.#applyRoute(route, request, headers).catch(() =>
        this.send('network.failRequest', { request }, 'Failing a request'),
      ),
    );
    return {
      action: route.action === 'block' ? 'blocked' : route.action === 'mock' ? 'mocked' : 'modified',
      rule: route.id,
    };
  }

  async #applyRoute(route: ActiveRoute, request: string, headers: readonly Network.Header[]): Promise<unknown> {
    if (route.action === 'block') return this.send('network.failRequest', { request }, 'Blocking a request');
    if (route.action === 'mock')
      return this.#respond(request, route.status ?? 200, this.#cors(headers, route.headers ?? {}), route.body);
    const changes = route.requestHeaders ?? {};
    const kept = headers.filter((header) => !Object.hasOwn(changes, header.name.toLowerCase()));
    const added = Object.entries(changes).flatMap(([name, value]) =>
      value === null ? [] : [{ name, value: { type: 'string' as const, value: this.secrets.reveal(value) } }],
    );
    return this.send(
      'network.continueRequest',
      { request, headers: [...kept, ...added] },
      'Sending a request with changed headers',
    );
  }

  /** A mock answers a cross-origin call as a permissive server would, unless its own headers say otherwise. */
  #cors(requestHeaders: readonly Network.Header[], headers: Record<string, string>): Record<string, string> {
    const origin = headerValue(requestHeaders, 'origin');
    if (origin === undefined || Object.hasOwn(headers, 'access-control-allow-origin')) return headers;
    return { ...headers, 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' };
  }

  #respond(
    request: string,
    status: number,
    headers: Record<string, string>,
    body: Uint8Array | undefined,
  ): Promise<unknown> {
    return this.send(
      'network.provideResponse',
      {
        request,
        statusCode: status,
        reasonPhrase: STATUS_CODES[status] ?? '',
        headers: bidiHeaders(headers),
        ...(body ? { body: { type: 'base64', value: Buffer.from(body).toString('base64') } } : {}),
      },
      'Answering a request with a mock',
    );
  }

  async #apply(): Promise<void> {
    const wanted = this.policy.filtersOrigins || this.routesExist();
    if (wanted && this.#intercept === undefined) {
      const { intercept } = await this.send(
        'network.addIntercept',
        { phases: ['beforeRequestSent'] },
        'Intercepting requests',
      );
      this.#intercept = intercept;
      this.#ours.add(intercept);
    } else if (!wanted && this.#intercept !== undefined) {
      const intercept = this.#intercept;
      this.#intercept = undefined;
      await this.send('network.removeIntercept', { intercept }, 'Ending request interception').catch(() => undefined);
    }
  }
}

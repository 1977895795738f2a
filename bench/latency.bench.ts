/**
 * Latency: every tool of the default set, called the way an agent calls it (the SDK's client on the
 * server's own code, linked in memory, so the transport is left out) on a served page of ordinary
 * size, each beside the floor of one BiDi round trip (`session.status`) measured in the same run.
 *
 * Each call's BiDi commands are recorded (the client's `send`, wrapped here), so every row says what
 * the tool spent in the browser, on what, and what it spent outside it (Node work, waits for the page
 * to settle). Then `evaluate` by reply size, 1k to 1M characters, through the client and through
 * `evaluate_script`: no band may take more than 2× its neighbours (the delayed-ACK stall of
 * src/bidi/prompt-ack.ts made 33–90 kB replies ~10× slower than their neighbours).
 *
 * Last, the calls every agent makes, through our bin and through Playwright MCP side by side.
 *
 * Run with `npm run bench:latency`. Exits non-zero on a tool error, never on timings.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { BidiConnection } from '../src/bidi/index.js';
import { BrowserHolder } from '../src/mcp/browser.js';
import { parseOptions } from '../src/mcp/options.js';
import { createServer } from '../src/mcp/server.js';
import { DEFAULT_TOOL_SETS } from '../src/mcp/tool-sets.js';
import { ALL_TOOLS } from '../src/mcp/tools/index.js';
import type { Dialect, ToolCall } from '../tests/corpus/agent.js';
import { startOurServer, startPlaywrightMcp, type RunningServer } from '../tests/corpus/servers.js';
import { formatMs, formatTable, random, serveSite, summarize, type Stats } from './lib.js';
import { document } from './pages.js';

const FLOOR_ITERATIONS = 200;
const TOOL_ITERATIONS = 20;
/** Tools whose calls take long or leave files: fewer rounds. */
const SLOW_TOOL_ITERATIONS = 8;
const WARMUP = 2;
const BAND_ROUNDS = 21;
/**
 * About 1.5× apart, so that growth with size alone keeps neighbours well under 2× (a doubling series sits right at 2×
 * where time grows linearly).
 */
const BANDS = [
  1_000, 1_500, 2_000, 3_000, 5_000, 7_000, 10_000, 15_000, 20_000, 30_000, 45_000, 60_000, 80_000, 100_000, 150_000,
  200_000, 300_000, 450_000, 700_000, 1_000_000,
];
const MAX_NEIGHBOUR_RATIO = 2;
const PEER_ITERATIONS = 15;
const PLAYWRIGHT_MCP_VERSION = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@playwright/mcp/package.json'), 'utf8')) as {
    version: string;
  }
).version;

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

// ------------------------------------------------------------ what each call sends

interface Sent {
  what: string;
  start: number;
  end: number;
}

/** The commands of the call being timed; undefined between calls. */
let recording: Sent[] | undefined;

/**
 * What is not a tool's own work: the probe that the page's script answers, the page list (tabs,
 * titles) each answer checks, and the wait for the page to settle after an action.
 */
const OVERHEAD = new Set(['responsive probe', 'page list', 'title', 'settle']);

/** A readable name for one command: engine operations and scripts by what they run. */
function nameOf(method: string, params: unknown): string {
  if (method === 'script.evaluate' && (params as { expression?: string }).expression === '0') return 'responsive probe';
  if (method === 'browsingContext.getTree') return 'page list';
  if (method !== 'script.callFunction') return method;
  const declaration = (params as { functionDeclaration?: string }).functionDeclaration ?? '';
  if (declaration === '() => document.title') return 'title';
  const operation = /engine\.(\w+)\(/.exec(declaration)?.[1];
  if (operation === 'waitForQuiet') return 'settle';
  if (operation) return `engine.${operation}`;
  return declaration.length > 2000 ? 'engine install' : 'script';
}

/** Wraps every connection's `send` to note each command of the call being timed. */
function recordCommands(): void {
  type Send = BidiConnection['send'];
  const send = Reflect.get<object, 'send'>(BidiConnection.prototype, 'send') as Send;
  const recorded = function (this: BidiConnection, ...args: Parameters<Send>) {
    const answer = send.apply(this, args);
    const sent: Sent = { what: nameOf(args[0], args[1]), start: performance.now(), end: Number.NaN };
    recording?.push(sent);
    const done = (): void => void (sent.end = performance.now());
    answer.then(done, done);
    return answer;
  };
  Reflect.set(BidiConnection.prototype, 'send', recorded);
}

/** Milliseconds covered by at least one command. */
function timeInBrowser(commands: readonly Sent[], callEnd: number): number {
  const spans = commands
    .map((command) => [command.start, Number.isNaN(command.end) ? callEnd : command.end] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [from, to] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const [start, end] of spans) {
    if (start > to) {
      if (to > from) total += to - from;
      [from, to] = [start, end];
    } else to = Math.max(to, end);
  }
  if (to > from) total += to - from;
  return total;
}

interface Measured {
  stats: Stats;
  commands: number;
  outside: number;
  /** Probes, page list, settling and time outside the browser. */
  overhead: number;
  /** `what ×n time` per call (×n when not once a call), longest first. */
  sent: string;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Times `call` (after `before`, untimed) `iterations` times with its commands. */
async function measure(
  name: string,
  iterations: number,
  call: () => Promise<unknown>,
  before?: () => Promise<unknown>,
): Promise<Measured> {
  for (let i = 0; i < WARMUP; i++) {
    await before?.();
    await call();
  }
  const times: number[] = [];
  const counts: number[] = [];
  const inBrowser: number[] = [];
  const overheads: number[] = [];
  const tally = new Map<string, { count: number; ms: number }>();
  for (let i = 0; i < iterations; i++) {
    await before?.();
    const commands: Sent[] = [];
    recording = commands;
    const start = performance.now();
    await call();
    const end = performance.now();
    recording = undefined;
    times.push(end - start);
    counts.push(commands.length);
    inBrowser.push(timeInBrowser(commands, end));
    const outside = end - start - (inBrowser.at(-1) ?? 0);
    overheads.push(
      outside +
        timeInBrowser(
          commands.filter((command) => OVERHEAD.has(command.what)),
          end,
        ),
    );
    for (const command of commands) {
      const entry = tally.get(command.what) ?? { count: 0, ms: 0 };
      tally.set(command.what, {
        count: entry.count + 1,
        ms: entry.ms + ((Number.isNaN(command.end) ? end : command.end) - command.start),
      });
    }
  }
  const stats = summarize(name, times);
  const sent = [...tally]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(
      ([what, { count, ms }]) =>
        `${what}${count === iterations ? '' : ` ×${+(count / iterations).toFixed(1)}`} ${formatMs(ms / iterations)}`,
    )
    .join(', ');
  return {
    stats,
    commands: median(counts),
    outside: median(times.map((time, i) => time - (inBrowser[i] ?? 0))),
    overhead: median(overheads),
    sent,
  };
}

// ------------------------------------------------------------ the page

/** A page of ordinary size: navigation, a form, a table, cards, a few buttons; logs and fetches on load. */
function ordinaryPage(): string {
  const links = Array.from({ length: 12 }, (_, i) => `<li><a href="#section-${i}">Section ${i}</a></li>`).join('');
  const rows = Array.from(
    { length: 40 },
    (_, i) =>
      `<tr><td>Order ${1000 + i}</td><td>${['Paid', 'Open', 'Shipped'][i % 3]}</td><td>${(i * 13.7).toFixed(2)} €</td><td><button type="button">Details ${i}</button></td></tr>`,
  ).join('');
  const cards = Array.from(
    { length: 30 },
    (_, i) =>
      `<article><h3>Report ${i}</h3><p>Quarterly figures for team ${i}, with notes on budget and delivery.</p><a href="#report-${i}">Open report ${i}</a></article>`,
  ).join('');
  return document(
    'Orders',
    `<header><nav><ul>${links}</ul></nav></header>
     <main>
       <h1>Orders</h1>
       <form id="order" onsubmit="event.preventDefault()">
         <label>Name <input id="name" name="name"></label>
         <label>Email <input id="email" type="email" name="email"></label>
         <label>Country <select id="country"><option>France</option><option>Germany</option><option>Spain</option></select></label>
         <label><input type="checkbox" id="terms"> I accept the terms</label>
         <label>Notes <textarea id="notes"></textarea></label>
         <label>Attachment <input type="file" id="attachment"></label>
         <button type="submit">Save order</button>
       </form>
       <p>Clicked <output id="count">0</output> times. <button type="button" id="more" onclick="document.getElementById('count').value = Number(document.getElementById('count').value) + 1">Count</button>
          <button type="button" id="warn" onclick="alert('Saved')">Alert</button></p>
       <div id="source" draggable="true" style="width:120px;height:40px;background:#cde">Drag me</div>
       <div id="target" style="width:160px;height:60px;border:1px dashed" ondragover="event.preventDefault()" ondrop="event.preventDefault(); this.textContent = 'Dropped'">Drop here</div>
       <table><thead><tr><th>Order</th><th>Status</th><th>Total</th><th></th></tr></thead><tbody>${rows}</tbody></table>
       <section>${cards}</section>
     </main>
     <script>
       for (let i = 0; i < 5; i++) console.log('loaded part ' + i);
       fetch('/data.json').then((response) => response.text());
     </script>`,
  );
}

// ------------------------------------------------------------ beside Playwright MCP

interface PeerRow {
  name: string;
  ours: Stats;
  theirs: Stats;
}

/** Calls the tool and returns its text; a tool error ends the bench. */
async function answered(server: RunningServer, call: ToolCall): Promise<string> {
  const answer = await server.callTool(call);
  if (answer.isError) throw new Error(`${server.dialect.name}: ${call.name} failed: ${answer.text}`);
  return answer.text;
}

/**
 * The calls every agent makes, through our bin and through Playwright MCP (Debian's Chromium), both
 * over stdio with the SDK's client, on the same page; the two take turns so that a busy machine slows
 * both alike. Navigation comes last: it ends the references.
 */
async function besidePlaywright(url: string): Promise<PeerRow[]> {
  const servers = [await startOurServer(), await startPlaywrightMcp()];
  try {
    const refs = await Promise.all(
      servers.map(async (server) => {
        await answered(server, server.dialect.navigate(url));
        const lines = server.dialect.lines(await answered(server, server.dialect.snapshot()));
        const find = (role: string, name: string): string => {
          const ref = lines.find((line) => line.role === role && line.names.includes(name))?.ref;
          if (ref === undefined) throw new Error(`${server.dialect.name}: no ${role} "${name}" in its snapshot`);
          return ref;
        };
        return { count: find('button', 'Count'), name: find('textbox', 'Name') };
      }),
    );
    const cases: {
      name: string;
      call: (dialect: Dialect, ref: { count: string; name: string }, i: number) => ToolCall;
      iterations?: number;
    }[] = [
      { name: 'snapshot', call: (dialect) => dialect.snapshot() },
      { name: 'click', call: (dialect, ref) => dialect.click(ref.count, 'Count button') },
      { name: 'fill', call: (dialect, ref, i) => dialect.fill(ref.name, 'Name textbox', `Ada ${i}`) },
      { name: 'press a key', call: (dialect) => dialect.press('End') },
      { name: 'evaluate (the title)', call: (dialect) => dialect.evaluate('() => document.title') },
      { name: 'evaluate (60,000 characters)', call: (dialect) => dialect.evaluate("() => 'x'.repeat(60000)") },
      { name: 'navigate', call: (dialect) => dialect.navigate(url), iterations: SLOW_TOOL_ITERATIONS },
    ];
    const rows: PeerRow[] = [];
    for (const peerCase of cases) {
      progress(`  ${peerCase.name}`);
      const iterations = peerCase.iterations ?? PEER_ITERATIONS;
      const times = servers.map((): number[] => []);
      for (let i = 0; i < WARMUP + iterations; i++) {
        for (const [index, server] of servers.entries()) {
          const start = performance.now();
          await answered(server, peerCase.call(server.dialect, refs[index] as { count: string; name: string }, i));
          if (i >= WARMUP) times[index]?.push(performance.now() - start);
        }
      }
      rows.push({
        name: peerCase.name,
        ours: summarize('ours', times[0] ?? []),
        theirs: summarize('theirs', times[1] ?? []),
      });
    }
    return rows;
  } finally {
    for (const server of servers) await server.close();
  }
}

// ------------------------------------------------------------ the run

type ToolAnswer = Awaited<ReturnType<Client['callTool']>>;

function textOf(answer: ToolAnswer): string {
  return (answer.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');
}

async function main(): Promise<void> {
  recordCommands();
  const outputDir = mkdtempSync(join(tmpdir(), 'latency-bench-'));
  writeFileSync(join(outputDir, 'invoice.txt'), 'an invoice\n');
  const site = await serveSite(() => ({ '/': ordinaryPage(), '/data.json': '{"orders": 40}' }));
  const options = parseOptions(['--output-dir', outputDir], {});
  const holder = BrowserHolder.ownBrowser(options);
  /** A server of `flags` on the bench's browser, linked in memory to a client of the SDK's. */
  const connect = async (name: string, flags: string[] = []): Promise<Client> => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer(parseOptions(['--output-dir', outputDir, ...flags], {}), holder).connect(serverSide);
    const connected = new Client({ name, version: '1.0.0' });
    await connected.connect(clientSide);
    return connected;
  };
  const client = await connect('latency-bench');

  const call = async (name: string, args: Record<string, unknown> = {}): Promise<string> => {
    const answer = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
    if (answer.isError) throw new Error(`${name} ${JSON.stringify(args)} failed: ${textOf(answer)}`);
    return textOf(answer);
  };
  const uid = (snapshot: string, pattern: RegExp): string => {
    const line = snapshot.split('\n').find((candidate) => pattern.test(candidate));
    const found = line && /^\s*(\d+_\d+) /.exec(line)?.[1];
    if (!found) throw new Error(`Nothing matches ${pattern} in the snapshot:\n${snapshot}`);
    return found;
  };

  try {
    const url = `${site.origin}/`;
    await call('navigate_page', { url });
    const { client: session } = await holder.client();
    const version = session.browser.browserVersion;
    const bidi = session.browser.bidi;

    progress('floor: session.status');
    const floor = await measure('session.status (floor)', FLOOR_ITERATIONS, () => bidi.send('session.status', {}));
    const rows = new Map<string, Measured>();
    const tool = async (
      name: string,
      args: Record<string, unknown> | (() => Record<string, unknown>),
      options: { iterations?: number; before?: () => Promise<unknown>; label?: string } = {},
    ): Promise<void> => {
      const label = options.label ?? name;
      progress(`  ${label}`);
      rows.set(
        label,
        await measure(
          label,
          options.iterations ?? TOOL_ITERATIONS,
          () => call(name, typeof args === 'function' ? args() : args),
          options.before,
        ),
      );
    };
    const alternate = <T>(a: T, b: T): (() => T) => {
      let turn = 0;
      return () => (turn++ % 2 === 0 ? a : b);
    };

    progress('pages');
    await tool('list_pages', {});
    await tool('navigate_page', { url }, { iterations: SLOW_TOOL_ITERATIONS });
    await tool('wait_for', { text: ['Report 29'] });
    // A second page to select, then open and close pages after the first.
    await call('new_page', { url });
    await tool('select_page', alternate({ pageIdx: 0 }, { pageIdx: 1 }));
    await call('close_page', { pageIdx: 1 });
    await tool(
      'new_page',
      { url },
      { iterations: SLOW_TOOL_ITERATIONS, before: () => call('close_page', { pageIdx: 1 }).catch(() => undefined) },
    );
    await call('close_page', { pageIdx: 1 });
    await tool(
      'close_page',
      { pageIdx: 1 },
      { iterations: SLOW_TOOL_ITERATIONS, before: () => call('new_page', { url }) },
    );
    await call('select_page', { pageIdx: 0 });

    progress('snapshot');
    await call('navigate_page', { url });
    const snapshot = await call('take_snapshot', {});
    await tool('take_snapshot', {});
    await tool('find_in_page', { query: 'Order 1012' });
    const countButton = uid(snapshot, /button "Count"/);
    await tool('resolve_uid_to_selector', { uid: countButton });
    await tool('scroll_page', alternate({ direction: 'down' }, { direction: 'up' }));
    await tool('get_page_markdown', {});

    progress('input');
    const name = uid(snapshot, /textbox "Name"/);
    const email = uid(snapshot, /textbox "Email"/);
    const notes = uid(snapshot, /textbox "Notes"/);
    await tool('click', { uid: countButton });
    // The same click through a second server on the same browser with approval gates on: "Count" needs no person, so
    // what is measured is the gate's own cost (the target's role, name and form read with it, the rule applied).
    const gated = await connect('latency-bench-gated', ['--require-approval']);
    progress('  click (gates on)');
    rows.set(
      'click (gates on)',
      await measure('click (gates on)', TOOL_ITERATIONS, async () => {
        const answer = await gated.callTool({ name: 'click', arguments: { uid: countButton } });
        if (answer.isError) throw new Error(`click with gates on failed: ${textOf(answer)}`);
      }),
    );
    await gated.close();
    await tool('hover', { uid: uid(snapshot, /link "Open report 3"/) });
    await tool('select_text', {
      uid: uid(snapshot, /paragraph: Quarterly figures for team 3,/),
      text: 'figures for team 3',
    });
    let filled = 0;
    await tool('fill', () => ({ uid: name, value: `Ada ${filled++}` }));
    await tool('fill_form', () => ({
      elements: [
        { uid: name, value: `Grace ${filled++}` },
        { uid: email, value: `g${filled}@example.com` },
      ],
    }));
    await tool('drag', { from_uid: uid(snapshot, /Drag me/), to_uid: uid(snapshot, /Drop here|Dropped/) });
    await call('click', { uid: notes });
    await tool('type_text', { text: 'Deliver before noon.' });

    progress('the same input through the library');
    const page = session.userContext.page;
    const library = async (label: string, work: () => Promise<unknown>): Promise<void> => {
      progress(`  ${label}`);
      rows.set(`${label} (library)`, await measure(label, TOOL_ITERATIONS, work));
    };
    await library('click', () => page.clickByUid(countButton));
    await library('fill', () => page.fillByUid(name, `Ada ${filled++}`));
    await page.clickByUid(notes);
    await library('type_text', () => page.typeText('Deliver before noon.'));
    await tool('press_key', { key: 'End' });
    await tool('upload_file', { uid: uid(snapshot, /Attachment/), filePaths: [join(outputDir, 'invoice.txt')] });
    const alertButton = uid(snapshot, /button "Alert"/);
    await tool('handle_dialog', { action: 'accept' }, { before: () => call('click', { uid: alertButton }) });

    progress('script, console, network, screenshot');
    await tool('evaluate_script', { function: "() => document.querySelectorAll('li').length" });
    await tool('list_console_messages', {});
    const msgid = Number(/msgid=(\d+)/.exec(await call('list_console_messages', {}))?.[1]);
    await tool('get_console_message', { msgid });
    await tool('list_network_requests', {});
    const reqid = Number(/reqid=(\d+)/.exec(await call('list_network_requests', {}))?.[1]);
    await tool('get_network_request', { reqid });
    await tool('list_downloads', {});
    await tool('take_screenshot', {}, { iterations: SLOW_TOOL_ITERATIONS });
    await tool('save_pdf', { filePath: 'page.pdf' }, { iterations: SLOW_TOOL_ITERATIONS });

    progress('evaluate by reply size');
    // Round by round through every band, so that a busy spell of the machine slows all bands alike, in
    // a new order each round: whatever a 1,000,000-character reply leaves behind (garbage to collect)
    // would otherwise always land on the band after it.
    const samples = BANDS.map(() => ({ client: [] as number[], tool: [] as number[] }));
    const next = random(24);
    const timed = async (into: number[], work: () => Promise<unknown>): Promise<void> => {
      const start = performance.now();
      await work();
      into.push(performance.now() - start);
    };
    for (let round = 0; round < WARMUP + BAND_ROUNDS; round++) {
      for (const [index, size] of shuffled([...BANDS.entries()], next)) {
        const into = round < WARMUP ? { client: [], tool: [] } : samples[index];
        if (!into) continue;
        await timed(into.client, () => session.userContext.page.evaluate((n: number) => 'x'.repeat(n), [size]));
        await timed(into.tool, () => call('evaluate_script', { function: `() => 'x'.repeat(${size})` }));
      }
    }
    const bands = BANDS.map((size, index) => ({
      size,
      client: summarize(`${size}`, samples[index]?.client ?? []),
      tool: summarize(`${size}`, samples[index]?.tool ?? []),
    }));

    progress('beside Playwright MCP');
    const peers = await besidePlaywright(url);

    const defaults = ALL_TOOLS.filter((candidate) => DEFAULT_TOOL_SETS.includes(candidate.annotations.category)).map(
      (candidate) => candidate.name,
    );
    const missing = defaults.filter((name) => !rows.has(name) && !UNTIMED.has(name));
    report(version, floor.stats, defaults, rows, bands, peers);
    if (missing.length > 0) throw new Error(`Not measured: ${missing.join(', ')}`);
  } finally {
    await client.close();
    await holder.close();
    await site.close();
    rmSync(outputDir, { recursive: true, force: true });
  }
}

/** The items in an order drawn from `next` (Fisher–Yates). */
function shuffled<T>(items: T[], next: () => number): T[] {
  const order = [...items];
  for (let at = order.length - 1; at > 0; at--) {
    const other = Math.floor(next() * (at + 1));
    [order[at], order[other]] = [order[other] as T, order[at] as T];
  }
  return order;
}

function ratio(value: number, floor: number): string {
  const times = value / floor;
  return `${times.toFixed(times >= 100 ? 0 : 1)}×`;
}

/** Default tools whose time is not the tool's: they are named in the report with why. */
const UNTIMED = new Map([['request_human', 'waits for a person in the live view: its time is theirs']]);

function report(
  version: string,
  floor: Stats,
  defaults: string[],
  rows: Map<string, Measured>,
  bands: { size: number; client: Stats; tool: Stats }[],
  peers: PeerRow[],
): void {
  console.log(`\n## Latency of the default tools (Firefox ${version}, ${new Date().toISOString().slice(0, 10)})\n`);
  console.log(
    `Floor, one BiDi round trip (session.status): median ${formatMs(floor.median)}, p95 ${formatMs(floor.p95)} (n=${floor.n}).`,
  );
  console.log(
    'Overhead is what a call spends beyond its own work: the probe that the page answers (responsive probe), the page list each answer checks (page list, titles), the wait for the page to settle after an action (settle), and time outside the browser (Node work, the MCP SDK); "of it outside" is that last part.\n',
  );
  console.log(
    formatTable(
      [
        'tool',
        'n',
        'median',
        'p95',
        'median/floor',
        'overhead',
        'of it outside',
        'commands',
        'commands per call (×count when not 1, mean time)',
      ],
      defaults.flatMap((name) => {
        const row = rows.get(name);
        if (!row) return [];
        return [
          [
            name,
            String(row.stats.n),
            formatMs(row.stats.median),
            formatMs(row.stats.p95),
            ratio(row.stats.median, floor.median),
            formatMs(row.overhead),
            formatMs(row.outside),
            String(row.commands),
            row.sent,
          ],
        ];
      }),
    ),
  );
  for (const [name, why] of UNTIMED) console.log(`\nNot timed: ${name}, which ${why}.`);
  console.log('\n## Through the server and through the library (the same page, the same session)\n');
  console.log(
    formatTable(
      ['call', 'server median', 'commands', 'library median', 'commands', 'server / library (goal ≤ 1.2×)'],
      ['click', 'fill', 'type_text'].flatMap((name) => {
        const server = rows.get(name);
        const library = rows.get(`${name} (library)`);
        if (!server || !library) return [];
        return [
          [
            name,
            formatMs(server.stats.median),
            String(server.commands),
            formatMs(library.stats.median),
            String(library.commands),
            `${(server.stats.median / library.stats.median).toFixed(2)}×`,
          ],
        ];
      }),
    ),
  );
  const [gatesOff, gatesOn] = [rows.get('click'), rows.get('click (gates on)')];
  if (gatesOff && gatesOn)
    console.log(
      `\nApproval gates: a click that needs no person takes ${formatMs(gatesOn.stats.median)} with --require-approval, ${formatMs(gatesOff.stats.median)} without: ${(gatesOn.stats.median / gatesOff.stats.median).toFixed(2)}× (goal ≤ 1.05×).`,
    );
  console.log('\n## evaluate by reply size (characters returned)\n');
  const neighbourRatio = (series: Stats[], index: number): number => {
    const here = series[index]?.median ?? Number.NaN;
    const around = [series[index - 1]?.median, series[index + 1]?.median].filter(
      (value): value is number => value !== undefined,
    );
    return Math.max(...around.map((other) => here / other));
  };
  const clientSeries = bands.map((band) => band.client);
  const toolSeries = bands.map((band) => band.tool);
  console.log(
    formatTable(
      [
        'reply size',
        'client median',
        'client p95',
        '× floor',
        '× neighbours (max)',
        'evaluate_script median',
        'p95',
        '× neighbours (max)',
      ],
      bands.map((band, index) => [
        band.size.toLocaleString('en'),
        formatMs(band.client.median),
        formatMs(band.client.p95),
        ratio(band.client.median, floor.median),
        `${neighbourRatio(clientSeries, index).toFixed(2)}×`,
        formatMs(band.tool.median),
        formatMs(band.tool.p95),
        `${neighbourRatio(toolSeries, index).toFixed(2)}×`,
      ]),
    ),
  );
  const worst = Math.max(
    ...bands.flatMap((_, index) => [neighbourRatio(clientSeries, index), neighbourRatio(toolSeries, index)]),
  );
  console.log(
    `\nLargest band-to-neighbour ratio: ${worst.toFixed(2)}× (target ≤ ${MAX_NEIGHBOUR_RATIO}×) ${worst <= MAX_NEIGHBOUR_RATIO ? 'met' : 'NOT MET'}.`,
  );
  console.log(`\n## Beside Playwright MCP ${PLAYWRIGHT_MCP_VERSION} (Debian's Chromium), both over stdio, in turns\n`);
  console.log(
    "Playwright MCP's type and press answer at once with the code they ran (no wait for the page, no value read back); its click and evaluate wait about half a second for the page, and its click links a snapshot file. Ours waits until the page is quiet (settle) after every action and reads the effect back.\n",
  );
  console.log(
    formatTable(
      ['call', 'n', 'ours median', 'ours p95', 'Playwright MCP median', 'p95', 'ours / theirs'],
      peers.map((peer) => [
        peer.name,
        String(peer.ours.n),
        formatMs(peer.ours.median),
        formatMs(peer.ours.p95),
        formatMs(peer.theirs.median),
        formatMs(peer.theirs.p95),
        `${(peer.ours.median / peer.theirs.median).toFixed(2)}×`,
      ]),
    ),
  );
}

await main();

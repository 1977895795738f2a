/**
 * Small helpers shared by the benchmarks: timing loops, summary statistics, an aligned
 * Markdown table, and a throwaway HTTP server on 127.0.0.1 for pages to load.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** Summary of one measure, all times in milliseconds. */
export interface Stats {
  name: string;
  n: number;
  min: number;
  median: number;
  p95: number;
  mean: number;
}

export interface RunOptions {
  /** Timed iterations. */
  iterations: number;
  /** Untimed iterations first, to warm caches and JIT (default 0). */
  warmup?: number;
}

/** Linear-interpolated percentile (0–100) of ascending `sorted`. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  const low = sorted[lower] ?? Number.NaN;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (rank - lower);
}

/** min / median / p95 / mean of `samples` (milliseconds). */
export function summarize(name: string, samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error(`No samples for "${name}".`);
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
  };
}

/** Runs `fn` `warmup` times untimed, then `iterations` times one after another, timing each call. */
export async function run(name: string, fn: (iteration: number) => unknown, options: RunOptions): Promise<Stats> {
  const warmup = options.warmup ?? 0;
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < options.iterations; i++) {
    const start = performance.now();
    await fn(warmup + i);
    samples.push(performance.now() - start);
  }
  return summarize(name, samples);
}

/** Formats milliseconds with a precision that suits their size. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** A Markdown table with padded columns; the first column is left-aligned, the others right-aligned. */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const cell = (text: string, column: number): string => {
    const width = widths[column] ?? text.length;
    return column === 0 ? text.padEnd(width) : text.padStart(width);
  };
  const line = (cells: readonly string[]): string =>
    `| ${headers.map((_, column) => cell(cells[column] ?? '', column)).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? ` ${'-'.repeat(width)} ` : ` ${'-'.repeat(width - 1)}: `)).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/**
 * The standard table: measure, n, min, median, p95, mean, and the median's ratio to the
 * median of `floor` (a trivial round trip measured in the same run).
 */
export function statsTable(all: readonly Stats[], floor: Stats): string {
  return formatTable(
    ['measure', 'n', 'min', 'median', 'p95', 'mean', 'ratio-to-floor'],
    all.map((stats) => [
      stats.name,
      String(stats.n),
      formatMs(stats.min),
      formatMs(stats.median),
      formatMs(stats.p95),
      formatMs(stats.mean),
      `${(stats.median / floor.median).toFixed(stats.median / floor.median >= 100 ? 0 : 1)}×`,
    ]),
  );
}

export interface Site {
  port: number;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** http://localhost:PORT — the same server, another origin. */
  otherOrigin: string;
  close(): Promise<void>;
}

/**
 * Serves pages (path → HTML, built once the port is known) on 127.0.0.1; `fallback` answers any
 * other path, or 404 when there is none.
 */
export async function serveSite(
  build: (origins: { origin: string; otherOrigin: string }) => Record<string, string>,
  fallback?: string,
): Promise<Site> {
  let pages = new Map<string, Buffer>();
  const fallbackBody = fallback === undefined ? undefined : Buffer.from(fallback, 'utf8');
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    const body = path === '/favicon.ico' ? undefined : (pages.get(path) ?? fallbackBody);
    if (!body) {
      response.writeHead(path === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origins = { origin: `http://127.0.0.1:${port}`, otherOrigin: `http://localhost:${port}` };
  pages = new Map(Object.entries(build(origins)).map(([path, html]) => [path, Buffer.from(html, 'utf8')]));
  return {
    port,
    ...origins,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from the browser would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

export interface PageServer {
  /** URL of the page, such as http://127.0.0.1:PORT/ */
  url: string;
  close(): Promise<void>;
}

/** Serves `html` for every GET on 127.0.0.1, on a free port. Close it when done. */
export async function servePage(html: string): Promise<PageServer> {
  const site = await serveSite(() => ({}), html);
  return { url: `${site.origin}/`, close: () => site.close() };
}

/** mulberry32: a tiny seeded generator, so every run serves the same pages. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Everyday product words for generated pages. */
export const WORDS = (
  'account active address amount archive basket billing board budget calendar campaign channel checkout client comment contract ' +
  'delivery deploy device draft editor export feature filter folder forecast gallery invoice issue ledger library market ' +
  'member message metric monitor network notice order payment pipeline policy preview profile project quota receipt record release ' +
  'report request review schedule search segment session setting shipment signal status storage summary supplier support ticket ' +
  'timeline token upload usage vendor version warehouse webhook widget workflow'
).split(' ');

// ------------------------------------------------------------ the floor

/**
 * What a floor walk returns, as one JSON string: in-page time (including JSON.stringify), elements, and [tag, x, y, w,
 * h] per element.
 */
export interface FloorResult {
  ms: number;
  count: number;
  nodes: [string, number, number, number, number][];
}

/** Recursion over firstElementChild / nextElementSibling; open shadow roots before light children. */
export const FLOOR_RECURSIVE = `function () {
  const started = performance.now();
  const out = [];
  let count = 0;
  const visit = (first) => {
    for (let el = first; el !== null; el = el.nextElementSibling) {
      count++;
      const r = el.getBoundingClientRect();
      out.push([el.localName, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]);
      const shadow = el.shadowRoot;
      if (shadow !== null) visit(shadow.firstElementChild);
      visit(el.firstElementChild);
    }
  };
  visit(document.documentElement);
  const json = JSON.stringify(out);
  return '{"ms":' + (performance.now() - started) + ',"count":' + count + ',"nodes":' + json + '}';
}`;

/** Debian's Chromium: the peers' browser in every side-by-side bench (never a downloaded one). */
export const CHROMIUM = '/usr/bin/chromium';

/** Launches Debian's Chromium, or says why the Playwright column is skipped. */
export async function launchChromium(): Promise<{ browser?: Browser; why?: string }> {
  if (!existsSync(CHROMIUM))
    return { why: `${CHROMIUM} is missing (install Debian's chromium: apt-get install -y chromium)` };
  try {
    // --no-sandbox: Chromium's sandbox refuses to start as root, as in containers and CI.
    return { browser: await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], timeout: 60_000 }) };
  } catch (error) {
    return {
      why: `launching ${CHROMIUM} failed: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`,
    };
  }
}

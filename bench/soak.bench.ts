/**
 * Soak (issue 10): one MCP session doing, through the real server in this process, ROUNDS rounds
 * of navigate + take_snapshot + take_snapshot({ since }) on a 10k-element page, then CYCLES
 * rounds of new_page + close_page. Prints Node's RSS and the client's per-page state
 * (stateCounts()) along the way, and says whether RSS after the last round stays within 50 MB of
 * its value after round 100 and whether the per-page entries are back to what the open pages
 * need. A bench, not a test: it reports, and exits non-zero only on errors.
 *
 *   npm run bench:soak                      (ROUNDS=1000 CYCLES=500)
 *   ROUNDS=200 CYCLES=100 npm run bench:soak
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startInProcessServer } from '../tests/helpers/mcp.js';
import { formatTable, random, servePage, WORDS } from './lib.js';

const ROUNDS = Number(process.env.ROUNDS ?? 1000);
const CYCLES = Number(process.env.CYCLES ?? 500);
const BASELINE_ROUND = Math.min(100, ROUNDS);
const RSS_TARGET_MB = 50;

function page(elements: number): string {
  const pick = random(10);
  const word = (): string => WORDS[Math.floor(pick() * WORDS.length)] ?? 'word';
  const items: string[] = [];
  for (let i = 0; items.length * 5 < elements; i++) {
    items.push(
      `<li><a href="#i${i}">${word()} ${i}</a> <span>${word()} ${word()}</span> <button>Act ${i}</button></li>`,
    );
  }
  return `<!doctype html><title>Soak</title><h1>Soak</h1><ul>${items.join('')}</ul>`;
}

function mb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

async function main(): Promise<void> {
  const site = await servePage(page(10_000));
  const { client, holder, close } = await startInProcessServer();
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content).slice(0, 300)}`);
    return result;
  };
  const counts = (): Record<string, number> => holder.current?.browser.stateCounts() ?? {};
  /** The state counts printed: pages and the browsing contexts routed to them, then what the open pages hold. */
  const COLUMNS = [
    'pages',
    'contexts',
    'liveSnapshotIds',
    'snapshots',
    'snapshotHistory',
    'frames',
    'consoleMessages',
    'networkRequests',
    'networkPending',
    'navigationWatches',
    'dialogListeners',
  ];
  const curve: string[][] = [];
  const sample = (phase: string, round: number): number => {
    global.gc?.();
    const rss = mb(process.memoryUsage().rss);
    const state = counts();
    curve.push([phase, String(round), String(rss), ...COLUMNS.map((key) => String(state[key] ?? 0))]);
    return rss;
  };
  const started = Date.now();
  let baseline = 0;
  let last = 0;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      await call('navigate_page', { url: site.url });
      const taken = await call('take_snapshot', { maxChars: 2000 });
      const id = (taken.structuredContent as { snapshotId?: number } | undefined)?.snapshotId ?? 1;
      await call('take_snapshot', { since: id, maxChars: 2000 });
      if (round === BASELINE_ROUND) baseline = sample('navigate+snapshot+diff', round);
      else if (round % Math.max(1, Math.floor(ROUNDS / 10)) === 0) sample('navigate+snapshot+diff', round);
      if (round % 50 === 0)
        process.stderr.write(`round ${round}/${ROUNDS} (${Math.round((Date.now() - started) / 1000)} s)\n`);
    }
    last = sample('navigate+snapshot+diff', ROUNDS);
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      await call('new_page', { url: site.url });
      await call('close_page', { pageIdx: 1 });
      if (cycle % Math.max(1, Math.floor(CYCLES / 5)) === 0) sample('new_page+close_page', cycle);
    }
  } finally {
    await close();
    await site.close();
  }
  const after = curve.at(-1);
  console.log(
    `\n## Soak: ${ROUNDS} rounds of navigate + take_snapshot + take_snapshot({ since }) on a 10k-element page, then ${CYCLES} new_page + close_page cycles, one MCP session (${Math.round((Date.now() - started) / 1000)} s)\n`,
  );
  console.log(formatTable(['phase', 'round', 'Node RSS MB', ...COLUMNS], curve));
  const growth = Math.round((last - baseline) * 10) / 10;
  console.log(
    `\nNode RSS after round ${ROUNDS}: ${last} MB; after round ${BASELINE_ROUND}: ${baseline} MB; growth ${growth} MB (target ≤ ${RSS_TARGET_MB} MB): ${Math.abs(growth) <= RSS_TARGET_MB ? 'met' : 'NOT MET'}.`,
  );
  console.log(
    `State after the cycles: ${after ? COLUMNS.map((key, index) => `${key} ${after[index + 3] ?? '?'}`).join(', ') : 'none'} (one page open).`,
  );
  if (!global.gc)
    console.log('(Run with node --expose-gc for steadier figures: NODE_OPTIONS=--expose-gc npm run bench:soak.)');
}

await main();

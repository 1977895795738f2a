/**
 * Soak (issues 10 and 51): one MCP session of calls through the real server in this process, for SOAK_MINUTES (an
 * agent-hour by default): rounds of navigate + take_snapshot + take_snapshot({ since }) + fill + click on a
 * 10k-element page, and every tenth round a new_page + close_page. Prints Node's RSS and the client's per-page state
 * (stateCounts()) every minute, and fails (exit 1) when memory is not flat: RSS at the end more than RSS_TARGET_MB
 * above RSS after the warm-up (the first tenth of the time, at least a minute), or per-page state that grew (but the
 * bounded logs).
 *
 *   npm run bench:soak                      (SOAK_MINUTES=60)
 *   SOAK_MINUTES=5 npm run bench:soak
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startInProcessServer } from '../tests/helpers/mcp.js';
import { formatTable, random, servePage, WORDS } from './lib.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 60);
const WARM_UP_MINUTES = Math.max(1, Math.round(MINUTES / 10));
const RSS_TARGET_MB = 50;
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

/** Logs kept up to a capacity of their own (the oldest entries dropped): they fill, and stop there. */
const BOUNDED = new Set(['consoleMessages', 'networkRequests']);

function page(elements: number): string {
  const pick = random(10);
  const word = (): string => WORDS[Math.floor(pick() * WORDS.length)] ?? 'word';
  const items: string[] = [];
  for (let i = 0; items.length * 5 < elements; i++) {
    items.push(
      `<li><a href="#i${i}">${word()} ${i}</a> <span>${word()} ${word()}</span> <button>Act ${i}</button></li>`,
    );
  }
  return `<!doctype html><title>Soak</title><h1>Soak</h1>
<form onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Saved ' + this.note.value;">
  <label>Note <input name="note"></label> <button>Save</button></form><p id="out"></p><ul>${items.join('')}</ul>`;
}

function mb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

const text = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

async function main(): Promise<void> {
  const site = await servePage(page(10_000));
  const { client, holder, close } = await startInProcessServer();
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    if (result.isError) throw new Error(`${name} failed: ${text(result).slice(0, 300)}`);
    return result;
  };
  const counts = (): Record<string, number> => holder.current?.browser.stateCounts() ?? {};
  const rows: string[][] = [];
  const sample = (minute: number, rounds: number): { rss: number; state: Record<string, number> } => {
    global.gc?.();
    const rss = mb(process.memoryUsage().rss);
    const state = counts();
    rows.push([String(minute), String(rounds), String(rss), ...COLUMNS.map((key) => String(state[key] ?? 0))]);
    process.stderr.write(`minute ${minute}/${MINUTES}: ${rounds} rounds, RSS ${rss} MB\n`);
    return { rss, state };
  };
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  let rounds = 0;
  let calls = 0;
  let minute = 0;
  let warm: ReturnType<typeof sample> | undefined;
  let last: ReturnType<typeof sample> | undefined;
  try {
    while (Date.now() < end) {
      await call('navigate_page', { url: site.url });
      const taken = await call('take_snapshot', { maxChars: 2000 });
      const id = (taken.structuredContent as { snapshotId?: number } | undefined)?.snapshotId ?? 1;
      const uid = (pattern: RegExp): string => pattern.exec(text(taken))?.[1] ?? 'missing';
      await call('fill', { uid: uid(/(\d+_\d+) textbox "Note"/), value: `round ${rounds}` });
      await call('click', { uid: uid(/(\d+_\d+) button "Save"/) });
      await call('take_snapshot', { since: id, maxChars: 2000 });
      calls += 5;
      if (rounds % 10 === 0) {
        await call('new_page', { url: site.url });
        await call('close_page', { pageIdx: 1 });
        calls += 2;
      }
      rounds++;
      while (Date.now() - started >= (minute + 1) * 60_000) {
        minute++;
        last = sample(minute, rounds);
        if (minute === WARM_UP_MINUTES) warm = last;
      }
    }
  } finally {
    await close();
    await site.close();
  }
  console.log(
    `\n## Soak: ${MINUTES} minutes of one MCP session (${rounds} rounds, ${calls} calls: navigate, snapshot, fill, click, diff; new_page + close_page every tenth round) on a 10k-element page\n`,
  );
  console.log(formatTable(['minute', 'rounds', 'Node RSS MB', ...COLUMNS], rows));
  if (!warm || !last) {
    console.log(`\nToo short to judge: the warm-up alone is ${WARM_UP_MINUTES} minute(s).`);
    return;
  }
  const growth = Math.round((last.rss - warm.rss) * 10) / 10;
  const [after, before] = [last.state, warm.state];
  const grown = COLUMNS.filter((key) => !BOUNDED.has(key) && (after[key] ?? 0) > (before[key] ?? 0));
  const flat = growth <= RSS_TARGET_MB && grown.length === 0;
  console.log(
    `\nNode RSS after minute ${minute}: ${last.rss} MB; after the warm-up (minute ${WARM_UP_MINUTES}): ${warm.rss} MB; growth ${growth} MB (target ≤ ${RSS_TARGET_MB} MB); per-page state that grew: ${grown.join(', ') || 'none'}. Memory flat: ${flat ? 'yes' : 'NO'}.`,
  );
  if (!global.gc) console.log('(Without --expose-gc the figures are less steady: `npm run bench:soak` sets it.)');
  if (!flat) process.exitCode = 1;
}

await main();

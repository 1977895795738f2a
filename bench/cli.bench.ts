/**
 * The shell: `firefox-bidi` against a bare Node start, and the everyday agent tasks (a TodoMVC edit,
 * a checkout form, Swagger UI's "try it out", a fact on polished's long docs page) done through
 * `firefox-bidi`, through our MCP server, through `playwright-cli` (@playwright/cli) and through
 * Playwright MCP (both on Debian's Chromium), in the same run.
 *
 * Time: a warm `firefox-bidi pages` (the daemon is up) against `node -e 0`, alternated, median of 21.
 * Tokens (o200k_base): every answer the agent read, as tests/corpus/agent.ts plays the agent (it
 * takes references only from what it read, snapshots when the element is not there). Beside them,
 * what a model carries on every request besides the answers: an MCP server's tools/list, a shell
 * tool's skill file. Outcomes are checked in each app's own state.
 *
 * Usage: npm run bench:cli [-- --verbose]. Exits non-zero only on errors, never on a ratio.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SKILL } from '../src/cli/skill.js';
import { EVERYDAY_TASKS } from '../tests/corpus/apps/index.js';
import { startCorpusServer } from '../tests/corpus/index.js';
import { runBin } from '../tests/helpers/processes.js';
import {
  CHROMIUM,
  startOurCli,
  startOurServer,
  startPlaywrightCli,
  startPlaywrightMcp,
  type RunningServer,
} from '../tests/corpus/servers.js';
import { corpusTasks, runTasks, tokensOf as tokens, type Outcome } from './agent-tasks.js';
import { formatMs, formatTable, summarize } from './lib.js';

const verbose = process.argv.includes('--verbose');
const TIMED_RUNS = 21;
const WARM_TARGET = 3;
const PEER_TARGET = 0.5;

// ------------------------------------------------------------------ a warm command

async function warmCommand(): Promise<void> {
  const server = await startOurCli();
  try {
    const bare: number[] = [];
    const warm: number[] = [];
    const timed = async (samples: number[], run: () => Promise<boolean>): Promise<void> => {
      const start = performance.now();
      if (!(await run())) throw new Error('A timed command failed.');
      samples.push(performance.now() - start);
    };
    for (let run = 0; run < TIMED_RUNS + 2; run++) {
      await timed(bare, async () => (await runBin('-e', ['0'], process.cwd())).code === 0);
      await timed(warm, async () => !(await server.callTool({ name: 'pages', args: { argv: [] } })).isError);
    }
    // The first two of each warm the disk cache.
    const [node, ours] = [summarize('node -e 0', bare.slice(2)), summarize('firefox-bidi pages (warm)', warm.slice(2))];
    console.log(`\n## A warm command (median of ${TIMED_RUNS}, alternated)\n`);
    console.log(
      formatTable(
        ['command', 'min', 'median', 'p95'],
        [node, ours].map((stats) => [stats.name, formatMs(stats.min), formatMs(stats.median), formatMs(stats.p95)]),
      ),
    );
    const ratio = ours.median / node.median;
    console.log(
      `\nfirefox-bidi pages / node -e 0: ${ratio.toFixed(2)}× (target ≤ ${WARM_TARGET}×: ${ratio <= WARM_TARGET ? 'met' : 'NOT met'})`,
    );
  } finally {
    await server.close();
  }
}

// ------------------------------------------------------------------ the everyday tasks

const tasks = corpusTasks((key) => EVERYDAY_TASKS.includes(key));

/**
 * What a model carries on every request besides the answers: an MCP server's tools/list (asked of the server), or the
 * skill file it was given.
 */
async function fixedContext(route: { name: string; start: () => Promise<RunningServer> }): Promise<number> {
  if (route.name === 'firefox-bidi') return tokens(SKILL);
  if (route.name === 'playwright-cli')
    return tokens(
      readFileSync(
        join(
          createRequire(import.meta.url).resolve('@playwright/cli/package.json'),
          '..',
          'skills/playwright-cli/SKILL.md',
        ),
        'utf8',
      ),
    );
  const server = await route.start();
  try {
    return tokens((await server.toolList?.()) ?? '');
  } finally {
    await server.close();
  }
}

const ROUTES: { name: string; start: () => Promise<RunningServer>; chromium?: true }[] = [
  { name: 'firefox-bidi', start: startOurCli },
  { name: 'firefox-bidi-mcp', start: startOurServer },
  { name: 'playwright-cli', start: startPlaywrightCli, chromium: true },
  { name: 'Playwright MCP', start: startPlaywrightMcp, chromium: true },
];

async function everydayTasks(): Promise<void> {
  const corpus = await startCorpusServer();
  const results = new Map<string, Map<string, Outcome>>();
  const fixed = new Map<string, number>();
  try {
    for (const route of ROUTES) {
      if (route.chromium && !existsSync(CHROMIUM)) {
        console.error(`${route.name} skipped: no ${CHROMIUM} (npm run setup:chromium).`);
        continue;
      }
      results.set(route.name, await runTasks(route.start, corpus.origin, tasks, verbose));
      fixed.set(route.name, await fixedContext(route));
    }
  } finally {
    await corpus.close();
  }
  const names = [...results.keys()];
  console.log(`\n## The everyday tasks (o200k tokens of the answers read; calls)\n`);
  const rows = tasks.map(({ key }) => [
    key,
    ...names.map((name) => {
      const outcome = results.get(name)?.get(key);
      return outcome ? `${outcome.ok ? '' : 'FAILED '}${outcome.tokens} (${outcome.calls})` : '—';
    }),
  ]);
  const total = (name: string): number =>
    [...(results.get(name)?.values() ?? [])].reduce((sum, outcome) => sum + outcome.tokens, 0);
  const done = (name: string): string =>
    `${[...(results.get(name)?.values() ?? [])].filter((outcome) => outcome.ok).length}/${tasks.length} done`;
  rows.push(['total read', ...names.map((name) => `${total(name)} (${done(name)})`)]);
  rows.push(['tools/list or skill, per request', ...names.map((name) => String(fixed.get(name) ?? '—'))]);
  console.log(formatTable(['task', ...names], rows));
  const ours = total('firefox-bidi');
  for (const [other, target] of [
    ['playwright-cli', PEER_TARGET],
    ['firefox-bidi-mcp', 1],
  ] as const) {
    if (!results.has(other)) continue;
    const ratio = ours / total(other);
    console.log(
      `firefox-bidi / ${other}, answers read: ${ratio.toFixed(2)}× (target ≤ ${target}×: ${ratio <= target ? 'met' : 'NOT met'})`,
    );
  }
  const failed = [...results.values()].flatMap((outcomes) =>
    [...outcomes.entries()].filter(([, outcome]) => !outcome.ok),
  );
  if (failed.length > 0 && !verbose) console.log('\nFailed tasks print their answers with -- --verbose.');
}

await warmCommand();
await everydayTasks();

/**
 * The real-app tasks (tests/corpus/apps) run as an agent runs them, through our server on Firefox
 * and through Playwright MCP on Debian's Chromium, in the same run. For each task: the outcome
 * (checked in the app's own state), the tool calls the agent made and the tokens (o200k_base) of
 * every answer it read. Usage: npm run bench:apps [-- <app path or task id filter>] [-- --only ours|playwright] [-- --verbose]
 */
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { existsSync } from 'node:fs';
import { McpAgent } from '../tests/corpus/agent.js';
import { APPS } from '../tests/corpus/apps/index.js';
import { startCorpusServer } from '../tests/corpus/index.js';
import { CHROMIUM, startOurServer, startPlaywrightMcp, type RunningServer } from '../tests/corpus/servers.js';
import { formatTable } from './lib.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const filter = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--only');
const encoder = new Tiktoken(o200kBase);

interface Outcome {
  ok: boolean;
  why?: string;
  calls: number;
  tokens: number;
}

const tasks = APPS.flatMap((app) => app.tasks.map((task) => ({ app, task, key: `${app.path.slice(1, -'.html'.length)}/${task.id}` }))).filter(({ key }) => filter === undefined || key.includes(filter));

async function runAll(start: () => Promise<RunningServer>, origin: string): Promise<Map<string, Outcome>> {
  const server = await start();
  const outcomes = new Map<string, Outcome>();
  try {
    for (const { task, key } of tasks) {
      const agent = new McpAgent(server.dialect, server.callTool, origin);
      let ok = true;
      let why: string | undefined;
      try {
        await task.run(agent);
        await task.check(agent);
      } catch (error) {
        ok = false;
        why = (error as Error).message;
      }
      const tokens = agent.spent.answers.reduce((sum, answer) => sum + encoder.encode(answer).length, 0);
      outcomes.set(key, { ok, calls: agent.spent.calls, tokens, ...(why === undefined ? {} : { why }) });
      console.error(`${server.dialect.name} ${key}: ${ok ? 'done' : 'FAILED'} (${agent.spent.calls} calls, ${tokens} tokens)${why && verbose ? `\n  ${why.slice(0, 3000)}` : why ? ` ${why.split('\n')[0]?.slice(0, 200)}` : ''}`);
      if (verbose) for (const answer of agent.spent.answers) console.error(`----\n${answer}`);
    }
  } finally {
    await server.close();
  }
  return outcomes;
}

const corpus = await startCorpusServer();
try {
  const ours = only === 'playwright' ? undefined : await runAll(startOurServer, corpus.origin);
  const theirs = only === 'ours' ? undefined : existsSync(CHROMIUM) ? await runAll(startPlaywrightMcp, corpus.origin) : (console.error(`Playwright MCP skipped: no ${CHROMIUM} (npm run setup:chromium).`), undefined);
  const cell = (outcome: Outcome | undefined, pick: (o: Outcome) => string): string => (outcome ? pick(outcome) : '—');
  const rows = tasks.map(({ app, key }) => {
    const [a, b] = [ours?.get(key), theirs?.get(key)];
    return [key, app.library, cell(a, (o) => (o.ok ? 'done' : 'failed')), cell(b, (o) => (o.ok ? 'done' : 'failed')), cell(a, (o) => String(o.calls)), cell(b, (o) => String(o.calls)), cell(a, (o) => String(o.tokens)), cell(b, (o) => String(o.tokens))];
  });
  const sum = (outcomes: Map<string, Outcome> | undefined, pick: (o: Outcome) => number): number => [...(outcomes?.values() ?? [])].reduce((total, o) => total + pick(o), 0);
  rows.push([
    'total',
    `${tasks.length} tasks`,
    ours ? `${sum(ours, (o) => Number(o.ok))}/${tasks.length}` : '—',
    theirs ? `${sum(theirs, (o) => Number(o.ok))}/${tasks.length}` : '—',
    ours ? String(sum(ours, (o) => o.calls)) : '—',
    theirs ? String(sum(theirs, (o) => o.calls)) : '—',
    ours ? String(sum(ours, (o) => o.tokens)) : '—',
    theirs ? String(sum(theirs, (o) => o.tokens)) : '—',
  ]);
  console.log(formatTable(['task', 'library', 'ours', 'Playwright MCP', 'calls (ours)', 'calls (PW)', 'tokens (ours)', 'tokens (PW)'], rows));
  if (ours && theirs) console.log(`\nTokens read, ours / Playwright MCP: ${(sum(ours, (o) => o.tokens) / sum(theirs, (o) => o.tokens)).toFixed(2)}× (target ≤ 0.70×). Outcomes are checked in each app's own state.`);
} finally {
  await corpus.close();
}

/**
 * The real-app tasks (tests/corpus/apps) run as an agent runs them, through our server on Firefox and through
 * Playwright MCP on Debian's Chromium, in the same run. For each task: the outcome (checked in the app's own state),
 * the tool calls the agent made and the tokens (o200k_base) of every answer it read. Usage: npm run bench:apps [-- <app
 * path or task id filter>] [-- --only ours|playwright] [-- --verbose]
 */
import { existsSync } from 'node:fs';
import { startCorpusServer } from '../tests/corpus/index.js';
import { CHROMIUM, startOurServer, startPlaywrightMcp } from '../tests/corpus/servers.js';
import { corpusTasks, runTasks, type Outcome } from './agent-tasks.js';
import { formatTable } from './lib.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const filter = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--only');
const tasks = corpusTasks((key) => filter === undefined || key.includes(filter));

const corpus = await startCorpusServer();
try {
  const ours = only === 'playwright' ? undefined : await runTasks(startOurServer, corpus.origin, tasks, verbose);
  const theirs =
    only === 'ours'
      ? undefined
      : existsSync(CHROMIUM)
        ? await runTasks(startPlaywrightMcp, corpus.origin, tasks, verbose)
        : (console.error(`Playwright MCP skipped: no ${CHROMIUM} (npm run setup:chromium).`), undefined);
  const cell = (outcome: Outcome | undefined, pick: (o: Outcome) => string): string => (outcome ? pick(outcome) : '—');
  const rows = tasks.map(({ app, key }) => {
    const [a, b] = [ours?.get(key), theirs?.get(key)];
    return [
      key,
      app.library,
      cell(a, (o) => (o.ok ? 'done' : 'failed')),
      cell(b, (o) => (o.ok ? 'done' : 'failed')),
      cell(a, (o) => String(o.calls)),
      cell(b, (o) => String(o.calls)),
      cell(a, (o) => String(o.tokens)),
      cell(b, (o) => String(o.tokens)),
    ];
  });
  const sum = (outcomes: Map<string, Outcome> | undefined, pick: (o: Outcome) => number): number =>
    [...(outcomes?.values() ?? [])].reduce((total, o) => total + pick(o), 0);
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
  console.log(
    formatTable(
      ['task', 'library', 'ours', 'Playwright MCP', 'calls (ours)', 'calls (PW)', 'tokens (ours)', 'tokens (PW)'],
      rows,
    ),
  );
  if (ours && theirs) {
    const ratio = (pick: (o: Outcome) => number): string => (sum(ours, pick) / sum(theirs, pick)).toFixed(2);
    console.log(
      `\nOurs / Playwright MCP: tokens read ${ratio((o) => o.tokens)}× (goal ≤ 0.60×), tool calls ${ratio((o) => o.calls)}× (goal ≤ 0.80×). Outcomes are checked in each app's own state.`,
    );
    // Each app is a kind of app: none may cost more tokens through ours than through Playwright MCP.
    const byApp = new Map<string, [number, number]>();
    for (const { app, key } of tasks) {
      const [a, b] = [ours.get(key)?.tokens ?? 0, theirs.get(key)?.tokens ?? 0];
      const [x, y] = byApp.get(app.library) ?? [0, 0];
      byApp.set(app.library, [x + a, y + b]);
    }
    const dearer = [...byApp]
      .filter(([, [a, b]]) => a > b)
      .map(([library, [a, b]]) => `${library} ${(a / b).toFixed(2)}×`);
    console.log(`Apps above 1.0× Playwright MCP's tokens (goal: none): ${dearer.length ? dearer.join(', ') : 'none'}.`);
  }
} finally {
  await corpus.close();
}

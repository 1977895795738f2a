/**
 * Record once, replay without a model (issue 37). Each corpus task is done by the corpus agent
 * through our MCP server (stdio, the built bin), which leaves the session's recording; the
 * library's replay() then runs it on a fresh Firefox, and the task's own check reads the app.
 * Printed per task: whether the replay passed, its time against the agent's, and the tokens it
 * read (none). Then the same recordings replayed on altered copies of the pages (a wrapper, text
 * around the target, a sibling before it, ids and classes renamed), which should heal and pass,
 * and on broken ones (the target renamed), which must stop at the right step.
 * Usage: npm run bench:replay [-- <app path or task id filter>] [-- --verbose]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  FirefoxClient,
  formatReplayReport,
  parseRecording,
  replay,
  type Recording,
  type ReplayReport,
} from '../src/index.js';
import { ALL_TOOLS } from '../src/mcp/tools/index.js';
import { McpAgent, type Agent, type CallTool } from '../tests/corpus/agent.js';
import type { AppTask } from '../tests/corpus/apps/index.js';
import { startCorpusServer } from '../tests/corpus/index.js';
import { startOurServer } from '../tests/corpus/servers.js';
import type { TestServer } from '../tests/helpers/server.js';
import { corpusTasks, tokensOf, type KeyedTask } from './agent-tasks.js';
import { formatMs, formatTable } from './lib.js';
import { ALTERATIONS, renameScriptSource, type Alteration } from './replay-copies.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const filter = args.find((arg) => !arg.startsWith('--'));
const tasks = corpusTasks((key) => filter === undefined || key.includes(filter));
/** The viewport the recording server had: a replay sees the page laid out as the agent did. */
const VIEWPORT = { width: 1280, height: 720 };
/** Tools whose successful calls are steps of a recording. */
const RECORDED_TOOLS = new Set(ALL_TOOLS.filter((tool) => tool.recorded).map((tool) => tool.name));

interface Recorded extends KeyedTask {
  recording: Recording;
  /** Wall time of the agent's task.run, in ms. */
  agentMs: number;
  /** o200k tokens of the answers the agent read. */
  tokens: number;
}

interface Replayed {
  /** None when the replay threw instead of reporting. */
  report?: ReplayReport;
  /** Whether the task's own check passed after a replay that passed. */
  checked: boolean;
  why?: string;
}

interface Broken {
  /** The target's name the copy renames. */
  name: string;
  /** The first step whose target or recorded effect shows that name: where the replay must stop. */
  expected: number;
  replayed: Replayed;
}

interface TaskResult {
  recorded: Recorded;
  unaltered: Replayed;
  altered: Map<string, Replayed>;
  broken?: Broken;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const firstLine = (text: string): string => (text.split('\n')[0] ?? '').slice(0, 200);

// ------------------------------------------------------------ recording

/**
 * The task done by the agent through our server, with its own output folder, and the recording
 * the server left; the grader's looks after the run (evaluate_script is recorded: it may change
 * the page) are dropped from its end. A string says why there is none.
 */
async function record(keyed: KeyedTask, origin: string): Promise<Recorded | string> {
  const out = mkdtempSync(join(tmpdir(), 'bench-replay-'));
  try {
    let graderSteps = 0;
    let checking = false;
    const server = await startOurServer({ args: ['--output-dir', out] });
    let done: { agentMs: number; tokens: number };
    try {
      const callTool: CallTool = async (call) => {
        const answer = await server.callTool(call);
        if (checking && !answer.isError && RECORDED_TOOLS.has(call.name)) graderSteps += 1;
        return answer;
      };
      const agent = new McpAgent(server.dialect, callTool, origin);
      const started = performance.now();
      await keyed.task.run(agent);
      const agentMs = performance.now() - started;
      checking = true;
      await keyed.task.check(agent);
      done = { agentMs, tokens: agent.spent.answers.reduce((sum, answer) => sum + tokensOf(answer), 0) };
    } catch (error) {
      return `not recorded: ${firstLine(message(error))}`;
    } finally {
      // The server writes the last step's effect as it closes.
      await server.close();
    }
    const files = readdirSync(out).filter((file) => file.startsWith('recording-') && file.endsWith('.json'));
    if (files.length !== 1) return `not recorded: ${files.length} recording files`;
    const recording = parseRecording(readFileSync(join(out, files[0] ?? ''), 'utf8'));
    recording.steps.splice(recording.steps.length - graderSteps, graderSteps);
    return { ...keyed, recording, ...done };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------ replaying

interface ReplayRun {
  /** The origin the copy is served from. */
  baseUrl?: string;
  /** An init script the page runs before its own (the broken copy's renaming). */
  initScript?: string;
  /** The grader's function as this copy needs it. */
  grader?: (fn: string) => string;
  /** Whether to run the task's check after a replay that passed (default true). */
  check?: boolean;
}

/**
 * A task's run starts by clearing its app's backend log (Swagger's requests), which the replay
 * cannot do: run it on an agent that refuses every call, so that only that part runs.
 */
async function resetBackend(task: AppTask): Promise<void> {
  const refusing = new Proxy({}, { get: () => () => Promise.reject(new Error('no calls: resetting only')) }) as Agent;
  await task.run(refusing).catch(() => undefined);
}

/** The task's own check of the app, by a grader that reads the replayed page; why it failed, if it did. */
async function check(
  task: AppTask,
  client: FirefoxClient,
  rename: (fn: string) => string = (fn) => fn,
): Promise<string | undefined> {
  try {
    // The replay reads no answers: for a check of what "the agent read", the page's text at the end.
    const lastAnswer = await client.page.evaluate<string>('() => document.body.innerText');
    const grader = { lastAnswer, inspect: (fn: string) => client.page.evaluate(rename(fn)) } as unknown as Agent;
    await task.check(grader);
    return undefined;
  } catch (error) {
    return `the check failed: ${message(error)}`;
  }
}

/**
 * Replays the recording on a fresh Firefox (one at a time), then checks the app; the browser is closed whatever
 * happens.
 */
async function replayTask(recorded: Recorded, run: ReplayRun = {}): Promise<Replayed> {
  await resetBackend(recorded.task);
  let client: FirefoxClient | undefined;
  try {
    client = await FirefoxClient.launch({ viewport: VIEWPORT });
    if (run.initScript !== undefined) await client.userContext.addInitScript(run.initScript);
    const report = await replay(recorded.recording, {
      userContext: client.userContext,
      ...(run.baseUrl === undefined ? {} : { baseUrl: run.baseUrl }),
    });
    if (!report.passed || run.check === false) return { report, checked: false };
    const why = await check(recorded.task, client, run.grader);
    return { report, checked: why === undefined, ...(why === undefined ? {} : { why }) };
  } catch (error) {
    return { checked: false, why: `the replay threw: ${message(error)}` };
  } finally {
    await client?.close().catch((error: unknown) => console.error(`Closing Firefox failed: ${message(error)}`));
  }
}

const passed = (result: Replayed): boolean => result.report?.passed === true && result.checked;
const healedSteps = (result: Replayed): number =>
  result.report?.steps.filter((step) => step.status === 'healed').length ?? 0;

/** One cell: passed, healed (n steps), failed at step N, check failed (the replay passed), or error (it threw). */
function status(result: Replayed): string {
  if (!result.report) return 'error';
  if (result.report.failure) return `failed at ${result.report.failure.step}`;
  if (!result.checked) return 'check failed';
  const healed = healedSteps(result);
  return healed ? `healed (${healed})` : 'passed';
}

/** A progress line on stderr; with --verbose, the report of a replay that did not pass. */
function tell(key: string, what: string, result: Replayed, recording: Recording): void {
  console.error(
    `${key} ${what}: ${status(result)} ${result.report ? `(${result.report.ms} ms)` : ''}${result.why && !verbose ? ` ${firstLine(result.why)}` : ''}`,
  );
  if (!verbose || passed(result)) return;
  if (result.report) console.error(formatReplayReport(result.report, recording.steps.length).replace(/^/gm, '    '));
  if (result.why) console.error(`    ${result.why.slice(0, 3000)}`);
}

// ------------------------------------------------------------ broken copies

/**
 * The name the broken copy renames (the last named target the recording acts on) and the step
 * the replay must stop at: the first whose target's name, or the name or text of an element it
 * made appear, shows the name (elements that went are checked only for being gone, which a
 * renamed one is). A field's value is not where the copy renames it: its script renames text and
 * naming attributes, not what a script put in a field (flatpickr's "9:00 AM").
 */
function brokenTarget(recording: Recording): { name: string; expected: number } | undefined {
  const name = recording.steps.findLast((step) => step.targets?.uid?.name)?.targets?.uid?.name;
  if (!name) return undefined;
  const shows = recording.steps.findIndex(
    (step) =>
      Object.values(step.targets ?? {}).some((target) => target.name?.includes(name)) ||
      (step.effect.appeared ?? []).some((element) => element.name?.includes(name) || element.text?.includes(name)),
  );
  return { name, expected: shows + 1 };
}

async function breakTask(recorded: Recorded): Promise<Broken | undefined> {
  const target = brokenTarget(recorded.recording);
  if (!target) return undefined;
  const replayed = await replayTask(recorded, { initScript: renameScriptSource(target.name), check: false });
  return { ...target, replayed };
}

// ------------------------------------------------------------ one task, all parts

async function benchTask(
  keyed: KeyedTask,
  corpus: TestServer,
  copies: readonly { alteration: Alteration; server: TestServer }[],
): Promise<TaskResult | string> {
  const recorded = await record(keyed, corpus.origin).catch(
    (error: unknown) => `not recorded: ${firstLine(message(error))}`,
  );
  if (typeof recorded === 'string') {
    console.error(`${keyed.key}: ${recorded}`);
    return recorded;
  }
  console.error(
    `${keyed.key}: recorded ${recorded.recording.steps.length} steps in ${formatMs(recorded.agentMs)} (${recorded.tokens} tokens)`,
  );
  const unaltered = await replayTask(recorded);
  tell(keyed.key, 'replay', unaltered, recorded.recording);
  const altered = new Map<string, Replayed>();
  for (const { alteration, server } of copies) {
    const grader = alteration.grader?.(keyed.app.html);
    const result = await replayTask(recorded, { baseUrl: server.origin, ...(grader ? { grader } : {}) });
    tell(keyed.key, alteration.kind, result, recorded.recording);
    altered.set(alteration.kind, result);
  }
  const broken = await breakTask(recorded);
  if (broken)
    tell(keyed.key, `broken ("${broken.name}", expected at ${broken.expected})`, broken.replayed, recorded.recording);
  return { recorded, unaltered, altered, ...(broken ? { broken } : {}) };
}

// ------------------------------------------------------------ tables and goals

const percent = (part: number, whole: number): string => (whole === 0 ? '–' : `${((part / whole) * 100).toFixed(0)}%`);
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0
    ? Number.NaN
    : sorted.length % 2
      ? (sorted[middle] ?? Number.NaN)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function printUnaltered(results: readonly (TaskResult | string)[]): void {
  const rows = tasks.map(({ key }, index) => {
    const result = results[index];
    if (typeof result !== 'object') return [key, '—', '—', '—', '—', 'not recorded', '—', '—'];
    const { recorded, unaltered } = result;
    const replayMs = unaltered.report?.ms;
    const ratio = replayMs === undefined ? '—' : `${(replayMs / recorded.agentMs).toFixed(2)}×`;
    return [
      key,
      String(recorded.recording.steps.length),
      formatMs(recorded.agentMs),
      replayMs === undefined ? '—' : formatMs(replayMs),
      ratio,
      status(unaltered),
      String(recorded.tokens),
      '0',
    ];
  });
  console.log(
    formatTable(
      ['task', 'steps', 'agent', 'replay', 'ratio', 'replay passed', 'tokens (agent)', 'tokens (replay)'],
      rows,
    ),
  );
}

function printAltered(results: readonly TaskResult[]): void {
  const rows = results.map(({ recorded, altered }) => [
    recorded.key,
    ...ALTERATIONS.map(({ kind }) => {
      const result = altered.get(kind);
      return result ? status(result) : '—';
    }),
  ]);
  console.log(formatTable(['task', ...ALTERATIONS.map(({ kind }) => kind)], rows));
}

function printBroken(results: readonly TaskResult[]): void {
  const rows = results.map(({ recorded, broken }) => {
    if (!broken) return [recorded.key, '— (no named target)', '—', '—', '—'];
    const at = broken.replayed.report?.failure?.step;
    const right = at === broken.expected && broken.replayed.report?.passed === false;
    return [
      recorded.key,
      broken.name.slice(0, 40),
      String(broken.expected),
      at === undefined ? status(broken.replayed) : String(at),
      right ? 'yes' : 'NO',
    ];
  });
  console.log(formatTable(['task', 'renamed name', 'expected step', 'failed at step', 'right?'], rows));
}

function printGoals(results: readonly TaskResult[]): void {
  const unalteredPassed = results.filter((result) => passed(result.unaltered));
  console.log(
    `\nUnaltered replays passed: ${unalteredPassed.length}/${results.length} recorded (${percent(unalteredPassed.length, results.length)}; goal 100%), ${tasks.length - results.length} of ${tasks.length} tasks not recorded.`,
  );
  const agentMs = unalteredPassed.reduce((sum, result) => sum + result.recorded.agentMs, 0);
  const replayMs = unalteredPassed.reduce((sum, result) => sum + (result.unaltered.report?.ms ?? 0), 0);
  const ratios = unalteredPassed.map((result) => (result.unaltered.report?.ms ?? 0) / result.recorded.agentMs);
  console.log(
    `Replay time / agent time, over the replays that passed: ${formatMs(replayMs)} / ${formatMs(agentMs)} = ${agentMs > 0 ? (replayMs / agentMs).toFixed(2) : '–'}× (goal ≤ 0.20×); median ratio ${median(ratios).toFixed(2)}×. Tokens read by replays: 0.`,
  );
  const altered = results.flatMap((result) => [...result.altered.values()]);
  const good = altered.filter(passed);
  const named = altered.filter((result) => result.report?.failure !== undefined);
  console.log(
    `Altered replays that passed: ${good.length}/${altered.length} (${percent(good.length, altered.length)}; goal ≥ 90%), ${good.filter((result) => healedSteps(result) > 0).length} of them healed; ` +
      `of the other ${altered.length - good.length}, ${named.length} failed with a report naming the step, ${altered.length - good.length - named.length} otherwise (the check failed after the replay passed, or the replay threw).`,
  );
  console.log(
    'Note: ids-classes renames the static HTML, its inline styles and scripts only; an app whose bundled scripts look up its own ids or classes breaks under it, and its replay fails with the app, not because of the replay.',
  );
  const broken = results.flatMap((result) => (result.broken ? [result.broken] : []));
  const right = broken.filter(
    (item) => item.replayed.report?.passed === false && item.replayed.report.failure?.step === item.expected,
  );
  console.log(
    `Broken replays that failed at the right step: ${right.length}/${broken.length} (${percent(right.length, broken.length)}; goal 100%); ${results.length - broken.length} recorded tasks have no named target to break.`,
  );
}

// ------------------------------------------------------------ main

const corpus = await startCorpusServer();
const copies: { alteration: Alteration; server: TestServer }[] = [];
try {
  for (const alteration of ALTERATIONS)
    copies.push({ alteration, server: await startCorpusServer({ alter: (_path, html) => alteration.alter(html) }) });
  // One task at a time, one browser at a time: a small machine measures each alone.
  const results: (TaskResult | string)[] = [];
  for (const keyed of tasks) results.push(await benchTask(keyed, corpus, copies));
  const recorded = results.filter((result): result is TaskResult => typeof result === 'object');
  console.log('\nReplays on a fresh Firefox, against the agent that recorded them:\n');
  printUnaltered(results);
  console.log('\nReplays on altered copies of the pages:\n');
  printAltered(recorded);
  console.log('\nReplays on broken copies (the target renamed):\n');
  printBroken(recorded);
  printGoals(recorded);
} finally {
  await Promise.all([corpus, ...copies.map((copy) => copy.server)].map((server) => server.close()));
}

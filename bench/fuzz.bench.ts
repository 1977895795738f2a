/**
 * The fuzz test's longer run (issue 8): every tool with many more seeded argument sets than CI
 * runs, through the real server and Firefox. Prints calls, errors and the mean time per call of
 * each tool against the floor (list_pages, the cheapest call). Then hostile recordings (issue 48):
 * recordings bent by a random hand (fields of the wrong type, paths, tools, secrets) are refused or
 * read with every value a value, and the export's time per step from 1,000 to 100,000 steps.
 * FUZZ_RUNS and FUZZ_SEED set the size and the seed. Exits non-zero when a property fails, never
 * on timings.
 */
import fc from 'fast-check';
import { exportScript, parseRecording } from '../src/index.js';
import { fuzzEveryTool } from '../tests/helpers/fuzz.js';
import { checkHostileRecording, hostileRecording } from '../tests/helpers/hostile-recordings.js';
import { fuzzHints, FUZZ_FORM, resetToForm } from '../tests/helpers/fuzz-site.js';
import { startInProcessServer } from '../tests/helpers/mcp.js';
import { startTestServer } from '../tests/helpers/server.js';
import { formatTable } from './lib.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

/** Hostile recordings: the property over RUNS × 5 of them, then export times by length. */
function hostileRecordings(): void {
  const outcomes = { refused: 0, read: 0 };
  const started = performance.now();
  fc.assert(
    fc.property(hostileRecording, (value) => {
      outcomes[checkHostileRecording(value)]++;
    }),
    { numRuns: RUNS * 5, seed: SEED },
  );
  console.log(
    `\nHostile recordings — seed ${SEED}: ${RUNS * 5} bent recordings in ${((performance.now() - started) / 1000).toFixed(1)} s, ${outcomes.refused} refused with a clear error, ${outcomes.read} read; every export parses, no value became code, no script reads a variable the session was not given, no step that looks or touches files would be replayed.\n`,
  );
  const rows: string[][] = [];
  let perStepFirst = 0;
  for (const count of [1_000, 10_000, 100_000]) {
    const steps = Array.from({ length: count }, (_step, index) => ({
      tool: 'click',
      args: { uid: `1_${index}` },
      targets: { uid: { role: 'button', name: `Item ${index % 50}`, frames: [], nth: index % 3 } },
      effect: { url: `http://127.0.0.1/${index % 7}`, answer: ['Clicked'] },
      at: '2026-01-01T00:00:00.000Z',
      ms: 1,
    }));
    const text = JSON.stringify({
      format: 'firefox-bidi-mcp recording',
      version: 1,
      startedAt: '2026-01-01T00:00:00.000Z',
      secrets: [],
      steps,
    });
    const begun = performance.now();
    const recording = parseRecording(text);
    const parsed = performance.now();
    for (const format of ['ts', 'playwright', 'webdriver'] as const) exportScript(recording, format);
    const ms = performance.now() - begun;
    perStepFirst ||= ms / count;
    rows.push([
      String(count),
      (parsed - begun).toFixed(0),
      (performance.now() - parsed).toFixed(0),
      (ms / count / perStepFirst).toFixed(2),
    ]);
  }
  console.log(formatTable(['steps', 'parse ms', 'export ms (3 formats)', 'time per step against 1,000 steps'], rows));
  console.log('Goal: 100,000 steps exported in under 10 s; time per step flat (linear).\n');
}

async function main(): Promise<void> {
  hostileRecordings();
  const server = await startTestServer({ '/form.html': FUZZ_FORM });
  const { client, close } = await startInProcessServer([
    '--output-dir',
    'temp/fuzz-output',
    '--allowed-origins',
    server.origin,
    '--tools',
    'all',
  ]);
  try {
    process.stderr.write(`Fuzzing every tool with ${RUNS} argument sets each (seed ${SEED})…\n`);
    const started = performance.now();
    const report = await fuzzEveryTool(client, {
      seed: SEED,
      runs: RUNS,
      invalidRuns: Math.max(8, Math.round(RUNS / 10)),
      hints: fuzzHints(server.url('/')),
      reset: () => resetToForm(client, server.url('/form.html')),
    });
    const floor = report.perTool.list_pages ?? 1;
    const rows = Object.entries(report.perTool)
      .sort((a, b) => b[1] - a[1])
      .map(([tool, ms]) => [tool, ms.toFixed(1), (ms / floor).toFixed(1)]);
    console.log(
      `\nFuzz bench — seed ${SEED}, ${RUNS} cases per tool, ${report.calls} calls in ${((performance.now() - started) / 1000).toFixed(0)} s: ${report.errors} tool errors, ${report.calls - report.errors} answers, no protocol error, no crash; ${report.invalidParams} calls with arguments that are no object (null, arrays, strings…), each answered -32602.\n`,
    );
    console.log(formatTable(['tool', 'mean ms per call', 'ratio to list_pages'], rows));
  } finally {
    await close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error('Fuzz bench failed:', error);
  process.exitCode = 1;
});

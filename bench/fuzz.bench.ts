/**
 * The fuzz test's longer run (issue 8): every tool with many more seeded argument sets than CI
 * runs, through the real server and Firefox. Prints calls, errors and the mean time per call of
 * each tool against the floor (list_pages, the cheapest call). FUZZ_RUNS and FUZZ_SEED set the size
 * and the seed. Exits non-zero when a property fails, never on timings.
 */
import { fuzzEveryTool } from '../tests/helpers/fuzz.js';
import { fuzzHints, FUZZ_FORM, resetToForm } from '../tests/helpers/fuzz-site.js';
import { startInProcessServer } from '../tests/helpers/mcp.js';
import { startTestServer } from '../tests/helpers/server.js';
import { formatTable } from './lib.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

async function main(): Promise<void> {
  const server = await startTestServer({ '/form.html': FUZZ_FORM });
  const { client, close } = await startInProcessServer(['--output-dir', 'temp/fuzz-output', '--allowed-origins', server.origin, '--tools', 'all']);
  try {
    process.stderr.write(`Fuzzing every tool with ${RUNS} argument sets each (seed ${SEED})…\n`);
    const started = performance.now();
    const report = await fuzzEveryTool(client, { seed: SEED, runs: RUNS, invalidRuns: Math.max(8, Math.round(RUNS / 10)), hints: fuzzHints(server.url('/')), reset: () => resetToForm(client, server.url('/form.html')) });
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

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzEveryTool } from '../helpers/fuzz.js';
import { fuzzHints, FUZZ_FORM, resetToForm } from '../helpers/fuzz-site.js';
import { call, startInProcessServer, text } from '../helpers/mcp.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Property-based fuzzing of every tool's arguments (issue 8): whatever a client sends, the answer is a clear tool error
 * or a valid answer within its budget, never a protocol error or a crash, and the server still works afterwards.
 * Arguments that are no object at all (null, an array, a string: issue 18) are sent raw and must get JSON-RPC -32602
 * with a short message, nothing else. Seeded, so a failure replays (FUZZ_SEED, FUZZ_RUNS);
 * `npm run bench:fuzz` runs the same with many more cases.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/**
 * Per tool: 20, for CI's 12 minutes (40 took 140 CPU-seconds of Firefox and Node, the most of any file but the real
 * apps'); `npm run bench:fuzz` runs 1,000.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Calls per tool whose arguments are no object (null, an array, a string first), sent raw. */
const INVALID_RUNS = 8;

let server: TestServer;
let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer({ '/form.html': FUZZ_FORM });
  // Only the local test server may be loaded: no fuzzed URL ever leaves this machine.
  ({ client, close } = await startInProcessServer([
    '--output-dir',
    'temp/fuzz-output',
    '--allowed-origins',
    server.origin,
    '--tools',
    'all',
  ]));
});

afterAll(async () => {
  await close();
  await server.close();
});

describe('every tool, fuzzed', () => {
  it(`answers ${RUNS} random argument sets per tool (seed ${SEED}) with a clear error or a valid answer, arguments that are no object with -32602, and keeps working`, async () => {
    const report = await fuzzEveryTool(client, {
      seed: SEED,
      runs: RUNS,
      invalidRuns: INVALID_RUNS,
      hints: fuzzHints(server.url('/')),
      reset: () => resetToForm(client, server.url('/form.html')),
    });
    const slowest = Object.entries(report.perTool)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5);
    console.log(
      `Fuzzed ${Object.keys(report.perTool).length} tools with ${report.calls} calls (seed ${SEED}): ${report.errors} tool errors, ${report.calls - report.errors} answers, no protocol error; ${report.invalidParams} calls with arguments that are no object, each -32602 (${report.invalidParamsMs.toFixed(0)} ms in all). Slowest per call: ${slowest.map(([tool, ms]) => `${tool} ${ms.toFixed(0)} ms`).join(', ')}.`,
    );
    expect(report.calls).toBe(RUNS * Object.keys(report.perTool).length);
    expect(report.invalidParams).toBe(INVALID_RUNS * Object.keys(report.perTool).length);
    await resetToForm(client, server.url('/form.html'));
    expect(text(await call(client, 'take_snapshot'))).toContain('heading "Form"');
  }, 600_000);
});

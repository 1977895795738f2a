import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpAgent, type CallTool } from '../corpus/agent.js';
import { APPS, type CorpusApp } from '../corpus/apps/index.js';
import { checkingClaims } from '../corpus/claims.js';
import { startCorpusServer } from '../corpus/index.js';
import { startOurServer, type RunningServer } from '../corpus/servers.js';
import type { TestServer } from './server.js';

/**
 * The real-app corpus (tests/corpus/apps): every task a user gives an agent on a date picker, a
 * data grid, rich-text and code editors, a custom select, Ionic's overlays and a notes app that
 * saves its DOM, run through the real server as an agent runs it (references read from the
 * answers' text only), then checked in the app's own state and saved content. After every step
 * that can change the page (all but reading it again), Firefox's own accessibility engine
 * witnesses a fresh reading (witness_snapshot): a difference no deliberate entry explains, or a
 * document Firefox did not answer for, fails the task; so does an incremental reading (the one an agent would get
 * after the step) that differs from a full walk of the same page. Each task starts by loading its app, so
 * every app page is witnessed as loaded too (tests/e2e/witness.test.ts does the other pages).
 * And every action's claim is held to the app's state once the page settled (tests/corpus/claims.ts):
 * an answer that said done while the app disagrees fails the task.
 * bench/apps.bench.ts runs the same tasks through Playwright MCP beside ours.
 *
 * The corpus is run in two test files (tests/e2e/apps-*.test.ts), each with every other app, so
 * that two workers share it, started first (tests/sequencer.ts).
 */

/**
 * Most time a task may take: a witness after each step asks Firefox a query per role, and a long task on a data grid
 * takes a minute alone, two or three beside another test file on a 2-core machine.
 */
const TASK_TIMEOUT_MS = 300_000;

/**
 * Steps that only read the page again: the witness of the step before covers them. The grader's looks (evaluate_script)
 * are not steps.
 */
const UNWITNESSED = new Set(['take_snapshot', 'find_in_page', 'evaluate_script']);

/**
 * Pages on which Firefox 153's accessibility engine never answers once it runs: a document holding TinyMCE's
 * script-written iframe (the locator awaits each element's accessible, which never comes). Reported as not witnessed;
 * any other page that goes unanswered fails its task.
 */
const FIREFOX_UNANSWERED = new Set(['/tinymce.html']);

/** The apps of part `part` (from 1) of `parts`: every parts-th app, so that each part gets slow and quick ones. */
export function appsOfPart(part: number, parts: number): CorpusApp[] {
  return APPS.filter((_, index) => index % parts === part - 1);
}

/** The suite over `apps`: one corpus server and one server of ours for the file. */
export function appsSuite(apps: readonly CorpusApp[]): void {
  let corpus: TestServer;
  let server: RunningServer;

  beforeAll(async () => {
    corpus = await startCorpusServer();
    server = await startOurServer({ witness: true });
  });

  /** Claims held to the app, and incremental readings compared with a full walk, across the corpus. */
  const totals = { checked: 0, tasks: 0, readings: { same: 0, stale: 0, unchecked: 0 } };

  afterAll(async () => {
    console.log(
      `Action witness: ${totals.checked} claims of ${totals.tasks} tasks held to the apps' state after their steps settled; every one agreed.`,
    );
    const { same, stale, unchecked } = totals.readings;
    console.log(
      `Incremental readings after task steps: ${same + stale} compared with a full walk, ${stale} stale; ${unchecked} not compared (the page changed between readings).`,
    );
    await server.close();
    await corpus.close();
  });

  /** The tools of `step`, with a witness of the reading after every step the agent takes that can change the page. */
  function witnessed(app: CorpusApp, differences: string[], step: CallTool): CallTool {
    return async (call) => {
      const answer = await step(call);
      if (UNWITNESSED.has(call.name)) return answer;
      const report = await server.callTool({ name: 'witness_snapshot', args: {} });
      // An open dialog (alert, confirm) holds the page: nothing to read until it is handled.
      if (report.isError) return answer;
      const lines = report.text.split('\n');
      const head = lines.findIndex((line) => /: \d+ difference\(s\)/.test(line));
      const count = Number(/: (\d+) difference\(s\)/.exec(lines[head] ?? '')?.[1] ?? NaN);
      if (Number.isNaN(count)) throw new Error(`The witness answered no report:\n${report.text}`);
      const stale = lines.findIndex((line) => line.startsWith('STALE incremental reading'));
      if (stale >= 0)
        differences.push(
          `after ${call.name} ${JSON.stringify(call.args)}:\n${lines.slice(stale, stale + 3).join('\n')}`,
        );
      totals.readings[
        stale >= 0 ? 'stale' : lines.includes('incremental reading: the same as a full walk') ? 'same' : 'unchecked'
      ]++;
      const unanswered = FIREFOX_UNANSWERED.has(app.path)
        ? []
        : lines.filter((line) => line.startsWith('not witnessed:'));
      if (count > 0 || unanswered.length > 0)
        differences.push(
          `after ${call.name} ${JSON.stringify(call.args)}:\n${[...lines.slice(head, head + 1 + count), ...unanswered].join('\n')}`,
        );
      return answer;
    };
  }

  for (const app of apps) {
    describe(app.library, () => {
      for (const task of app.tasks) {
        it(
          `${task.id}: ${task.ask}`,
          async () => {
            const differences: string[] = [];
            const claims = { actions: 0, checked: 0, falseClaims: [] as string[] };
            // The action's claim is checked first, at once: the reading's witness takes its time.
            const agent = new McpAgent(
              server.dialect,
              witnessed(app, differences, checkingClaims(server.callTool, claims)),
              corpus.origin,
            );
            await task.run(agent);
            await task.check(agent);
            expect(
              differences,
              'what Firefox exposes and the reading left out or read otherwise, and incremental readings a full walk contradicts',
            ).toEqual([]);
            expect(claims.falseClaims, 'answers that said done while the app showed otherwise').toEqual([]);
            // A task that only reads makes no claim to check.
            expect(claims.checked, 'claims held to the app').toBeGreaterThanOrEqual(Math.min(1, claims.actions));
            totals.checked += claims.checked;
            totals.tasks += 1;
          },
          TASK_TIMEOUT_MS,
        );
      }
    });
  }
}

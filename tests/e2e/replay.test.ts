/**
 * Record once, replay without a model, on real apps of the corpus: a task done by an agent
 * through the real MCP server (stdio, the SDK's client) leaves the session's recording; the
 * library's replay() runs it again in a fresh user context and the app's own state is the one the task
 * asked for; the real `firefox-bidi replay` bin passes it, heals it on an altered copy of the app
 * (its markup rewrapped, reordered, renamed around the target) and stops at the right step, with
 * a report, on a broken copy (the target renamed). No recording or report holds the secret.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecording, replay, type Recording } from '../../src/index.js';
import { sharedFirefox } from '../helpers/firefox.js';
import { McpAgent, type Agent } from '../corpus/agent.js';
import type { AppTask } from '../corpus/apps/app.js';
import { checkoutApp } from '../corpus/apps/checkout.js';
import { todomvcApp } from '../corpus/apps/todomvc.js';
import { OURS } from '../corpus/dialects.js';
import { startCorpusServer } from '../corpus/index.js';
import { call, startStdioServer, text } from '../helpers/mcp.js';
import { CLI_BIN, runBin } from '../helpers/processes.js';
import type { TestServer } from '../helpers/server.js';

const EMAIL_SECRET = 'ada.secret-7731@example.com';

/** The checkout with its markup changed around what the task acts on, but not what a person reads on the controls. */
const ALTERED: [string | RegExp, string][] = [
  ['<main>', '<main><div class="layout-v2"><p>Prices include VAT. Delivery is free over 50 €.</p>'],
  ['</main>', '</div></main>'],
  // The group of the radio buttons is named otherwise: the recorded container misses, role and name heal.
  ['<legend>Shipping</legend>', '<legend>Delivery speed</legend>'],
  // A label whose case changed: the field heals by role and name, and its value is checked under the same heal.
  ['<label>Full name <input', '<label>FULL NAME <input'],
  [
    /<label>Street address <input name="street" required><\/label>\s*<label>City <input name="city" required><\/label>/,
    '<label>City <input name="city" required></label><label>Street address <input name="street" required></label>',
  ],
  [/id="order"/, 'id="checkout-v2"'],
  ["getElementById('order')", "getElementById('checkout-v2')"],
];
/** The checkout with the button the task ends on renamed: the replay must stop there. */
const BROKEN: [string | RegExp, string][] = [
  ['<button type="submit">Place order</button>', '<button type="submit">Submit</button>'],
];

const alter =
  (changes: [string | RegExp, string][]) =>
  (path: string, html: string): string =>
    path === checkoutApp.path
      ? changes.reduce((page, [from, to]) => {
          const next = page.replace(from, to);
          if (next === page) throw new Error(`${String(from)} is not in the page`);
          return next;
        }, html)
      : html;

let corpus: TestServer;
let altered: TestServer;
let broken: TestServer;
let work: string;

beforeAll(async () => {
  corpus = await startCorpusServer();
  altered = await startCorpusServer({ alter: alter(ALTERED) });
  broken = await startCorpusServer({ alter: alter(BROKEN) });
  work = mkdtempSync(join(tmpdir(), 'ffmcp-replay-'));
  writeFileSync(join(work, 'secrets.env'), `EMAIL=${EMAIL_SECRET}\n`);
});

afterAll(async () => {
  await Promise.all([corpus.close(), altered.close(), broken.close()]);
  if (!process.env.KEEP_REPLAY) rmSync(work, { recursive: true, force: true });
  else console.log(work);
});

/** The task run by an agent through the MCP server in a session of its own; the path of the session's recording. */
async function record(task: AppTask, name: string, secretEmail = false): Promise<string> {
  const out = join(work, name);
  const { client } = await startStdioServer([
    '--output-dir',
    out,
    '--viewport',
    '1280x720',
    '--secrets',
    join(work, 'secrets.env'),
  ]);
  try {
    const agent = new McpAgent(
      OURS,
      async (toolCall) => {
        // The agent fills the email from the secret, as a user who keeps it out of the model would.
        const args =
          secretEmail && toolCall.args.value === 'ada@example.com'
            ? { ...toolCall.args, value: '<secret>EMAIL</secret>' }
            : toolCall.args;
        const result = await call(client, toolCall.name, args);
        return { text: text(result), isError: result.isError === true };
      },
      corpus.origin,
    );
    await task.run(agent);
  } finally {
    await client.close();
  }
  const [file, ...more] = readdirSync(out).filter((entry) => entry.startsWith('recording-'));
  expect(more).toEqual([]);
  return join(out, file ?? '');
}

/** The grader's look at the app in a page the test drives itself. */
function grader(evaluate: (fn: string) => Promise<unknown>): Agent {
  return { inspect: evaluate } as unknown as Agent;
}

const checkoutTask = checkoutApp.tasks[0] as AppTask;
const todoTask = todomvcApp.tasks[0] as AppTask;
let checkoutRecording: string;

describe('a recording replayed without a model', () => {
  it("records the agent's checkout with each step's target and effect, and the secret by name only", async () => {
    checkoutRecording = await record(checkoutTask, 'checkout', true);
    const saved = readFileSync(checkoutRecording, 'utf8');
    expect(saved).not.toContain(EMAIL_SECRET);
    const { steps } = parseRecording(saved);
    const click = steps.find((step) => step.tool === 'click' && step.targets?.uid?.name === 'Place order');
    expect(click?.targets?.uid?.css?.selector).toBeTruthy();
    // What the order did, as the page showed it afterwards: the status line.
    expect(click?.effect.appeared?.map((element) => element.line)).toContain('status: Order placed');
    // The step that typed the secret says where: a replay types it in that origin or nowhere.
    const typed = steps.filter((step) => JSON.stringify(step.args).includes('<secret>EMAIL</secret>'));
    expect(typed.length).toBeGreaterThan(0);
    for (const step of typed) expect(step.secretOrigin).toBe(corpus.origin);
    expect(steps.filter((step) => step.secretOrigin !== undefined)).toEqual(typed);
    expect(parseRecording(saved).secrets).toEqual(['EMAIL']);
  });

  it('replays in the library in a fresh user context: every step passes and the app holds the order the task asked for', async () => {
    const recording: Recording = parseRecording(readFileSync(checkoutRecording, 'utf8'));
    const client = await sharedFirefox({ secrets: { EMAIL: 'ada@example.com' } });
    try {
      const report = await replay(recording, { userContext: client.userContext });
      expect(report.failure).toBeUndefined();
      expect(report.steps.map((step) => step.status).every((status) => status === 'passed')).toBe(true);
      // The page's answers mask the secret's value; the grader reads what the app holds.
      await checkoutTask.check(
        grader(
          async (fn) =>
            JSON.parse(client.userContext.secrets.reveal(JSON.stringify(await client.page.evaluate(fn)))) as unknown,
        ),
      );
    } finally {
      await client.close();
    }
  }, 60_000);

  it('passes with the firefox-bidi bin, heals an altered copy of the app and says how, and stops at the renamed button of a broken one', async () => {
    const secrets = join(work, 'secrets.env');
    const passed = await runBin(CLI_BIN, ['replay', checkoutRecording, '--secrets', secrets], work);
    expect(passed.stderr).not.toContain(EMAIL_SECRET);
    expect(passed.code, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout).toMatch(/Replayed all \d+ steps/);

    const healed = await runBin(
      CLI_BIN,
      [
        'replay',
        checkoutRecording,
        '--secrets',
        secrets,
        '--base-url',
        altered.origin,
        '--report',
        join(work, 'healed.json'),
      ],
      work,
    );
    expect(healed.code, healed.stdout + healed.stderr).toBe(0);
    expect(healed.stdout).toMatch(
      /~ step \d+ click .*healed — radio "Express \(next day\)" within group "Shipping": found outside its recorded group "Shipping"/,
    );
    expect(healed.stdout).toMatch(
      /~ step \d+ (fill|fill_form) .*healed — textbox "Full name".*: its name differs in case or spacing from "Full name".*; its effect and those after it are checked under the same heal/,
    );

    const stopped = await runBin(
      CLI_BIN,
      [
        'replay',
        checkoutRecording,
        '--secrets',
        secrets,
        '--base-url',
        broken.origin,
        '--report',
        join(work, 'broken.json'),
      ],
      work,
    );
    expect(stopped.code).toBe(1);
    const { steps } = parseRecording(readFileSync(checkoutRecording, 'utf8'));
    const placeOrder = steps.findIndex((step) => step.targets?.uid?.name === 'Place order') + 1;
    expect(stopped.stdout).toContain(`Stopped at step ${placeOrder} (click)`);
    expect(stopped.stdout).toContain('button "Submit"');
    const report = JSON.parse(readFileSync(join(work, 'broken.json'), 'utf8')) as {
      passed: boolean;
      failure: { step: number; around: string };
    };
    expect(report).toMatchObject({ passed: false, failure: { step: placeOrder } });
    for (const output of [
      passed.stdout,
      healed.stdout,
      stopped.stdout,
      readFileSync(join(work, 'broken.json'), 'utf8'),
    ])
      expect(output).not.toContain(EMAIL_SECRET);
  }, 120_000);

  it('replays a React app (TodoMVC): the list the task left is there again, and checked at each step', async () => {
    const recording = parseRecording(readFileSync(await record(todoTask, 'todomvc'), 'utf8'));
    // Typing a todo and pressing Enter shows it in the list: the step after each Enter checks it.
    expect(
      recording.steps
        .filter((step) => step.tool === 'press_key')
        .every((step) =>
          step.effect.appeared?.some(
            (element) =>
              element.line.includes('Buy milk') ||
              element.line.includes('Walk the dog') ||
              element.line.includes('Write the report'),
          ),
        ),
    ).toBe(true);
    const client = await sharedFirefox();
    try {
      const report = await replay(recording, { userContext: client.userContext });
      expect(report.failure).toBeUndefined();
      await todoTask.check(grader((fn) => client.page.evaluate(fn)));
    } finally {
      await client.close();
    }
  }, 120_000);
});

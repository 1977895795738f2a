import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { call, text } from './mcp.js';

/** The part of a JSON schema (as tools/list gives it) that arguments are drawn from. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
}

/** Plausible values for parameters by name, so that calls get past the schema and reach the browser. */
export type Hints = Record<string, readonly unknown[]>;

const awkwardString = fc.oneof(
  { arbitrary: fc.string(), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\n',
      '\u0000',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '%00',
      '\u202e',
      '🙂‍↔️',
      '1_1',
      '0_0',
      '-1',
      'NaN',
    ),
    weight: 4,
  },
  // Long text now and then: over the typing limit, over a page of output.
  { arbitrary: fc.string({ minLength: 4000, maxLength: 60_000 }), weight: 1 },
);

/** Anything at all: what a careless or hostile client might send in place of the right type. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER, '', [], {}),
  fc.double(),
  awkwardString,
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

function valueFor(name: string, schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const hinted = hints[name];
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'string':
        return awkwardString;
      case 'integer':
        // Waits are kept short: a fuzzed wait_for that waits its full default would only be slow.
        return fc.integer({
          min: Math.max(schema.minimum ?? -5, -5),
          max: Math.min(schema.maximum ?? 1000, name === 'timeout' ? 300 : 1000),
        });
      case 'number':
        return fc.double({ min: -5, max: 50, noNaN: false });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueFor(name, schema.items ?? {}, hints), { maxLength: 3 });
      case 'object':
        return objectFor(schema, hints);
      default:
        return anyValue;
    }
  })();
  const weighted: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: shaped, weight: 4 },
    { arbitrary: anyValue, weight: 1 },
  ];
  if (hinted?.length) weighted.push({ arbitrary: fc.constantFrom(...hinted), weight: 5 });
  return fc.oneof(...weighted);
}

function objectFor(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, valueFor(key, property, hints)]),
  );
  // A timeout is always given, for the same reason.
  const required = [...(schema.required ?? []), ...('timeout' in properties ? ['timeout'] : [])].filter(
    (key) => key in model,
  );
  const shaped = fc.record(model, { requiredKeys: required });
  // Now and then: a required key missing, or an unknown one added.
  return fc.oneof(
    { arbitrary: shaped, weight: 8 },
    { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
    {
      arbitrary: fc
        .tuple(shaped, fc.string({ minLength: 1, maxLength: 8 }), anyValue)
        .map(([args, key, value]) => ({ ...args, [key]: value })),
      weight: 1,
    },
  );
}

/**
 * `arguments` that are no object at all, which a careless client may send: null, arrays, strings, numbers, booleans.
 */
const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.array(anyValue, { maxLength: 3 }),
  awkwardString,
  fc.double(),
  fc.boolean(),
);

/**
 * Sends tools/call with `args` as they are (callTool would only send an object); resolves with the answer or the error.
 */
async function rawCall(client: Client, name: string, args: unknown): Promise<unknown> {
  return client
    .request(
      { method: 'tools/call', params: { name, arguments: args as Record<string, unknown> } },
      CallToolResultSchema,
    )
    .then(
      (result) => result,
      (error: unknown) => error,
    );
}

/**
 * Arguments that are no object must get JSON-RPC -32602 (invalid params) with a short message saying what to send;
 * throws what failed.
 */
export function checkInvalidParams(tool: string, args: unknown, outcome: unknown): void {
  const fail = (what: string): never => {
    throw new Error(
      `${tool} with arguments ${((JSON.stringify(args) as string | undefined) ?? 'undefined').slice(0, 100)}: ${what}`,
    );
  };
  if (!(outcome instanceof McpError)) return fail(`no -32602 error but ${JSON.stringify(outcome).slice(0, 300)}`);
  if (outcome.code !== (ErrorCode.InvalidParams as number))
    fail(`JSON-RPC error ${outcome.code}, not -32602: ${outcome.message.slice(0, 300)}`);
  if (!outcome.message.includes(`"arguments" of tools/call "${tool}" must be an object`))
    fail(`an unclear message: ${outcome.message.slice(0, 300)}`);
  if (outcome.message.length > 600) fail(`a message of ${outcome.message.length} characters`);
}

/** Arguments for a tool with this input schema: mostly shaped like it, sometimes not at all. */
export function toolArguments(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  return objectFor(schema, hints);
}

/** The budget a whole answer keeps to: its maxChars (default 40,000) and a frame of 8,000 for notes and pages. */
function answerLimit(args: Record<string, unknown>): number {
  return (
    (typeof args.maxChars === 'number' && Number.isInteger(args.maxChars) && args.maxChars > 0
      ? args.maxChars
      : 40_000) +
    8_000 +
    200
  );
}

/** Every check a client may rely on, for any arguments at all; throws what failed. */
export function checkAnswer(tool: string, args: Record<string, unknown>, result: CallToolResult): void {
  const fail = (what: string): never => {
    throw new Error(`${tool} ${JSON.stringify(args).slice(0, 300)}: ${what}`);
  };
  if (!Array.isArray(result.content)) fail('no content array');
  const answer = text(result);
  if (answer.length === 0) fail('an empty answer');
  if (result.isError && answer.length > 2100) fail(`an error of ${answer.length} characters`);
  if (!result.isError && answer.length > answerLimit(args))
    fail(`an answer of ${answer.length} characters, over its budget`);
  if (/\bat (?:async )?\S+ \(.*:\d+:\d+\)/.test(answer)) fail('a stack trace in the answer');
}

export interface FuzzReport {
  calls: number;
  errors: number;
  /** Calls whose arguments were no object (null, an array, a string...), each answered -32602. */
  invalidParams: number;
  /** Milliseconds those calls took, all together. */
  invalidParamsMs: number;
  /** Mean milliseconds per call, per tool. */
  perTool: Record<string, number>;
}

/**
 * Fuzzes every tool the client lists, `runs` argument sets each (seeded): each answer must pass
 * checkAnswer, and `reset` brings the browser back to a known page between tools and now and then.
 * Then `invalidRuns` calls each (null, an array and a string first) send arguments that are no
 * object, raw, and must be answered -32602 (checkInvalidParams); no other protocol error passes.
 */
export async function fuzzEveryTool(
  client: Client,
  options: { seed: number; runs: number; invalidRuns?: number; hints: Hints; reset: () => Promise<void> },
): Promise<FuzzReport> {
  const { tools } = await client.listTools();
  const report: FuzzReport = { calls: 0, errors: 0, invalidParams: 0, invalidParamsMs: 0, perTool: {} };
  const invalidStarted = performance.now();
  for (const tool of tools) {
    // Refused before any browser work: cheap, so every tool gets them.
    await fc.assert(
      fc.asyncProperty(notAnObject, async (args) => {
        checkInvalidParams(tool.name, args, await rawCall(client, tool.name, args));
        report.invalidParams++;
      }),
      {
        seed: options.seed,
        numRuns: options.invalidRuns ?? 8,
        examples: [[null], [['x']], ['{}']],
        endOnFailure: true,
      },
    );
  }
  report.invalidParamsMs = performance.now() - invalidStarted;
  for (const tool of tools) {
    await options.reset();
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(toolArguments(tool.inputSchema as JsonSchema, options.hints), async (args) => {
        const result = await call(client, tool.name, args);
        report.calls++;
        if (result.isError) report.errors++;
        checkAnswer(tool.name, args, result);
        if (report.calls % 25 === 0) await options.reset();
      }),
      { seed: options.seed, numRuns: options.runs, endOnFailure: true },
    );
    report.perTool[tool.name] = (performance.now() - started) / options.runs;
  }
  return report;
}

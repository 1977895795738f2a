/**
 * Hostile recordings, for the property that a recording is read as a stranger's file: a
 * recording a session could write, then bent by a random hand (a field of the wrong type, a field
 * no recording has, a path, a tool that only looks or touches files, a secret the session did not
 * have), is either refused with an InvalidArgumentError or read; and what is read exports as
 * scripts in which every value stays a value (a canary identifier planted in each string never
 * becomes a token of code), and replays only steps that need no file and name known secrets.
 */
import fc from 'fast-check';
import ts from 'typescript';
import { InvalidArgumentError, SCRIPT_FORMATS, exportScript, parseRecording, type Recording } from '../../src/index.js';
import { checkedSteps } from '../../src/mcp/replay/steps.js';
import { SCRIPT_FILE_NAMES, syntaxErrors } from './scripts.js';

/** An identifier planted in every string: in a script it may appear only inside a string literal or a comment. */
export const CANARY = 'PWNED_CANARY';

/**
 * Text that would break out of a literal written by hand: every kind of quote, backtick, `${}`, a comment's end, line
 * breaks.
 */
const breakout = fc.constantFrom(
  `'); ${CANARY}(); ('`,
  `"); ${CANARY}(); ("`,
  `\`; ${CANARY}(); \``,
  `\${${CANARY}()}`,
  `*/ ${CANARY}(); /*`,
  `\u2028${CANARY}()\u2029`,
  `\\'); ${CANARY}(); //`,
  `<secret>${CANARY}</secret>`,
  `\n${CANARY}();\n`,
);
const words = fc.oneof(fc.string({ maxLength: 12 }), breakout, fc.constantFrom('Sign in', 'Email', 'OK'));
const text = fc.tuple(words, words).map(([a, b]) => `${a}${b}`);

const target = fc.record(
  {
    role: fc.constantFrom('button', 'textbox', 'link', 'checkbox', 'combobox'),
    name: text,
    frames: fc.array(text, { maxLength: 2 }),
    nth: fc.nat({ max: 5 }),
    css: fc.record({
      selector: text,
      shadowHosts: fc.array(text, { maxLength: 1 }),
      frames: fc.array(text, { maxLength: 1 }),
    }),
  },
  { requiredKeys: ['role', 'frames'] },
);
const element = fc.record(
  {
    role: fc.constantFrom('heading', 'textbox', 'checkbox', 'status'),
    name: text,
    value: text,
    checked: fc.boolean(),
    line: text,
  },
  { requiredKeys: ['role', 'line'] },
);
const effect = fc.record(
  {
    url: text,
    title: text,
    appeared: fc.array(element, { maxLength: 2 }),
    gone: fc.array(element, { maxLength: 1 }),
    answer: fc.array(text, { maxLength: 2 }),
  },
  { requiredKeys: ['answer'] },
);

const uidStep = (tool: string, args: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record({
    tool: fc.constant(tool),
    args,
    targets: fc.record({ uid: target }),
    effect,
    at: fc.constant('2026-01-01T00:00:00.000Z'),
    ms: fc.nat(),
  });
const plainStep = (tool: string, args: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record({ tool: fc.constant(tool), args, effect, at: fc.constant('2026-01-01T00:00:00.000Z'), ms: fc.nat() });
const uid = fc.constant('1_1');

/** A step as a session records it. */
const step = fc.oneof(
  plainStep('navigate_page', fc.record({ url: text })),
  uidStep('click', fc.record({ uid, dblClick: fc.boolean() }, { requiredKeys: ['uid'] })),
  uidStep('fill', fc.record({ uid, value: fc.oneof(text, fc.constant('<secret>PASSWORD</secret>')) })),
  plainStep('type_text', fc.record({ text })),
  plainStep('press_key', fc.record({ key: text })),
  plainStep('wait_for', fc.record({ text: fc.array(text, { minLength: 1, maxLength: 2 }) })),
  plainStep(
    'resize_page',
    fc.record({ width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) }),
  ),
  plainStep('evaluate_script', fc.record({ function: text })),
  plainStep('select_page', fc.record({ pageIdx: fc.nat({ max: 3 }) })),
);

const recording = fc.record({
  format: fc.constant('firefox-bidi-mcp recording'),
  version: fc.constant(1),
  startedAt: fc.constant('2026-01-01T00:00:00.000Z'),
  secrets: fc.constant(['PASSWORD']),
  steps: fc.array(step, { minLength: 1, maxLength: 6 }),
});

/** What a hostile hand puts where a field was: the wrong type, code, a path, a tool, a secret. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    '',
    [],
    {},
    `0 + ${CANARY}()`,
    '.git/config',
    '../../.env',
    'get_network_request',
    'upload_file',
    'save_storage_state',
    '<secret>P1_ENV_CANARY</secret>',
    'x'.repeat(200_000),
  ),
  fc.record({ responseBodyFile: fc.constantFrom('.git/config', '/etc/passwd') }),
  fc.record({ filePath: fc.constantFrom('.git/config', '../x') }),
  fc.record({ filePaths: fc.constant(['.env']) }),
  text,
);

/** Every path to a value inside `value`, as keys. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [at];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return [at, ...entries.flatMap(([key, item]) => paths(item, [...at, key]))];
}

/** `value` with the field at `path` replaced, or a new field beside it (`add`). */
function bent(value: unknown, path: (string | number)[], replacement: unknown, add: boolean): unknown {
  const cloned: unknown = structuredClone(value);
  const whole = typeof cloned === 'object' && cloned !== null;
  if (path.length === 0) return add && whole ? { ...cloned, [CANARY]: replacement } : replacement;
  // An earlier bend replaced the whole recording: nothing left to bend.
  if (!whole) return cloned;
  const copy = cloned as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    // An earlier bend replaced what this path went through: nothing left to bend here.
    if (typeof next !== 'object' || next === null) return copy;
    parent = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (add && typeof parent[last] === 'object' && parent[last] !== null && !Array.isArray(parent[last]))
    (parent[last] as Record<string, unknown>)[CANARY] = replacement;
  else parent[last] = replacement;
  return copy;
}

/** A recording a session could write, bent in one to three places. */
export const hostileRecording: fc.Arbitrary<unknown> = recording.chain((valid) => {
  const all = paths(valid);
  const bend = fc.tuple(fc.constantFrom(...all), hostileValue, fc.boolean());
  return fc
    .array(bend, { minLength: 0, maxLength: 3 })
    .map((bends) => bends.reduce<unknown>((current, [path, value, add]) => bent(current, path, value, add), valid));
});

/** Identifiers named CANARY in `code`, outside strings and comments: a value that became code. */
function canaryTokens(code: string, fileName: string): number {
  let found = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === CANARY) found++;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true));
  return found;
}

/**
 * What one hostile recording came to: refused, or read and exported without a value becoming code. Throws when the
 * property fails.
 */
export function checkHostileRecording(value: unknown): 'refused' | 'read' {
  let read: Recording;
  try {
    read = parseRecording(JSON.stringify(value), 'the recording');
  } catch (error) {
    if (error instanceof InvalidArgumentError) return 'refused';
    throw error;
  }
  for (const format of SCRIPT_FORMATS) {
    const code = exportScript(read, format);
    const errors = syntaxErrors(code, SCRIPT_FILE_NAMES[format]);
    if (errors.length) throw new Error(`The ${format} export does not parse (${errors.join('; ')}):\n${code}`);
    if (canaryTokens(code, SCRIPT_FILE_NAMES[format]) > 0)
      throw new Error(`A recorded value became code in the ${format} export:\n${code}`);
    if (/secret\('(?!PASSWORD')/.test(code))
      throw new Error(`The ${format} export reads a variable the session was not given:\n${code}`);
  }
  try {
    for (const { step, tool } of checkedSteps(read, false)) {
      if (!tool.recorded || tool.fileArgs.some((name) => step.args[name] !== undefined))
        throw new Error(`Step ${step.tool} would be replayed though it looks only or touches files.`);
    }
  } catch (error) {
    if (!(error instanceof InvalidArgumentError)) throw error;
  }
  return 'read';
}

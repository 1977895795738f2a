/**
 * A recording file read as what it is: input from a stranger (a cloned repository's recording is
 * replayed and exported as the README invites). One strict schema for the whole file: every field
 * typed and bounded, any field it does not know refused with the path to it, so a replay or an
 * export never meets a value of a shape it did not expect.
 */
import { z } from 'zod';
import { InvalidArgumentError } from '../../firefox/index.js';
import { isSecretName } from '../../firefox/policy/secrets.js';
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording } from './format.js';
import { UID_PATH } from './uids.js';

/** The largest recording file read: far beyond a long session's (40 steps are about 100 KB). */
export const MAX_RECORDING_CHARS = 512 * 1024 * 1024;
const MAX_STEPS = 200_000;
/** Names, texts, lines, URLs: a snapshot cuts what it shows long before this. */
const MAX_TEXT = 100_000;
const MAX_ITEMS = 100_000;
/** How deep a step's arguments may nest (fill_form's elements are two levels down). */
const MAX_ARG_DEPTH = 6;
/** A script passed to evaluate_script, or a long value to type. */
const MAX_ARG_TEXT = 1_000_000;

const text = z.string().max(MAX_TEXT);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_ITEMS);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const roleAndName = z.strictObject({ role: text, name: text.optional(), exact: z.boolean().optional() });

const target = z.strictObject({
  role: text,
  name: text.optional(),
  exact: z.boolean().optional(),
  text: text.optional(),
  within: roleAndName.optional(),
  frames: list(text),
  nth: count.max(MAX_ITEMS).optional(),
  css: z.strictObject({ selector: text, shadowHosts: list(text), frames: list(text) }).optional(),
});

const element = z.strictObject({
  role: text,
  name: text.optional(),
  text: text.optional(),
  value: text.optional(),
  checked: z.boolean().optional(),
  selected: z.boolean().optional(),
  line: text,
});

const effect = z.strictObject({
  url: text.optional(),
  title: text.optional(),
  dialog: z.strictObject({ type: z.enum(['alert', 'confirm', 'prompt', 'beforeunload']), message: text }).optional(),
  appeared: list(element).optional(),
  gone: list(element).optional(),
  reordered: list(z.strictObject({ container: text, items: list(text) })).optional(),
  answer: list(text),
});

/** A JSON value no deeper than `depth`, its strings no longer than MAX_ARG_TEXT. */
function boundedJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.length <= MAX_ARG_TEXT;
  if (depth === 0 || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.length <= 2 * MAX_ITEMS && items.every((item) => boundedJson(item, depth - 1));
}

const argument = z
  .unknown()
  .refine(
    (value) => boundedJson(value, MAX_ARG_DEPTH),
    `must be JSON nested at most ${MAX_ARG_DEPTH} deep, with strings of at most ${MAX_ARG_TEXT} characters`,
  );

const step = z.strictObject({
  tool: z.string().regex(/^[a-z][a-z_]{0,63}$/, 'must be a tool name (lower case letters and _)'),
  by: z.literal('person').optional(),
  secretOrigin: z
    .string()
    .max(2000)
    .refine(
      (origin) => URL.canParse(origin) && new URL(origin).origin === origin,
      'must be an origin such as http://127.0.0.1:8080',
    )
    .optional(),
  args: z.record(z.string().max(64), argument),
  targets: z
    .record(z.string().regex(UID_PATH, 'must be a uid argument path (uid, from_uid, elements.0.uid)'), target)
    .optional(),
  effect,
  at: z.string().max(64),
  ms: z.number().min(0).max(Number.MAX_SAFE_INTEGER),
});

const recording = z.strictObject({
  format: z.literal(RECORDING_FORMAT),
  version: z.number().int().min(1).max(RECORDING_VERSION),
  startedAt: z.string().max(64),
  secrets: list(z.string().max(128).refine(isSecretName, 'must be a secret name (letters, digits, _ . -)')).optional(),
  steps: z.array(step).max(MAX_STEPS),
});

/** Where an issue lies, as a person finds it in the file: `steps[3].targets.uid.nth`. */
function pathOf(path: readonly PropertyKey[]): string {
  return (
    path
      .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
      .join('') || 'the file'
  );
}

/**
 * A recording read from JSON text, every field checked; a clear error naming the first field that is wrong otherwise.
 */
export function parseRecording(json: string, source = 'the recording'): Recording {
  const remedy = "give the recording-<time>.json file from a session's output folder";
  if (json.length > MAX_RECORDING_CHARS)
    throw new InvalidArgumentError(
      `${source} is larger than a recording can be (${MAX_RECORDING_CHARS} characters); ${remedy}.`,
    );
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new InvalidArgumentError(`${source} is not JSON (${(error as Error).message}); ${remedy}.`);
  }
  const head = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (head.format !== RECORDING_FORMAT)
    throw new InvalidArgumentError(
      `${source} is not a firefox-bidi-mcp recording (its "format" is not "${RECORDING_FORMAT}"); ${remedy}.`,
    );
  if (typeof head.version === 'number' && head.version > RECORDING_VERSION) {
    throw new InvalidArgumentError(
      `${source} is a recording of version ${head.version}, newer than this firefox-bidi-mcp reads (${RECORDING_VERSION}); update firefox-bidi-mcp.`,
    );
  }
  const parsed = recording.safeParse(data);
  if (parsed.success) return parsed.data as Recording;
  const [issue] = parsed.error.issues;
  const keys =
    issue?.code === 'unrecognized_keys'
      ? ` (${issue.keys.map((key) => JSON.stringify(key)).join(', ')}: a field no recording has)`
      : '';
  const message =
    issue?.code === 'unrecognized_keys'
      ? 'has a field it does not know'
      : `is not as a recording has it (${issue?.message ?? 'unknown'})`;
  throw new InvalidArgumentError(
    `${source} is refused at ${pathOf(issue?.path ?? [])}: it ${message}${keys}. Nothing was run; ${remedy}, as firefox-bidi-mcp wrote it.`,
  );
}

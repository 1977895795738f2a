/**
 * A recording as a script a person can read and run again: with this package's client, as a
 * Playwright test, or as a plain selenium-webdriver script. Each step becomes its action and a
 * check of what it did when it was recorded; a step a format cannot do becomes a comment that
 * says so (and the header lists it), so nothing is dropped unseen. Secrets are read from the
 * environment when the script starts, never written in it.
 */
import { InvalidArgumentError } from '../errors.js';
import { REDACTED } from '../policy/secrets.js';
import { playwrightWriter } from './export-playwright.js';
import { tsWriter } from './export-ts.js';
import { webdriverWriter } from './export-webdriver.js';
import { describeStep, pageIndex, uidAt, uidKeys } from './export-steps.js';
import type { RecordedElement, RecordedStep, Recording } from './format.js';

export type ScriptFormat = 'ts' | 'playwright' | 'webdriver';
export const SCRIPT_FORMATS: readonly ScriptFormat[] = ['ts', 'playwright', 'webdriver'];

export interface ExportOptions {
  /** The module the ts script imports the client from (default 'firefox-bidi-mcp'). */
  clientModule?: string;
}

/** What one format makes of the steps; the header, the secrets and the comments are shared. */
export interface FormatWriter {
  /** The format's name in comments, such as "Playwright". */
  readonly title: string;
  /** How to run the script, for its header. */
  readonly run: string;
  /** Whether the script is TypeScript (the shared code then carries types). */
  readonly typed: boolean;
  /** Why step `index` has no equivalent in this format; undefined when it has one. */
  unsupported(steps: readonly RecordedStep[], index: number): string | undefined;
  /** Step `index`'s action and the checks of its effect (its comment is written already). */
  step(script: Script, steps: readonly RecordedStep[], index: number): void;
  /** The whole file: header, imports, the secrets check (before any browser starts), set-up, the body, tear-down. */
  file(script: Script, header: string[], secrets: string[]): string[];
}

/** The reason a format gives for a tool it has no equivalent for. */
export const NO_EQUIVALENT = 'it has no equivalent there';
/** The tools a script can do again (each format says which of them it cannot). */
export const SCRIPTABLE: ReadonlySet<string> = new Set('navigate_page click hover fill fill_form select_text drag press_key type_text upload_file handle_dialog new_page select_page close_page wait_for resize_page evaluate_script'.split(' '));

/** Steps no format does, and why. */
const SKIPPED: Record<string, string> = { scroll_page: 'the actions scroll to their element by themselves' };

/** `recording` as a script in `format`: the text of the whole file. */
export function exportScript(recording: Recording, format: ScriptFormat, options: ExportOptions = {}): string {
  const writer = writerOf(format, options);
  const script = new Script(writer.title);
  recording.steps.forEach((_step, index) => {
    if (index > 0) script.line('');
    writeStep(script, writer, recording.steps, index);
  });
  const lines = writer.file(script, header(recording, writer, script), secretsCheck(script.secrets, writer.typed));
  return `${lines.map((line) => line.trimEnd()).join('\n')}\n`;
}

// Looked up at call time, not at load: the format modules import this one.
function writerOf(format: ScriptFormat, options: ExportOptions): FormatWriter {
  // A string: callers in plain JavaScript may pass anything.
  const name: string = format;
  if (name === 'ts') return tsWriter(options.clientModule ?? 'firefox-bidi-mcp');
  if (name === 'playwright') return playwrightWriter();
  if (name === 'webdriver') return webdriverWriter();
  throw new InvalidArgumentError(`There is no script format ${quoted(name)}; the formats are ${SCRIPT_FORMATS.join(', ')}.`);
}

function writeStep(script: Script, writer: FormatWriter, steps: readonly RecordedStep[], index: number): void {
  const step = steps[index] as RecordedStep;
  const number = index + 1;
  const reason = sharedReason(step) ?? writer.unsupported(steps, index);
  if (reason !== undefined) return script.skip(number, step.tool, reason);
  script.comment(`Step ${number}: ${step.tool} ${describeStep(step)}`);
  if (typeof step.args.pageId === 'number') script.comment(`It was called with pageId ${step.args.pageId}; here it acts on the selected page.`);
  const missing = uidKeys(step).find((key) => step.targets?.[key] === undefined);
  if (missing !== undefined) return script.cannot(number, `the recording does not say what uid ${uidAt(step, missing)} was`);
  if (hidden(step.args)) return script.cannot(number, 'the recording hides part of its arguments');
  writer.step(script, steps, index);
}

/** Why no format does `step`, or undefined. */
export function sharedReason(step: RecordedStep): string | undefined {
  if (step.tool in SKIPPED) return SKIPPED[step.tool];
  if ((step.tool === 'select_page' || step.tool === 'close_page') && pageIndex(step) === undefined) return 'the recording does not say which page';
  return undefined;
}

/** The script being written: its body lines, the secrets they read, the helpers they call, the steps left out. */
export class Script {
  readonly body: string[] = [];
  /** The steps the script does not do, for the header: "step 7 (emulate): why". */
  readonly left: string[] = [];
  /** The secrets' names, in the order the script first reads them. */
  readonly secrets: string[] = [];
  readonly #used = new Set<string>();

  constructor(private readonly title: string) {}

  line(text: string): void {
    this.body.push(text);
  }

  comment(text: string): void {
    this.line(`// ${commentText(text)}`);
  }

  /** A step this format has no equivalent for: a comment in its place. */
  skip(number: number, tool: string, reason: string): void {
    this.comment(`Step ${number} (${tool}) is not exported to ${this.title}: ${reason}.`);
    this.left.push(`step ${number} (${tool}): ${reason}`);
  }

  /** A step the script cannot do for want of what the recording does not say: the script stops there. */
  cannot(number: number, reason: string): void {
    this.comment(`Step ${number} cannot be exported: ${reason}.`);
    this.line(`throw new Error(${this.str(`Step ${number}: ${reason}`)});`);
    this.left.push(`step ${number}: ${reason} (the script stops there)`);
  }

  /** `value` as a JavaScript expression: a string literal, with each secret read from the environment. */
  str(value: string): string {
    const parts: string[] = [];
    let last = 0;
    for (const match of value.matchAll(SECRET_REFERENCE)) {
      const name = match[1] ?? '';
      if (match.index > last) parts.push(quoted(value.slice(last, match.index)));
      parts.push(`secret(${quoted(name)})`);
      if (!this.secrets.includes(name)) this.secrets.push(name);
      last = match.index + match[0].length;
    }
    if (last < value.length || parts.length === 0) parts.push(quoted(value.slice(last)));
    return parts.join(' + ');
  }

  /** Marks a helper (or a set-up) as needed, for the file to include it. */
  use(name: string): void {
    this.#used.add(name);
  }

  /** Whether the body needs helper or set-up `name`. */
  uses(name: string): boolean {
    return this.#used.has(name);
  }
}

/** How a recording writes a secret value: by name. */
const SECRET_REFERENCE = /<secret>([\w.-]+)<\/secret>/g;

/** A single-quoted JavaScript string literal (JSON's escapes, quotes swapped). */
export function quoted(text: string): string {
  const inner = JSON.stringify(text).slice(1, -1);
  return `'${inner.replace(/\\.|'/g, (found) => (found === '\\"' ? '"' : found === "'" ? "\\'" : found))}'`;
}

/** Text on one comment line: no line breaks, secrets by name only, not too long. */
export function commentText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control codes would break the comment line
  const flat = text.replace(SECRET_REFERENCE, (_found, name: string) => `[secret ${name}]`).replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}

function header(recording: Recording, writer: FormatWriter, script: Script): string[] {
  const count = recording.steps.length;
  const lines = [
    `Recorded with firefox-bidi-mcp (session started ${recording.startedAt}): ${count} step${count === 1 ? '' : 's'}, as a script for ${writer.title}.`,
    `Run it: ${writer.run}`,
    'After each step, a check of what that step did when it was recorded.',
  ];
  const secrets = script.secrets.length;
  if (secrets) lines.push(`Secrets are read from the environment variable${secrets === 1 ? '' : 's'} ${script.secrets.join(', ')}.`);
  if (script.left.length) lines.push('Steps this script does not do (a comment stands in the place of each):', ...script.left.map((item) => `- ${item}`));
  return lines.map((line) => `// ${commentText(line)}`);
}

/** The check that every secret is set, first, so that a missing one stops the script before a browser starts. */
function secretsCheck(names: readonly string[], typed: boolean): string[] {
  if (names.length === 0) return [];
  return [
    '// Secrets come from the environment, never from this file; without them nothing starts.',
    `const SECRETS = [${names.map(quoted).join(', ')}];`,
    'const missingSecrets = SECRETS.filter((name) => !process.env[name]);',
    'if (missingSecrets.length > 0) {',
    "  throw new Error(`Set the environment variables ${missingSecrets.join(', ')} first: the recorded session used them as secrets.`);",
    '}',
    '',
    typed ? 'function secret(name: string): string {' : 'function secret(name) {',
    "  return process.env[name] ?? '';",
    '}',
  ];
}

/** Whether any string in `value` (a string, or an array or object holding strings) passes `test`. */
function anyString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (Array.isArray(value)) return value.some((item) => anyString(item, test));
  return typeof value === 'object' && value !== null && Object.values(value).some((item) => anyString(item, test));
}

/** Whether `value` holds what the recording hid (and so cannot be typed or compared). */
export function hidden(value: unknown): boolean {
  return anyString(value, (text) => text.includes(REDACTED));
}

/** Whether `value` shows a secret by its name. */
export function showsSecret(value: unknown): boolean {
  return anyString(value, (text) => text.includes('<secret>'));
}

// ---------------------------------------------------------------- checks

export interface Checks {
  url?: string;
  title?: string;
  appeared: RecordedElement[];
  gone: RecordedElement[];
  /** What is not checked, and why, for comments. */
  notes: string[];
}

/** What to check after step `index`: what its effect recorded, less what cannot be compared. */
export function checksOf(steps: readonly RecordedStep[], index: number): Checks {
  const step = steps[index] as RecordedStep;
  const { dialog } = step.effect;
  // The page waits for the dialog's answer: nothing else of it can be read until the next step gives it.
  if (dialog) return { appeared: [], gone: [], notes: [`It opened a ${dialog.type} dialog (${JSON.stringify(dialog.message)}).`] };
  const notes: string[] = [];
  // The URL is news after navigate_page, or when it differs from the one before.
  const before = steps.slice(0, index).findLast((earlier) => earlier.effect.url !== undefined)?.effect.url;
  const url = step.tool === 'navigate_page' || step.effect.url !== before ? step.effect.url : undefined;
  if (url !== undefined && hidden(url)) notes.push('The URL after it is not checked: the recording hides part of it.');
  const title = step.effect.title;
  const shown = (list: RecordedElement[] | undefined): RecordedElement[] => (list ?? []).filter((element) => !hidden(element));
  const appeared = shown(step.effect.appeared);
  const gone = shown(step.effect.gone);
  const left = (step.effect.appeared?.length ?? 0) + (step.effect.gone?.length ?? 0) - appeared.length - gone.length;
  if (left > 0) notes.push(`${left} element${left === 1 ? '' : 's'} of its effect ${left === 1 ? 'is' : 'are'} not checked: the recording hides part of ${left === 1 ? 'it' : 'them'}.`);
  return { ...(url === undefined || hidden(url) ? {} : { url }), ...(title === undefined || hidden(title) ? {} : { title }), appeared, gone, notes };
}

/** What a person reads of an element, for text checks: its own text, else its name; at most 80 characters, no clipping ellipsis. */
export function shownText(element: { name?: string | undefined; text?: string | undefined }): string | undefined {
  const text = (element.text ?? element.name ?? '').replace(/…$/, '').trim().slice(0, 80).trim();
  return text || undefined;
}

/** Lines indented one level (blank lines stay blank). */
export function indented(lines: readonly string[]): string[] {
  return lines.map((line) => (line ? `  ${line}` : ''));
}

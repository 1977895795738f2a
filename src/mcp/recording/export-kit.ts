/**
 * What the three script formats share: the script being written (its lines, secrets, helpers and
 * the steps it leaves out), string and comment literals, secrets, and which recorded effects a
 * script can check.
 */
import { InvalidArgumentError } from '../../firefox/index.js';
import { REDACTED, referencedSecretNames, SECRET_REFERENCE } from '../../firefox/policy/secrets.js';
import { targetAt, uidAt, uidKeys } from './export-steps.js';
import type { RecordedElement, RecordedStep, RecordedTarget } from './format.js';
import { SCRIPTABLE, type ScriptedStep } from './scripted.js';

/** What one format makes of the steps; the header, the secrets and the comments are shared. */
export interface FormatWriter {
  /** The format's name in comments, such as "Playwright". */
  readonly title: string;
  /** How to run the script, for its header. */
  readonly run: string;
  /** Whether the script is TypeScript (the shared code then carries types). */
  readonly typed: boolean;
  /**
   * Why step `index` (a scripted tool's, its arguments its tool's: scriptedStep reads it) has no equivalent in this
   * format; undefined when it has one.
   */
  unsupported(steps: readonly RecordedStep[], index: number): string | undefined;
  /** Step `index`'s action and the checks of its effect (its comment is written already). */
  step(script: Script, steps: readonly RecordedStep[], index: number): void;
  /** The whole file: header, imports, the secrets check (before any browser starts), set-up, the body, tear-down. */
  file(script: Script, header: string[], secrets: string[]): string[];
}

/** Steps no format does, and why. */
const SKIPPED: Record<string, string> = { scroll_page: 'the actions scroll to their element by themselves' };

/** Why no format does `step` (a tool no script does), or undefined. */
export function sharedReason(step: RecordedStep): string | undefined {
  return SKIPPED[step.tool] ?? (SCRIPTABLE.has(step.tool) ? undefined : 'it has no equivalent there');
}

/** The script being written: its body lines, the secrets they read, the helpers they call, the steps left out. */
export class Script {
  readonly body: string[] = [];
  /** The steps the script does not do, for the header: "step 7 (emulate): why". */
  readonly left: string[] = [];
  /** The secrets' names, in the order the script first reads them. */
  readonly secrets: string[] = [];
  readonly #used = new Set<string>();

  constructor(
    private readonly title: string,
    /**
     * The secrets the recording's session was given: only these are read from the environment; any other
     * `<secret>…</secret>` is text the page showed.
     */
    private readonly given: ReadonlySet<string>,
  ) {}

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

  /**
   * The one writer of values into a script, whatever their source: a number or a boolean as its
   * literal, a string as a string literal with each of the session's secrets read from the
   * environment. A recording is a stranger's file: nothing in it becomes code.
   */
  value(value: string | number | boolean): string {
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (typeof value === 'number') {
      if (!Number.isFinite(value))
        throw new InvalidArgumentError(
          `A recorded number is not finite (${String(value)}); the recording is not as firefox-bidi-mcp writes one.`,
        );
      return String(value);
    }
    return this.str(value);
  }

  /**
   * `value` as a JavaScript expression: a string literal, with each of the session's secrets read from the environment.
   */
  str(value: string): string {
    const parts: string[] = [];
    let last = 0;
    for (const match of value.matchAll(SECRET_REFERENCE)) {
      const name = match[1] ?? '';
      if (!this.given.has(name)) continue;
      if (match.index > last) parts.push(quoted(value.slice(last, match.index)));
      parts.push(`secret(${quoted(name)})`);
      if (!this.secrets.includes(name)) this.secrets.push(name);
      last = match.index + match[0].length;
    }
    if (last < value.length || parts.length === 0) parts.push(quoted(value.slice(last)));
    return parts.join(' + ');
  }

  /**
   * Whether `value` names a secret the recording's session was not given (a typed one, or a stranger's file naming an
   * environment variable).
   */
  namesUnknownSecret(value: unknown): boolean {
    return anyString(value, (text) => referencedSecretNames(text).some((name) => !this.given.has(name)));
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

/** A single-quoted JavaScript string literal (JSON's escapes, quotes swapped). */
export function quoted(text: string): string {
  const inner = JSON.stringify(text).slice(1, -1);
  return `'${inner.replace(/\\.|'/g, (found) => (found === '\\"' ? '"' : found === "'" ? "\\'" : found))}'`;
}

/** Text on one comment line: no line breaks, secrets by name only, not too long. */
export function commentText(text: string): string {
  const flat = text
    .replace(SECRET_REFERENCE, (_found, name: string) => `[secret ${name}]`)
    // eslint-disable-next-line no-control-regex -- control codes would break the comment line
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
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
  return anyString(value, (text) => referencedSecretNames(text).length > 0);
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

/**
 * Each step's URL before it ran (the last one a step before it recorded), worked out once per recording: an export
 * takes time in proportion to its steps.
 */
const URLS_BEFORE = new WeakMap<readonly RecordedStep[], (string | undefined)[]>();
function urlsBefore(steps: readonly RecordedStep[]): (string | undefined)[] {
  let urls = URLS_BEFORE.get(steps);
  if (!urls) {
    let last: string | undefined;
    urls = steps.map((step) => {
      const before = last;
      last = step.effect.url ?? last;
      return before;
    });
    URLS_BEFORE.set(steps, urls);
  }
  return urls;
}

/** What to check after step `index`: what its effect recorded, less what cannot be compared. */
export function checksOf(steps: readonly RecordedStep[], index: number): Checks {
  const step = steps[index] as RecordedStep;
  const { dialog } = step.effect;
  // The page waits for the dialog's answer: nothing else of it can be read until the next step gives it.
  if (dialog)
    return {
      appeared: [],
      gone: [],
      notes: [`It opened a ${dialog.type} dialog (${JSON.stringify(dialog.message)}).`],
    };
  const notes: string[] = [];
  // The URL is news after navigate_page, or when it differs from the one before.
  const before = urlsBefore(steps)[index];
  const url = step.tool === 'navigate_page' || step.effect.url !== before ? step.effect.url : undefined;
  if (url !== undefined && hidden(url)) notes.push('The URL after it is not checked: the recording hides part of it.');
  const title = step.effect.title;
  const shown = (list: RecordedElement[] | undefined): RecordedElement[] =>
    (list ?? []).filter((element) => !hidden(element));
  const appeared = shown(step.effect.appeared);
  const gone = shown(step.effect.gone);
  const left = (step.effect.appeared?.length ?? 0) + (step.effect.gone?.length ?? 0) - appeared.length - gone.length;
  if (left > 0)
    notes.push(
      `${left} element${left === 1 ? '' : 's'} of its effect ${left === 1 ? 'is' : 'are'} not checked: the recording hides part of ${left === 1 ? 'it' : 'them'}.`,
    );
  for (const order of step.effect.reordered ?? [])
    notes.push(`The order it left ${order.container} in is not checked here (firefox-bidi replay checks it).`);
  return {
    ...(url === undefined || hidden(url) ? {} : { url }),
    ...(title === undefined || hidden(title) ? {} : { title }),
    appeared,
    gone,
    notes,
  };
}

/**
 * What a person reads of an element, for text checks: its own text, else its name; at most 80 characters, no clipping
 * ellipsis.
 */
export function shownText(element: { name?: string | undefined; text?: string | undefined }): string | undefined {
  const text = (element.text ?? element.name ?? '').replace(/…$/, '').trim().slice(0, 80).trim();
  return text || undefined;
}

/** Lines indented one level (blank lines stay blank). */
export function indented(lines: readonly string[]): string[] {
  return lines.map((line) => (line ? `  ${line}` : ''));
}

/** The calls that move a page in a format: back, forward, reload, and to a URL. */
export interface NavigationCalls {
  back: string;
  forward: string;
  reload: string;
  to: (url: string) => string;
}

/** navigate_page as the format's line. */
export function navigation(
  script: Script,
  step: ScriptedStep & { tool: 'navigate_page' },
  calls: NavigationCalls,
): void {
  const type = step.args.type ?? 'url';
  if (type !== 'url') return script.line(calls[type]);
  script.line(calls.to(script.str(step.args.url ?? '')));
}

/**
 * Each uid argument's expression in a format (`reach`), by key; undefined, after a "cannot" comment, when one is out of
 * its reach.
 */
export function targetExpressions(
  script: Script,
  step: RecordedStep,
  number: number,
  reach: (target: RecordedTarget) => string | undefined,
  why: (uid: string) => string,
): Map<string, string> | undefined {
  const expressions = new Map<string, string>();
  for (const key of uidKeys(step)) {
    const expression = reach(targetAt(step, key));
    if (expression === undefined) {
      script.cannot(number, why(uidAt(step, key)));
      return undefined;
    }
    expressions.set(key, expression);
  }
  return expressions;
}

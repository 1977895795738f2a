/**
 * A recording as a script a person can read and run again: with this package's client, as a
 * Playwright test, or as a plain selenium-webdriver script. Each step becomes its action and a
 * check of what it did when it was recorded; a step a format cannot do becomes a comment that
 * says so (and the header lists it), so nothing is dropped unseen. Secrets are read from the
 * environment when the script starts, never written in it.
 */
import { InvalidArgumentError } from '../../firefox/index.js';
import { commentText, hidden, quoted, Script, sharedReason, type FormatWriter } from './export-kit.js';
import { playwrightWriter } from './export-playwright.js';
import { describeStep, uidAt, uidKeys } from './export-steps.js';
import { tsWriter } from './export-ts.js';
import { webdriverWriter } from './export-webdriver.js';
import type { RecordedStep, Recording } from './format.js';
import { argumentsProblem } from './scripted.js';

export type ScriptFormat = 'ts' | 'playwright' | 'webdriver';

export const SCRIPT_FORMATS: readonly ScriptFormat[] = ['ts', 'playwright', 'webdriver'];

export interface ExportOptions {
  /** The module the ts script imports the client from (default 'firefox-bidi-mcp'). */
  clientModule?: string;
}

/** `recording` as a script in `format`: the text of the whole file. */
export function exportScript(recording: Recording, format: ScriptFormat, options: ExportOptions = {}): string {
  const writer = writerOf(format, options);
  const script = new Script(writer.title, new Set(recording.secrets ?? []));
  recording.steps.forEach((_step, index) => {
    if (index > 0) script.line('');
    writeStep(script, writer, recording.steps, index);
  });
  const lines = writer.file(script, header(recording, writer, script), secretsCheck(script.secrets, writer.typed));
  return `${lines.map((line) => line.trimEnd()).join('\n')}\n`;
}

function writerOf(format: ScriptFormat, options: ExportOptions): FormatWriter {
  // A string: callers in plain JavaScript may pass anything.
  const name: string = format;
  if (name === 'ts') return tsWriter(options.clientModule ?? 'firefox-bidi-mcp');
  if (name === 'playwright') return playwrightWriter();
  if (name === 'webdriver') return webdriverWriter();
  throw new InvalidArgumentError(
    `There is no script format ${quoted(name)}; the formats are ${SCRIPT_FORMATS.join(', ')}.`,
  );
}

function writeStep(script: Script, writer: FormatWriter, steps: readonly RecordedStep[], index: number): void {
  const step = steps[index] as RecordedStep;
  const number = index + 1;
  const shared = sharedReason(step);
  if (shared !== undefined) return script.skip(number, step.tool, shared);
  // A stranger's file: a step's arguments are read as its tool's schema types them, or not at all.
  const problem = argumentsProblem(step);
  if (problem !== undefined) {
    script.comment(`Step ${number}: ${step.tool}`);
    return script.cannot(number, problem);
  }
  const reason = writer.unsupported(steps, index);
  if (reason !== undefined) return script.skip(number, step.tool, reason);
  script.comment(`Step ${number}: ${step.tool} ${describeStep(step)}`);
  if (typeof step.args.pageId === 'number')
    script.comment(`It was called with pageId ${step.args.pageId}; here it acts on the selected page.`);
  const missing = uidKeys(step).find((key) => step.targets?.[key] === undefined);
  if (missing !== undefined)
    return script.cannot(number, `the recording does not say what uid ${uidAt(step, missing)} was`);
  if (hidden(step.args)) return script.cannot(number, 'the recording hides part of its arguments');
  if (script.namesUnknownSecret(step.args))
    return script.cannot(
      number,
      "it types a secret the recording's session was not given (one a person typed, or a name the recording made up)",
    );
  writer.step(script, steps, index);
}

function header(recording: Recording, writer: FormatWriter, script: Script): string[] {
  const count = recording.steps.length;
  const lines = [
    `Recorded with firefox-bidi-mcp (session started ${recording.startedAt}): ${count} step${count === 1 ? '' : 's'}, as a script for ${writer.title}.`,
    `Run it: ${writer.run}`,
    'After each step, a check of what that step did when it was recorded.',
  ];
  const secrets = script.secrets.length;
  if (secrets)
    lines.push(
      `Secrets are read from the environment variable${secrets === 1 ? '' : 's'} ${script.secrets.join(', ')}.`,
    );
  if (script.left.length)
    lines.push(
      'Steps this script does not do (a comment stands in the place of each):',
      ...script.left.map((item) => `- ${item}`),
    );
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

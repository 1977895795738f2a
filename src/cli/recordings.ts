/**
 * `firefox-bidi replay <recording>` and `firefox-bidi export <recording>`: a session's recording
 * run again without a model, or written as a script. Both run in this process, not the daemon:
 * a replay starts (and always closes) a browser of its own, as the server flags say.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeWhole } from '../firefox/index.js';
import {
  exportScript,
  MAX_RECORDING_CHARS,
  parseRecording,
  SCRIPT_FORMATS,
  type Recording,
  type ScriptFormat,
} from '../mcp/recording/index.js';
import { OptionsError, parseOptions } from '../mcp/options.js';
import { replay } from '../mcp/replay/replay.js';
import { replayEnding, stepLine } from '../mcp/replay/report.js';
import { UsageError } from './commands.js';

/** The commands' help, for --help. */
export const RECORDING_HELP = {
  replay:
    "replay <recording.json> [--secrets f] [--files dir] [--webdriver-url u] [--base-url u] [--step-timeout ms] [--report f.json]: run a session's recording again without a model, each step's effect checked (exit 1 at the first step that differs, with a report); steps that read or write files run only with --files, in that folder; server flags say which browser",
  export:
    'export <recording.json> [--format ts|playwright|webdriver] [--out file] [--client-module m]: the recording as a runnable script that checks each step',
} as const;

/** Splits `--name value` flags of `own` from the rest (the server's flags). */
function ownFlags(rest: string[], own: readonly string[]): { flags: Map<string, string>; others: string[] } {
  const flags = new Map<string, string>();
  const others: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const token = rest[index] ?? '';
    const [name, inline] = token.split(/=(.*)/s) as [string, string | undefined];
    if (!own.includes(name)) {
      others.push(token);
      continue;
    }
    const value = inline ?? rest[++index];
    if (value === undefined) throw new UsageError(`${name} needs a value.`);
    flags.set(name, value);
  }
  return { flags, others };
}

function readRecording(file: string | undefined, command: string): Recording {
  if (file === undefined || file.startsWith('-'))
    throw new UsageError(`${command} needs the recording file first: firefox-bidi ${command} <recording.json> …`);
  let text: string;
  try {
    if (statSync(file).size > MAX_RECORDING_CHARS)
      throw new Error(`it is larger than a recording can be (${MAX_RECORDING_CHARS} bytes)`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${file} cannot be read (${error instanceof Error ? error.message : String(error)}); give the recording-<time>.json file of a session's output folder.`,
    );
  }
  try {
    return parseRecording(text, file);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * replay <recording> [--files dir] [--base-url URL] [--step-timeout ms] [--report file.json] [server flags: --secrets,
 * --webdriver-url, --headed…]
 */
export async function replayCommand(rest: string[], serverFlags: string[]): Promise<number> {
  const [file, ...more] = rest;
  const recording = readRecording(file, 'replay');
  const { flags, others } = ownFlags(more, ['--files', '--base-url', '--step-timeout', '--report']);
  let options;
  try {
    options = parseOptions([...serverFlags, ...others]);
  } catch (error) {
    if (error instanceof OptionsError) throw new UsageError(error.message);
    throw error;
  }
  const timeout = flags.has('--step-timeout') ? Number(flags.get('--step-timeout')) : undefined;
  if (timeout !== undefined && !(timeout > 0)) throw new UsageError('--step-timeout takes milliseconds, more than 0.');
  const baseUrl = flags.get('--base-url');
  if (baseUrl !== undefined && !URL.canParse(baseUrl))
    throw new UsageError(`--base-url takes a URL such as http://127.0.0.1:8080; got "${baseUrl}".`);
  const filesDir = flags.get('--files');
  const report = await replay(recording, {
    options,
    // Files only in the folder named for them: never beside the recording, which came with it.
    ...(filesDir === undefined ? {} : { filesDir: resolve(filesDir) }),
    ...(timeout === undefined ? {} : { timeout }),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    onStep: (step) => process.stdout.write(`${stepLine(step)}\n`),
  });
  process.stdout.write(`\n${replayEnding(report, recording.steps.length)}\n`);
  const reportFile = flags.get('--report');
  if (reportFile !== undefined) writeWhole(resolve(reportFile), `${JSON.stringify(report, null, 2)}\n`, 0o600);
  return report.passed ? 0 : 1;
}

/** export <recording> [--format ts|playwright|webdriver] [--out file] [--client-module name] */
export function exportCommand(rest: string[]): number {
  const [file, ...more] = rest;
  const recording = readRecording(file, 'export');
  const { flags, others } = ownFlags(more, ['--format', '--out', '--client-module']);
  if (others.length) throw new UsageError(`export takes --format, --out and --client-module; not ${others.join(' ')}.`);
  const format = (flags.get('--format') ?? 'ts') as ScriptFormat;
  if (!SCRIPT_FORMATS.includes(format))
    throw new UsageError(`--format is one of ${SCRIPT_FORMATS.join(', ')}; got "${format}".`);
  const clientModule = flags.get('--client-module');
  const script = exportScript(recording, format, clientModule === undefined ? {} : { clientModule });
  const out = flags.get('--out');
  if (out === undefined) process.stdout.write(script);
  else {
    writeWhole(resolve(out), script, 0o644, out);
    process.stdout.write(`Wrote ${recording.steps.length} steps as a ${format} script to ${resolve(out)}.\n`);
  }
  return 0;
}

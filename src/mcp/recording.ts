/**
 * A session's recording: every step it took (a call that changed the page or the session;
 * looking is not a step), what each step acted on said without uids (role, name, container,
 * frames: page.locate finds it again), its arguments with secrets by name, what its answer
 * reported, and how long it took. One versioned JSON file in the session's output folder,
 * written whole after each step, so a crash leaves the steps so far and never half a file.
 */
import { join } from 'node:path';
import { writeWhole, type Page, type SecretStore, type TargetDescription } from '../firefox/index.js';

/** What the file says it is, so a reader can tell a recording and its version from any JSON. */
export const RECORDING_FORMAT = 'firefox-bidi-mcp recording';
export const RECORDING_VERSION = 1;

export interface RecordedStep {
  /** The MCP tool called. */
  tool: string;
  /** Its arguments as called, secret values written <secret>NAME</secret>. */
  args: Record<string, unknown>;
  /** What each uid argument named (`uid`, `from_uid`, `elements.0.uid`…), when a snapshot listed it. */
  targets?: Record<string, TargetDescription>;
  /** What the step did, as its answer said it (its notes and own lines, without the sections after them), and the page's URL afterwards. */
  effect: { url?: string; answer: string[] };
  /** When it started (ISO 8601) and how long it took. */
  at: string;
  ms: number;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  startedAt: string;
  steps: RecordedStep[];
}

/** What a step knew before it ran: when it started and what its uids named. */
export interface StepStart {
  at: Date;
  targets: Record<string, TargetDescription>;
}

export class SessionRecorder {
  readonly #recording: Recording;
  readonly #file: string;

  constructor(
    /** The session's output folder: the recording is its file alone. */
    folder: string,
    private readonly secrets: () => SecretStore,
    started = new Date(),
  ) {
    this.#recording = { format: RECORDING_FORMAT, version: RECORDING_VERSION, startedAt: started.toISOString(), steps: [] };
    this.#file = join(folder, `recording-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  }

  /** Before a step runs: what its uid arguments name, read from the page's snapshots (no call to the page). */
  start(args: Record<string, unknown>, page: Page | undefined): StepStart {
    const targets: Record<string, TargetDescription> = {};
    if (page) for (const [path, uid] of uidArguments(args)) {
      const target = page.targetOf(uid);
      if (target) targets[path] = target;
    }
    return { at: new Date(), targets };
  }

  /** After a step that succeeded: keeps it, masked, and writes the recording whole (a FileWriteError when the disk refuses). */
  finish(tool: string, args: Record<string, unknown>, start: StepStart, answer: readonly string[], url: string | undefined): void {
    const secrets = this.secrets();
    const step: RecordedStep = {
      tool,
      args: secrets.maskDeep(args),
      ...(Object.keys(start.targets).length ? { targets: secrets.maskDeep(start.targets) } : {}),
      effect: { ...(url === undefined ? {} : { url: secrets.mask(url) }), answer: answer.filter((line) => line.trim() !== '').map((line) => secrets.mask(line)) },
      at: start.at.toISOString(),
      ms: Date.now() - start.at.getTime(),
    };
    this.#recording.steps.push(step);
    writeWhole(this.#file, `${JSON.stringify(this.#recording, null, 2)}\n`, 0o600);
  }
}

/** The uid arguments of a call, by path: `uid`, `from_uid`, `to_uid`, `elements.0.uid`. */
function uidArguments(args: Record<string, unknown>): [string, string][] {
  const found: [string, string][] = [];
  for (const [key, value] of Object.entries(args)) {
    if ((key === 'uid' || key.endsWith('_uid')) && typeof value === 'string') found.push([key, value]);
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        const uid = (item as { uid?: unknown } | null)?.uid;
        if (typeof uid === 'string') found.push([`${key}.${index}.uid`, uid]);
      });
    }
  }
  return found;
}

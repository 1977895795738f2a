/**
 * A session's recording (format: format.ts): every step it took (a call
 * that changed the page or the session; looking is not a step), what each step acted on said
 * without uids, its arguments with secrets by name, what it did, and how long it took. Written
 * whole after each step, so a crash leaves the steps so far and never half a file.
 */
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  comparable,
  documentUrlOf,
  effectBetween,
  targetOf,
  wholePage,
  writeWhole,
  type ActedOn,
  type Page,
  type RecordedTarget,
  type SecretStore,
  withCss,
} from '../../firefox/index.js';
import { shorten } from '../../firefox/util/text.js';
import { uidArguments } from './uids.js';
import { RECORDING_FORMAT, RECORDING_VERSION, type RecordedStep, type Recording } from './format.js';

/** The longest the next call waits for a step's effect to be read. */
const LOOK_MS = 1500;

/**
 * What a recording keeps of a step's answer: what was done, not all it returned. A script's
 * megabyte of result, kept whole, made every later step write it again (the recording is written
 * whole after each): a session's calls went from 2 ms to 250 ms.
 */
const ANSWER_LINE_CHARS = 500;
const ANSWER_LINES = 40;

/** The answer's lines as a recording keeps them: masked first (a cut must not leave a secret's start), then cut. */
function keptAnswer(lines: readonly string[], secrets: SecretStore): string[] {
  const kept = lines.filter((line) => line.trim() !== '').map((line) => shorten(secrets.mask(line), ANSWER_LINE_CHARS));
  return kept.length <= ANSWER_LINES
    ? kept
    : [...kept.slice(0, ANSWER_LINES), `… (${kept.length - ANSWER_LINES} more lines)`];
}

/** What a step knew before it ran: when it started, what its uids named, and the page's newest snapshot then. */
export interface StepStart {
  at: Date;
  targets: Record<string, RecordedTarget>;
  page: Page | undefined;
  /**
   * The id of the newest whole-page snapshot of the page before the step: what the first one after it is compared with.
   */
  since: number | undefined;
  /** The origin of the document a step that types a secret types it into: a replay types it there or nowhere. */
  secretOrigin: string | undefined;
}

/** The last step, until the first snapshot after it says what it changed. */
interface Unseen {
  step: RecordedStep;
  page: Page;
  since: number | undefined;
}

export class SessionRecorder {
  readonly #recording: Recording;
  readonly #file: string;
  /**
   * Each step's text in the file, kept: a step is serialized again only when it changes (the last, once its effect is
   * seen), not every step on every write.
   */
  readonly #stepTexts: string[] = [];
  #unseen: Unseen | undefined;

  constructor(
    /** The session's output folder: the recording is its file alone. */
    folder: string,
    private readonly secrets: () => SecretStore,
    started = new Date(),
  ) {
    this.#recording = {
      format: RECORDING_FORMAT,
      version: RECORDING_VERSION,
      startedAt: started.toISOString(),
      steps: [],
    };
    this.#file = join(folder, `recording-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  }

  /** The steps so far. */
  get recording(): Recording {
    return this.#recording;
  }

  /**
   * Before a step runs: what its uid arguments name (from the page's snapshots) and the CSS path of each (from the
   * page).
   */
  async start(args: Record<string, unknown>, page: Page | undefined, acts: boolean): Promise<StepStart> {
    // A step that starts before any snapshot followed the last one leaves that one's effect unseen.
    this.#unseen = undefined;
    const targets: Record<string, RecordedTarget> = {};
    if (page) {
      for (const [path, uid] of uidArguments(args)) {
        const target = targetOf(page.snapshotHistory, uid);
        if (!target) continue;
        // An action says where its elements are in its result (finish); another call's are looked up here.
        const css = acts ? undefined : await page.resolveUidToSelector(uid).catch(() => undefined);
        targets[path] = css ? withCss(target, css) : target;
      }
    }
    return {
      at: new Date(),
      targets,
      page,
      since: page?.snapshotHistory.filter(wholePage).at(-1)?.id,
      secretOrigin: this.#secretOrigin(args, page),
    };
  }

  /** Where a step's secrets go: the document of its first target, or the page (type_text types where the focus is). */
  #secretOrigin(args: Record<string, unknown>, page: Page | undefined): string | undefined {
    if (!page || this.secrets().referencedNames(JSON.stringify(args)).length === 0) return undefined;
    const [first] = uidArguments(args);
    const url = first ? documentUrlOf(page.snapshotHistory, page.url, first[1]) : page.url;
    return url !== undefined && URL.canParse(url) ? new URL(url).origin : undefined;
  }

  /**
   * After a step that succeeded: keeps it, masked, and writes the recording whole (a FileWriteError when the disk
   * refuses).
   */
  finish(
    tool: string,
    args: Record<string, unknown>,
    start: StepStart,
    answer: readonly string[],
    url: string | undefined,
    actedOn: readonly ActedOn[] = [],
  ): void {
    const secrets = this.secrets();
    for (const [path, uid] of uidArguments(args)) {
      const css = actedOn.find((acted) => acted.uid === uid)?.css;
      const target = start.targets[path];
      if (css && target) start.targets[path] = withCss(target, css);
    }
    const dialog = start.page && !start.page.disposed ? start.page.getDialog() : undefined;
    const step: RecordedStep = {
      tool,
      ...(start.secretOrigin === undefined ? {} : { secretOrigin: start.secretOrigin }),
      args: secrets.maskDeep(args),
      ...(Object.keys(start.targets).length ? { targets: secrets.maskDeep(start.targets) } : {}),
      effect: {
        ...(url === undefined ? {} : { url: secrets.mask(url) }),
        ...(dialog ? { dialog: { type: dialog.type, message: dialog.message } } : {}),
        answer: keptAnswer(answer, secrets),
      },
      at: start.at.toISOString(),
      ms: Date.now() - start.at.getTime(),
    };
    this.#recording.steps.push(step);
    if (start.page) this.#unseen = { step, page: start.page, since: start.since };
    this.#write(step);
  }

  /**
   * A step a person took in the live view (demonstration.ts), kept as an agent's is and marked as theirs; written in
   * place of `continued`, the last step, when it goes on from it (more keys typed into the same place).
   */
  person(
    tool: string,
    args: Record<string, unknown>,
    page: Page,
    answer: readonly string[],
    options: { targets?: Record<string, RecordedTarget>; continued?: RecordedStep } = {},
  ): RecordedStep {
    const secrets = this.secrets();
    const { continued } = options;
    const masked = secrets.maskDeep(args);
    // What a person types is plain text until masked: the secrets it names are those of its masked form.
    const secretOrigin = this.#secretOrigin(masked, page);
    const at = continued ? new Date(continued.at) : new Date();
    const step: RecordedStep = {
      tool,
      by: 'person',
      ...(secretOrigin === undefined ? {} : { secretOrigin }),
      args: masked,
      ...(options.targets ? { targets: secrets.maskDeep(options.targets) } : {}),
      effect: {
        ...(page.url === undefined ? {} : { url: secrets.mask(page.url) }),
        answer: keptAnswer(answer, secrets),
      },
      at: at.toISOString(),
      ms: Date.now() - at.getTime(),
    };
    const { steps } = this.#recording;
    if (continued && steps.at(-1) === continued) steps[steps.length - 1] = step;
    else steps.push(step);
    this.#write(step);
    return step;
  }

  /**
   * After any call: once a snapshot of the page follows the last step, that step's effect is
   * what it shows that the one before did not (or, in a new document, its title), and the
   * recording is written again.
   */
  observe(): void {
    const unseen = this.#unseen;
    if (!unseen) return;
    if (unseen.page.disposed) {
      this.#unseen = undefined;
      return;
    }
    const history = unseen.page.snapshotHistory;
    const before = history.find((snapshot) => snapshot.id === unseen.since);
    const after = history.find(
      (snapshot) =>
        (unseen.since === undefined || snapshot.id > unseen.since) &&
        (before ? comparable(before, snapshot) : wholePage(snapshot)),
    );
    if (!after) return;
    this.#unseen = undefined;
    const secrets = this.secrets();
    if (!before) Object.assign(unseen.step.effect, { title: secrets.mask(after.title) });
    else Object.assign(unseen.step.effect, secrets.maskDeep(effectBetween(before, after)));
    this.#write(unseen.step);
  }

  /**
   * After a step's answer went out, before the next call: when no snapshot of the page followed
   * the step yet, takes one, so that what a step changed in its document is recorded whether or
   * not the agent looked (its own next snapshot then reuses this reading). A step that loaded a
   * new document has its URL; its title waits for the agent's own look. A page that takes longer
   * than LOOK_MS (frozen, or huge) holds the next call no longer.
   */
  async look(): Promise<void> {
    const unseen = this.#unseen;
    if (!unseen || unseen.page.disposed || unseen.page.getDialog()) return;
    if (!unseen.page.snapshotHistory.some((snapshot) => snapshot.id === unseen.since)) return;
    const timer = new AbortController();
    const read = unseen.page.takeSnapshot().then(
      () => true,
      () => false,
    );
    const inTime = await Promise.race([read, delay(LOOK_MS, false, { signal: timer.signal }).catch(() => false)]);
    timer.abort();
    if (inTime) this.observe();
  }

  /**
   * Writes the recording whole, as JSON.stringify(recording, null, 2) would, with `changed` (a new step or one whose
   * effect was seen) serialized anew.
   */
  #write(changed: RecordedStep): void {
    // The names of the session's secrets (never their values): the only ones an export reads from the environment.
    this.#recording.secrets = this.secrets().names;
    const { steps, ...head } = this.#recording;
    this.#stepTexts[steps.lastIndexOf(changed)] = JSON.stringify(changed, null, 2).replace(/^/gm, '    ');
    writeWhole(
      this.#file,
      `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "steps": [\n${this.#stepTexts.join(',\n')}\n  ]\n}\n`,
      0o600,
    );
  }
}

/**
 * Replay without a model: a recording's steps run again through the same tool declarations the
 * session used, each target found afresh by role and name (healed when the recorded locator
 * misses, and said so), each step's effect checked on the page, and the run stopped at the first
 * step whose target or effect differs, with what was expected, what was seen and the page around.
 */
import {
  aroundTarget,
  EffectError,
  expectEffect,
  FilePolicy,
  findTarget,
  InvalidArgumentError,
  LocatorError,
  SecretStore,
  type ExpectedEffect,
  type Page,
  type RecordedTarget,
  type UserContext,
} from '../../firefox/index.js';
import { ANSWER_TEXT } from '../answer-forms.js';
import { startClient } from '../browser.js';
import { parseOptions, type ServerOptions } from '../options.js';
import { describeTarget } from '../recording/export-steps.js';
import type { RecordedStep, Recording } from '../recording/format.js';
import { withUidAt } from '../recording/uids.js';
import { ToolResponse } from '../response.js';
import { type ReplayFailure, type ReplayReport, type StepReport } from './report.js';
import { checkedSteps, secretsNamed, type CheckedStep } from './steps.js';
import { urlRebaser, type Rebase } from './urls.js';

export interface ReplayOptions {
  /**
   * How to get a browser (launch, --ws-endpoint, --webdriver-url), the secrets, where files are read from: the server's
   * options (default: a local headless Firefox, no secrets).
   */
  options?: ServerOptions;
  /** Replay in this user context of a browser the caller owns, instead of starting one. */
  userContext?: UserContext;
  /**
   * The one folder steps that read or write files (uploads, storage states, mocked bodies) may
   * use, relative paths starting there. Without it such steps are refused before anything runs:
   * a recording is a stranger's file, and never decides what of this machine a page gets.
   */
  filesDir?: string;
  /** How long a target may take to appear and an effect to show, in ms (default 5000). */
  timeout?: number;
  /**
   * The origin the recording's pages are served from on this run, when it is not the recorded one (another host or
   * port).
   */
  baseUrl?: string;
  /** Told each step as it ends. */
  onStep?: (step: StepReport) => void;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT = 5000;
/** How often a target not there yet is looked for again. */
const POLL_MS = 100;

/** Replays `recording` and reports each step; the report says where and why it stopped when it did. */
export async function replay(recording: Recording, replayOptions: ReplayOptions = {}): Promise<ReplayReport> {
  const options = replayOptions.options ?? parseOptions([]);
  const steps = checkedSteps(recording, replayOptions.filesDir !== undefined);
  const own = replayOptions.userContext ? undefined : await startClient(options, undefined, false);
  const userContext = replayOptions.userContext ?? (own as NonNullable<typeof own>).userContext;
  try {
    refuseMissingSecrets(steps, userContext.secrets);
    return await new Replay(recording, steps, userContext, options, replayOptions).run();
  } finally {
    await own?.browser.close();
  }
}

/** The secrets the recording's steps name must be known before the first step, not found missing at the tenth. */
function refuseMissingSecrets(steps: readonly CheckedStep[], secrets: SecretStore): void {
  const named = new Set(steps.flatMap(({ step }) => secretsNamed(step)));
  const missing = [...named].filter((name) => !secrets.names.includes(name));
  if (missing.length)
    throw new InvalidArgumentError(
      `The recording fills in the secret${missing.length === 1 ? '' : 's'} ${missing.join(', ')}, which ${missing.length === 1 ? 'was' : 'were'} not given; pass a NAME=value file with --secrets (the library: options.secrets).`,
    );
}

class Replay {
  readonly #files: FilePolicy;
  readonly #timeout: number;
  readonly #rebase: Rebase;
  readonly #signal: AbortSignal;
  readonly #reports: StepReport[] = [];
  /** Whether a step's target was healed: from then on, effects are compared as the heal found it. */
  #healed = false;

  constructor(
    private readonly recording: Recording,
    private readonly steps: readonly CheckedStep[],
    private readonly userContext: UserContext,
    private readonly options: ServerOptions,
    private readonly replayOptions: ReplayOptions,
  ) {
    // Files only in the folder the user named, and nowhere else it or the server's flags would allow.
    this.#files = new FilePolicy(replayOptions.filesDir ?? options.outputDir);
    this.#timeout = replayOptions.timeout ?? DEFAULT_TIMEOUT;
    this.#rebase = urlRebaser(recording, replayOptions.baseUrl);
    this.#signal = replayOptions.signal ?? new AbortController().signal;
  }

  async run(): Promise<ReplayReport> {
    const started = Date.now();
    try {
      for (const [index, step] of this.steps.entries()) {
        const failure = await this.#step(index + 1, step);
        if (failure) return this.#report(started, failure);
      }
      return this.#report(started);
    } finally {
      this.userContext.secrets.confine(undefined);
    }
  }

  #report(started: number, failure?: ReplayFailure): ReplayReport {
    const secrets = this.userContext.secrets;
    const masked = failure && secrets.maskDeep<ReplayFailure>(failure);
    return {
      passed: failure === undefined,
      steps: this.#reports,
      ...(masked ? { failure: masked } : {}),
      ms: Date.now() - started,
    };
  }

  /** Runs one step; what went wrong, when something did. */
  async #step(number: number, { step, tool, args: parsed }: CheckedStep): Promise<ReplayFailure | undefined> {
    const started = Date.now();
    const fail = (expected: string, seen: string, around = ''): ReplayFailure => {
      this.#tell({ step: number, tool: step.tool, status: 'failed', ms: Date.now() - started });
      return { step: number, tool: step.tool, expected, seen, around };
    };
    const page = tool.kind === 'page' || tool.kind === 'action' ? this.userContext.page : undefined;
    const healed: string[] = [];
    let args = { ...parsed };
    for (const [path, target] of Object.entries(step.targets ?? {})) {
      const found = await this.#find(page, target);
      if ('missed' in found) return fail(`the ${describeTarget(target)} it acts on`, found.missed, found.around);
      if (found.healed) healed.push(`${describeTarget(target)}: ${found.healed}`);
      args = withUidAt(args, path, found.uid);
    }
    if (typeof args.url === 'string') args.url = this.#rebase.url(args.url);
    // A recorded secret is typed in the origin it was recorded in (as this run serves it), or nowhere: checked before
    // each key.
    this.userContext.secrets.confine(
      step.secretOrigin === undefined ? undefined : new URL(this.#rebase.url(`${step.secretOrigin}/`)).origin,
    );
    try {
      const response = new ToolResponse(tool.name, Number.MAX_SAFE_INTEGER, 0);
      await tool.run(
        args,
        {
          options: this.options,
          files: this.#files,
          signal: this.#signal,
          userContext: this.userContext,
          page,
          extensions: undefined,
          recording: () => this.recording,
          timeline: undefined,
          intent: undefined,
          human: undefined,
          progress: () => undefined,
          pageText: ANSWER_TEXT,
        },
        response,
      );
    } catch (error) {
      return fail(
        `the step to be taken (${step.effect.answer[0] ?? step.tool})`,
        error instanceof Error ? error.message : String(error),
      );
    }
    // A healed target's effect, and the effects after it, are checked under the same heal: a field whose label changed
    // case shows its value under the new one.
    if (healed.length) this.#healed = true;
    const effectFailure = await this.#checkEffect(step, this.#healed);
    if (effectFailure) return fail(effectFailure.expected, effectFailure.seen, effectFailure.around);
    if (healed.length) healed.push('its effect and those after it are checked under the same heal');
    this.#tell({
      step: number,
      tool: step.tool,
      status: healed.length ? 'healed' : 'passed',
      ...(healed.length ? { healed } : {}),
      ms: Date.now() - started,
    });
    return undefined;
  }

  #tell(report: StepReport): void {
    this.#reports.push(report);
    this.replayOptions.onStep?.(report);
  }

  /**
   * The uid of a recorded target in the page now, waiting for it to appear; what the page holds instead when it never
   * does.
   */
  async #find(
    page: Page | undefined,
    target: RecordedTarget,
  ): Promise<{ uid: string; healed?: string } | { missed: string; around: string }> {
    if (!page) return { missed: 'a step that names an element but acts on no page', around: '' };
    const deadline = Date.now() + this.#timeout;
    for (;;) {
      const snapshot = await page.takeSnapshot();
      try {
        const found = findTarget(snapshot, target);
        return { uid: found.node.uid, ...(found.healed ? { healed: found.healed } : {}) };
      } catch (error) {
        if (!(error instanceof LocatorError)) throw error;
        if (Date.now() >= deadline) return { missed: error.message, around: aroundTarget(snapshot, target) };
      }
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
  }

  /**
   * Whether the page shows what the step did: the dialog it opened, or its URL, title and the elements that appeared
   * and went.
   */
  async #checkEffect(step: RecordedStep, healed: boolean): Promise<Omit<ReplayFailure, 'step' | 'tool'> | undefined> {
    const page = this.userContext.page;
    const { dialog } = step.effect;
    const open = page.getDialog();
    if (dialog || open) {
      if (dialog && open?.type === dialog.type && open.message === dialog.message) return undefined;
      return {
        expected: dialog ? `a ${dialog.type} dialog saying "${dialog.message}"` : 'no dialog',
        seen: open ? `a ${open.type} dialog saying "${open.message}"` : 'no dialog',
        around: '',
      };
    }
    const { url, title, appeared, gone, reordered } = step.effect;
    const expected: ExpectedEffect = {
      ...(url === undefined ? {} : { url }),
      ...(title === undefined ? {} : { title }),
      ...(appeared ? { appeared } : {}),
      ...(gone ? { gone } : {}),
      ...(reordered ? { reordered } : {}),
    };
    try {
      await expectEffect(page, expected, { timeout: this.#timeout, ...this.#rebase, healed });
      return undefined;
    } catch (error) {
      if (!(error instanceof EffectError)) throw error;
      const target = step.targets?.uid;
      const snapshot = await page.takeSnapshot().catch(() => undefined);
      return {
        expected: expectedText(expected, this.#rebase.url),
        seen: error.misses.join('; '),
        around: snapshot ? aroundTarget(snapshot, target) : error.snapshot,
      };
    }
  }
}

function expectedText(expected: ExpectedEffect, rebase: (url: string) => string): string {
  const parts = [
    ...(expected.url === undefined ? [] : [`the URL ${rebase(expected.url)}`]),
    ...(expected.title === undefined ? [] : [`the title "${expected.title}"`]),
    ...(expected.appeared ?? []).map((element) => `${element.line} shown`),
    ...(expected.gone ?? []).map((element) => `${element.line} gone`),
    ...(expected.reordered ?? []).map((order) => `${order.container} holding ${order.items.join(', ')} in that order`),
  ];
  return parts.join('; ');
}

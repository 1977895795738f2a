import { setTimeout as delay } from 'node:timers/promises';
import type { Script } from 'webdriver-bidi-protocol';
import { fromRemoteValue, type JsonValue } from '../../bidi/index.js';
import { SANDBOX } from '../engine/index.js';
import { BrowserClosedError, InvalidArgumentError, TimeoutError, type Send } from '../errors.js';
import { unlessAborted } from '../util/abort.js';
import { callParams, elementsIn, unwrapEvaluation } from '../util/script.js';
import { quote } from '../util/text.js';
import { FIND_TEXT } from './find-text.js';
import type { PageUids } from './uids.js';

/**
 * The functions one page runs: the caller's own, and the client's reads in its sandbox. Unguarded: Page puts each call
 * under its guard.
 */
export class PageScripts {
  constructor(
    /** The page's top-level browsing context. */
    private readonly id: string,
    private readonly send: Send,
    private readonly uids: PageUids,
  ) {}

  /**
   * Calls `source` in the page's own realm with JSON arguments (promises awaited): BiDi's result, an exception
   * included.
   */
  async evaluate(source: string, args: JsonValue[], timeout: number): Promise<Script.EvaluateResult> {
    return this.send('script.callFunction', callParams(source, { context: this.id }, args), 'Running script', timeout);
  }

  /**
   * Calls `source` with the elements behind `uids`; elements in its result come back as `{ uid }`, with uids given to
   * those that had none.
   */
  async evaluateOnElements(source: string, uids: string[], timeout: number): Promise<JsonValue | undefined> {
    const refs = await Promise.all(uids.map((uid) => this.uids.elementRef(uid)));
    // The function runs in the document that holds the elements (a frame's, when they sit in one).
    const frame = refs[0]?.frame ?? this.id;
    if (refs.some((ref) => ref.frame !== frame))
      throw new InvalidArgumentError('The elements passed to a script must all be in the same frame.');
    const args = refs.map((ref) => ({ sharedId: ref.sharedId }));
    const result = await this.send(
      'script.callFunction',
      callParams(source, { context: frame }, args),
      'Running script',
      timeout,
    );
    if (result.type === 'exception') unwrapEvaluation(result);
    if (result.type !== 'success') return undefined;
    const returned = elementsIn(result.result);
    const adopted = await this.uids.adopt(frame, returned);
    const uidOf = new Map(returned.map((sharedId, index) => [sharedId, adopted[index] ?? '']));
    return fromRemoteValue(result.result, (node) => ({ uid: uidOf.get(node.sharedId ?? '') ?? '' }));
  }

  /** Calls `source` in the page's sandbox, where page scripts cannot reach: its JSON result. */
  async inSandbox(source: string, timeout: number, args: JsonValue[] = []): Promise<JsonValue | undefined> {
    const result = await this.send(
      'script.callFunction',
      callParams(source, { context: this.id, sandbox: SANDBOX }, args),
      'Reading the page',
      Math.max(1, timeout),
    );
    return unwrapEvaluation(result);
  }

  /**
   * The first of `wanted` the page's visible text holds, or null, asked for at most 5 s and not
   * past `deadline`, but given a second at least: a last look (or the only one of a wait of 1 ms)
   * cut off before the page could answer would see nothing however the page reads. A navigation
   * that destroys the realm meanwhile is no error, just null.
   */
  async findText(wanted: string[], deadline: number): Promise<JsonValue | undefined> {
    return this.inSandbox(FIND_TEXT, Math.min(5000, Math.max(LOOK_FLOOR_MS, deadline - Date.now())), [wanted]).catch(
      (error: unknown) => {
        if (error instanceof BrowserClosedError) throw error;
        return null;
      },
    );
  }
}

/** The least time one look for text is given to answer. */
const LOOK_FLOOR_MS = 1000;

/**
 * Waits until any of `text` appears in the page's visible text; resolves with the one found. Each
 * look is `look`'s, a call into the page of its own (a hang or a dialog meanwhile answers as any
 * call does); `signal` stops the wait.
 */
export async function waitForText(
  text: string | string[],
  options: { timeout?: number; signal?: AbortSignal },
  look: (wanted: string[], deadline: number) => Promise<JsonValue | undefined>,
): Promise<string> {
  const wanted = ([] as string[]).concat(text);
  if (wanted.length === 0 || wanted.some((item) => typeof item !== 'string' || item === '')) {
    throw new InvalidArgumentError('waitForText needs one or more non-empty strings.');
  }
  const timeout = options.timeout ?? 10_000;
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = await look(wanted, deadline);
    if (typeof found === 'string') return found;
    if (Date.now() >= deadline) {
      throw new TimeoutError(
        `None of ${wanted.map((item) => quote(item)).join(', ')} appeared on the page within ${timeout} ms. Check the page (a screenshot or snapshot), or wait longer.`,
      );
    }
    await unlessAborted(delay(100), options.signal, 'Waiting for text');
  }
}

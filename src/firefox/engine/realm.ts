/**
 * The engine's home in one document's sandbox. The engine is installed there once, with the first
 * call (it then lives as long as the document), and every later call sends only the operation's
 * name and its arguments, not the engine's source.
 */
import { randomUUID } from 'node:crypto';
import type { Script } from 'webdriver-bidi-protocol';
import { fromRemoteValue } from '../../bidi/index.js';
import { EvaluationError } from '../errors.js';
import { scriptArgument } from '../util/script.js';
import type * as Engine from './in-page/index.js';
import { engineCall, SANDBOX, type EngineOperation } from './index.js';

type Operations = typeof Engine;

/** An element or shadow root of the page, by its BiDi reference. */
export interface NodeRef {
  sharedId: string;
}

/** A value as it is sent: page nodes travel as references, the rest as JSON. */
type Wire<T> = T extends Node ? NodeRef : T;
type WireTuple<P extends unknown[]> = { [K in keyof P]: Wire<P[K]> };
/** The arguments of `Op` as they are sent. */
export type EngineArgs<Op extends EngineOperation> = WireTuple<Parameters<Operations[Op]>>;
/** What `Op` returns, awaited: its JSON comes back as the same shape. */
export type EngineResult<Op extends EngineOperation> = Awaited<ReturnType<Operations[Op]>>;
/** Operations whose first argument is a uid, and the arguments after it. */
export type UidOperation = {
  [Op in EngineOperation]: Parameters<Operations[Op]> extends [infer First, ...unknown[]]
    ? string extends First
      ? Op
      : never
    : never;
}[EngineOperation];
export type ArgsAfterUid<Op extends UidOperation> = EngineArgs<Op> extends [unknown, ...infer Rest] ? Rest : never;

/** How a realm sends its one command. */
/** Sends one script.callFunction; `timeout` bounds the wait for its answer (default: the connection's). */
export type CallSender = (
  params: Script.CallFunctionParameters,
  what: string,
  timeout?: number,
) => Promise<Script.EvaluateResult>;

/**
 * Thrown by a call that finds no engine in the sandbox (a new document). A secret of this process:
 * the page cannot reach the sandbox, and could not forge it if it did.
 */
const MISSING = `firefox-bidi-mcp: no engine here ${randomUUID()}`;
const byName = new Map<EngineOperation, string>();

/** The declaration that calls `operation` of an installed engine, or throws MISSING. */
function callByName(operation: EngineOperation): string {
  let declaration = byName.get(operation);
  if (declaration === undefined) {
    declaration = `function (...args) { const engine = globalThis.__firefoxBidiMcp; if (engine === undefined) throw ${JSON.stringify(MISSING)}; return engine.${operation}(...args); }`;
    byName.set(operation, declaration);
  }
  return declaration;
}

function isMissing(result: Script.EvaluateResult): boolean {
  if (result.type !== 'exception') return false;
  const thrown = result.exceptionDetails.exception;
  return thrown.type === 'string' && thrown.value === MISSING;
}

const DEFAULT_SERIALIZATION: Script.SerializationOptions = { maxDomDepth: 0, maxObjectDepth: 2 };

/** The engine in the sandbox of one browsing context's document (a page or a frame). */
export class EngineRealm {
  /**
   * Whether a call found the engine installed: until then, each call carries its source (a new realm is most often a
   * new document).
   */
  #installed = false;

  constructor(
    private readonly send: CallSender,
    readonly browsingContext: string,
  ) {}

  /** Runs `operation` and returns its result as BiDi serialized it (nodes as references). */
  async raw<Op extends EngineOperation>(
    operation: Op,
    args: EngineArgs<Op>,
    what: string,
    serialization = DEFAULT_SERIALIZATION,
    timeout?: number,
  ): Promise<Script.RemoteValue> {
    const params = (declaration: string): Script.CallFunctionParameters => ({
      functionDeclaration: declaration,
      arguments: (args as unknown[]).map(scriptArgument),
      awaitPromise: true,
      target: { context: this.browsingContext, sandbox: SANDBOX },
      resultOwnership: 'none',
      serializationOptions: serialization,
    });
    // A realm's first call installs the engine with it (the source is harmless where one is installed): no round trip
    // to find it missing.
    let result = await this.send(
      params(this.#installed ? callByName(operation) : engineCall(operation)),
      what,
      timeout,
    );
    // A new document under a known realm: install the engine with this call (one round trip more, once per document).
    if (isMissing(result)) result = await this.send(params(engineCall(operation)), what, timeout);
    if (result.type !== 'exception') this.#installed = true;
    if (result.type === 'exception')
      throw new EvaluationError(`${what} failed in the page: ${result.exceptionDetails.text}`);
    return result.result;
  }

  /** Runs `operation`, whose result holds no page nodes, and returns it as plain data. */
  async call<Op extends EngineOperation>(
    operation: Op,
    args: EngineArgs<Op>,
    what: string,
    timeout?: number,
  ): Promise<EngineResult<Op> | undefined> {
    // JSON comes back as the shape the operation returned; undefined when the document went away mid-call.
    return fromRemoteValue(await this.raw(operation, args, what, DEFAULT_SERIALIZATION, timeout)) as
      EngineResult<Op> | undefined;
  }
}

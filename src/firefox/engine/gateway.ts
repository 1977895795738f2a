import type { Script } from 'webdriver-bidi-protocol';
import { EngineRealm, type CallSender, type EngineArgs, type EngineResult } from './realm.js';
import type { EngineOperation } from './index.js';

/**
 * How deep every descent into frames goes (the walk, the picture's boxes, the focus, the text a wait looks for): as
 * deep as Firefox loads frames at all (MAX_DEPTH_CONTENT_FRAMES in its frame loader). The page's document is at depth
 * 0: each descent reads documents down to this depth, and none below it.
 */
export const MAX_FRAME_DEPTH = 10;

/**
 * The browsing context of a window the engine returned through `raw` (an iframe's), or undefined for anything else (a
 * frame with no document).
 */
export function windowBrowsingContext(value: Script.RemoteValue | undefined): string | undefined {
  return value?.type === 'window' ? value.value.context : undefined;
}

/**
 * The one way Node calls the engine of a page: the engine's realm in each of its documents (the
 * page's and its frames' sandboxes), by browsing context. Two wire formats, for a reason: `call`
 * gets an operation's result back as JSON (most of them); `raw` gets BiDi's serialization, where
 * page nodes come as references (sharedIds) that input and scripts hand back to Firefox, which no
 * JSON can carry.
 */
export class EngineGateway {
  readonly #realms = new Map<string, EngineRealm>();

  constructor(private readonly send: CallSender) {}

  /** Runs an operation of the engine in a document's sandbox, its result as JSON. */
  async call<Op extends EngineOperation>(
    frame: string,
    operation: Op,
    args: EngineArgs<Op>,
    what: string,
    timeout?: number,
  ): Promise<EngineResult<Op> | undefined> {
    return this.#realm(frame).call(operation, args, what, timeout);
  }

  /** The same, with the result as BiDi serialized it (page nodes as references). */
  async raw<Op extends EngineOperation>(
    frame: string,
    operation: Op,
    args: EngineArgs<Op>,
    what: string,
    timeout?: number,
  ): Promise<Script.RemoteValue> {
    return this.#realm(frame).raw(operation, args, what, { maxDomDepth: 0, maxObjectDepth: 1 }, timeout);
  }

  /** Documents that went away (frames removed): their realms go with them. */
  forget(browsingContexts: readonly string[]): void {
    for (const browsingContext of browsingContexts) this.#realms.delete(browsingContext);
  }

  /** The page loaded a new document or closed: every realm went with the old one. */
  reset(): void {
    this.#realms.clear();
  }

  /** How many realms it holds, for checking that nothing outlives its page. */
  get size(): number {
    return this.#realms.size;
  }

  #realm(browsingContext: string): EngineRealm {
    let realm = this.#realms.get(browsingContext);
    if (!realm) {
      realm = new EngineRealm(this.send, browsingContext);
      this.#realms.set(browsingContext, realm);
    }
    return realm;
  }
}

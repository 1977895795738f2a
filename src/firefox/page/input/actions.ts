import type { PageSnapshots } from '../snapshots.js';
import type { PageAccess, PageUids } from '../uids.js';
import type { EngineGateway } from '../../engine/gateway.js';
import type { SecretStore } from '../../policy/secrets.js';
import type { Settler } from './settle.js';
import { InputCore, type InputTimings } from './core.js';
import { PointerInput } from './pointer.js';
import { KeyboardInput } from './keyboard.js';
import { FieldInput } from './fields.js';

export type { ClickOptions, KeyOptions, Modifier } from './sources.js';
export type { MouseButton } from './done.js';
export type { InputTimings } from './core.js';

/**
 * A page's input: acts on elements by uid with real input events (BiDi input.performActions with the element as
 * origin), then waits until the page settles and reports what happened.
 */
export class PageInput {
  readonly #core: InputCore;
  readonly pointer: PointerInput;
  readonly keyboard: KeyboardInput;
  readonly fields: FieldInput;

  constructor(
    page: PageAccess,
    /** The page's top-level browsing context. */
    browsingContext: string,
    uids: PageUids,
    snapshots: PageSnapshots,
    engine: EngineGateway,
    settler: Settler,
    secrets: SecretStore,
    timings: InputTimings = {},
  ) {
    this.#core = new InputCore(page, browsingContext, uids, snapshots, engine, settler, secrets, timings);
    this.pointer = new PointerInput(this.#core);
    this.keyboard = new KeyboardInput(this.#core);
    this.fields = new FieldInput(this.#core, this.pointer);
  }

  /** Stops the input in progress at its next batch (its caller gave up on it); later input is not affected. */
  interrupt(): void {
    this.#core.interrupt();
  }
}

import {
  BidiConnectionClosedError,
  BidiProtocolError,
  BidiTimeoutError,
  type CommandName,
  type CommandParams,
  type CommandResult,
} from '../bidi/index.js';

/** Base class of the errors a FirefoxClient caller can act on; each message says what to do next. */
export class FirefoxClientError extends Error {
  // Every kind is named after its class, so `error.name` says which one it is.
  override name = this.constructor.name;
}

/** An argument was wrong: the message names it and what would be accepted. */
export class InvalidArgumentError extends FirefoxClientError {}

/** Throws an InvalidArgumentError naming `name` unless `value` is a whole number of at least `min`. */
export function checkInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new InvalidArgumentError(`${name} must be an integer of at least ${min}; got ${String(value)}.`);
  }
}

/** A page index or page that does not exist (any more). */
export class NoSuchPageError extends FirefoxClientError {}

/** Something did not happen in time. */
export class TimeoutError extends FirefoxClientError {}

/** The browser or the connection to it is gone. */
export class BrowserClosedError extends FirefoxClientError {}

/** The browser stopped answering (frozen, deadlocked, or swamped for over 20 s): it was closed, as one that died. */
export class BrowserStoppedError extends BrowserClosedError {}

/** The page's script does not answer (a busy loop, a long task): acting on it would only wait. */
export class PageUnresponsiveError extends FirefoxClientError {}

/**
 * The page's content process ended (a crash, or killed): it shows Firefox's crash page until it is navigated or
 * reloaded.
 */
export class PageCrashedError extends FirefoxClientError {}

/** The caller gave up on the call (an MCP client cancelled it, or went away): it stopped where it was. */
export class CancelledError extends FirefoxClientError {}

/** Firefox could not be found or started. */
export class LaunchError extends FirefoxClientError {}

/** A file could not be written (a full disk, no permission); nothing of it was left behind. */
export class FileWriteError extends FirefoxClientError {}

/** Script run in the page threw. */
export class EvaluationError extends FirefoxClientError {}

/** A uid that no longer (or never did) name an element: the message says why; take a new snapshot. */
export class StaleUidError extends FirefoxClientError {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'unknown' | 'navigated' | 'removed' | 'cleared' | 'other-page',
  ) {
    super(message);
  }
}

/** No element, or more than one, answers a locator's role and name: the message says what the page holds instead. */
export class LocatorError extends FirefoxClientError {}

/**
 * The page does not show what a recorded step did (expectEffect): `misses` says each difference, `snapshot` what the
 * page showed last.
 */
export class EffectError extends FirefoxClientError {
  constructor(
    message: string,
    readonly misses: string[],
    readonly snapshot: string,
  ) {
    super(message);
  }
}

/** The element is there but cannot take the action now: disabled, covered by another element, not editable. */
export class ElementNotInteractableError extends FirefoxClientError {}

/**
 * The action was performed but the page did not take it: the value or state read back afterwards is not what was asked.
 */
export class ActionNotTakenError extends FirefoxClientError {}

/** Sends a BiDi command; `what` names it in the error a failure becomes (translateBidiError). */
export type Send = <M extends CommandName>(
  method: M,
  params: CommandParams<M>,
  what: string,
  timeout?: number,
) => Promise<CommandResult<M>>;

/** Maps an error from the BiDi layer to the kind a caller can act on, keeping the original as `cause`. */
export function translateBidiError(error: unknown, what: string): unknown {
  if (error instanceof FirefoxClientError) return error;
  if (error instanceof BidiTimeoutError) {
    return new TimeoutError(
      `${what} timed out after ${error.timeoutMs} ms; retry with a longer timeout, or check the page with a screenshot.`,
      { cause: error },
    );
  }
  if (error instanceof BidiConnectionClosedError) {
    return new BrowserClosedError(
      `${what} failed: the browser connection is closed (${error.reason}). Launch or connect again.`,
      { cause: error },
    );
  }
  if (error instanceof BidiProtocolError) {
    switch (error.code) {
      case 'no such frame':
        return new NoSuchPageError(
          `${what} failed: the page is gone (${error.protocolMessage}). Call listPages() and select a live page.`,
          { cause: error },
        );
      case 'invalid argument':
        return new InvalidArgumentError(`${what} failed: ${error.protocolMessage}`, { cause: error });
      case 'move target out of bounds':
        return new ElementNotInteractableError(
          `${what} failed: the point to move the pointer to lies outside the viewport, where no input can go. Scroll it into view (scroll()), or act on the part a person sees (take a snapshot and use its uid).`,
          { cause: error },
        );
      case 'no such node':
      case 'no such element':
        return new StaleUidError(
          `${what} failed: the element is no longer on the page; take a new snapshot to see what is there now.`,
          'removed',
        );
      default:
        return new FirefoxClientError(
          `${what} failed: Firefox answered ${error.code} (${error.protocolMessage}). Retry; if it fails again, take a snapshot to see the page as it is now.`,
          { cause: error },
        );
    }
  }
  return error;
}

/** Base class of every error raised by the BiDi layer. */
export class BidiError extends Error {
  override name = 'BidiError';
}

/** The remote end answered a command with an error; keeps the protocol's code and message. */
export class BidiProtocolError extends BidiError {
  override name = 'BidiProtocolError';
  constructor(
    readonly method: string,
    /** One of the spec's ErrorCode values, or whatever a non-conforming remote end sent. */
    readonly code: string,
    readonly protocolMessage: string,
    readonly stacktrace?: string,
  ) {
    super(`${method} failed: ${code}: ${protocolMessage}`);
  }
}

/** A command got no answer in time. The connection stays usable. */
export class BidiTimeoutError extends BidiError {
  override name = 'BidiTimeoutError';
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(
      `${method} got no answer within ${timeoutMs} ms; the browser may be busy or hung. Retry with a longer timeout, or close and relaunch the browser.`,
    );
  }
}

/** The WebSocket closed (or was never open); every pending command is rejected with this. */
export class BidiConnectionClosedError extends BidiError {
  override name = 'BidiConnectionClosedError';
  constructor(
    readonly method: string | undefined,
    readonly reason: string,
  ) {
    super(
      `${method ? `${method}: ` : ''}the BiDi connection is closed (${reason}); connect or launch the browser again.`,
    );
  }
}

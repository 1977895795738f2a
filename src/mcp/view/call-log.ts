/**
 * What a session's agent did lately, for a person watching it: the last calls, each with its
 * tool, when it started, how long it took, and the first line of its answer, masked as every
 * answer is (the log holds only what the agent itself was told).
 */
import { shorten } from '../../firefox/util/index.js';

export interface LoggedCall {
  tool: string;
  /** When it started, ISO 8601. */
  at: string;
  /** Undefined while it runs. */
  ms?: number;
  /** Whether its answer was an error. */
  error?: boolean;
  /** The first line of its answer after the heading. */
  said?: string;
}

/** Calls kept: enough to see what the agent is doing, few enough to read. */
const KEPT = 20;
/** Of an answer's first line, enough to tell what happened. */
const SAID_CHARS = 200;

export class CallLog {
  readonly #calls: LoggedCall[] = [];

  /** A call starting; the returned function ends it with its answer's text (already masked). */
  start(tool: string): (answer: { text: string; error: boolean }) => void {
    const call: LoggedCall = { tool, at: new Date().toISOString() };
    const started = Date.now();
    this.#calls.push(call);
    if (this.#calls.length > KEPT) this.#calls.shift();
    return ({ text, error }) => {
      call.ms = Date.now() - started;
      if (error) call.error = true;
      const said = text.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
      if (said !== undefined) call.said = shorten(said, SAID_CHARS);
    };
  }

  /** The calls, newest last. */
  get calls(): readonly LoggedCall[] {
    return this.#calls.map((call) => ({ ...call }));
  }
}

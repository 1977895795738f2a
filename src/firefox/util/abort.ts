import { CancelledError } from '../errors.js';

/**
 * Resolves or rejects with `work`, or rejects with a CancelledError naming `what` as soon as
 * `signal` aborts: the caller stops waiting at once, whatever the work does afterwards.
 */
export async function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  throwIfAborted(signal, what);
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(cancelled(signal, what));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Throws a CancelledError naming `what` when `signal` has aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw cancelled(signal, what);
}

function cancelled(signal: AbortSignal, what: string): CancelledError {
  const reason: unknown = signal.reason;
  const why = typeof reason === 'string' && reason !== '' ? ` (${reason})` : '';
  return new CancelledError(`${what} was cancelled by the caller${why}; it stopped waiting.`, { cause: reason });
}

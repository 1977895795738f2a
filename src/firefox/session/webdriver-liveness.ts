import type { BidiConnection } from '../../bidi/index.js';

/** How often the server is asked while a command waits, and while none does. */
const BUSY_MS = 1000;
const IDLE_MS = 5000;
/** Answers in a row that say the session is gone before we believe it (one may be a hiccup). */
const FAILURES = 2;

/**
 * Notices a WebDriver session that ended behind a socket that stays open: a Selenium Grid's hub
 * keeps a client's BiDi socket open when the node behind it dies, so commands would wait for their
 * own time-outs. It asks the server about the session (`GET …/timeouts`, answered without touching
 * the page) every second while a command waits and every 5 s otherwise; when the server says twice
 * that the session is gone, or cannot be reached, it closes the socket, which fails every waiting
 * command at once with the reason. The questions are also activity, so a Grid does not time out a
 * session we still hold. Returns a function that stops it.
 */
export function watchSessionAlive(connection: BidiConnection, sessionUrl: string): () => void {
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const ask = async (): Promise<string | undefined> => {
    try {
      const response = await fetch(`${sessionUrl}/timeouts`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return undefined;
      const body = (await response.json().catch(() => ({}))) as { value?: { error?: string; message?: string } };
      return `the WebDriver server says: ${body.value?.error ?? `HTTP ${response.status}`}${body.value?.message ? ` (${body.value.message.split('\n')[0] ?? ''})` : ''}`;
    } catch (error) {
      // A slow answer is no proof of death (a busy node); a refused connection is.
      if (error instanceof Error && error.name === 'TimeoutError') return undefined;
      return `the WebDriver server cannot be reached (${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)})`;
    }
  };
  const next = (): void => {
    if (stopped || connection.closed) return;
    timer = setTimeout(() => void probe(), connection.pendingCount > 0 ? BUSY_MS : IDLE_MS);
    timer.unref();
  };
  const probe = async (): Promise<void> => {
    const gone = await ask();
    failures = gone === undefined ? 0 : failures + 1;
    if (gone !== undefined && failures >= FAILURES && !stopped) {
      connection.close(`the browser's WebDriver session ended: ${gone}`);
      return;
    }
    next();
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

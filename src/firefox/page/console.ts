import type { Log } from 'webdriver-bidi-protocol';
import { fromRemoteValue } from '../../bidi/index.js';

export type ConsoleLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ConsoleMessage {
  /** Unique across the client, increasing in arrival order. */
  id: number;
  level: ConsoleLevel;
  /** `console.log`, `console.warn`… as the method name, or `exception` for an uncaught error. */
  type: string;
  text: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  source?: { url: string; line: number; column: number };
  /** The URL of the iframe it came from, when it did not come from the page itself. */
  frame?: string;
}

export interface ConsoleFilter {
  level?: ConsoleLevel | ConsoleLevel[];
  textContains?: string;
  /** Only messages with a larger id (pass the last id you saw) . */
  since?: number;
}

const LEVELS: readonly ConsoleLevel[] = ['debug', 'info', 'warn', 'error'];

export function isConsoleLevel(value: string): value is ConsoleLevel {
  return (LEVELS as readonly string[]).includes(value);
}

function textOf(entry: Log.Entry): string {
  if (entry.text !== null) return entry.text;
  if ('args' in entry) {
    return entry.args
      .map((arg) => {
        const value = fromRemoteValue(arg);
        return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
      })
      .join(' ');
  }
  return '';
}

/** Ids unique across the client, handed out in arrival order. */
export class IdCounter {
  #next = 1;
  take(): number {
    return this.#next++;
  }
}

/** One page's console calls and uncaught errors (its frames' included), up to `capacity` (oldest dropped). */
export class ConsoleLog {
  readonly #messages: ConsoleMessage[] = [];

  constructor(
    private readonly ids: IdCounter,
    readonly capacity = 1000,
  ) {}

  /** An entry of the page, or of one of its frames (`frameUrl`). */
  add(entry: Log.Entry, frameUrl?: string): void {
    const frame = entry.stackTrace?.callFrames[0];
    this.#messages.push({
      id: this.ids.take(),
      level: isConsoleLevel(entry.level) ? entry.level : 'info',
      type: 'method' in entry ? entry.method : entry.type === 'javascript' ? 'exception' : entry.type,
      text: textOf(entry),
      timestamp: entry.timestamp,
      ...(frame ? { source: { url: frame.url, line: frame.lineNumber + 1, column: frame.columnNumber + 1 } } : {}),
      ...(frameUrl !== undefined ? { frame: frameUrl } : {}),
    });
    if (this.#messages.length > this.capacity) this.#messages.splice(0, this.#messages.length - this.capacity);
  }

  list(filter: ConsoleFilter = {}): ConsoleMessage[] {
    const levels = filter.level === undefined ? undefined : ([] as ConsoleLevel[]).concat(filter.level);
    const needle = filter.textContains?.toLowerCase();
    return this.#messages.filter(
      (message) =>
        (levels === undefined || levels.includes(message.level)) &&
        (needle === undefined || message.text.toLowerCase().includes(needle)) &&
        (filter.since === undefined || message.id > filter.since),
    );
  }

  get(id: number): ConsoleMessage | undefined {
    return this.#messages.find((message) => message.id === id);
  }

  clear(): void {
    this.#messages.length = 0;
  }

  get size(): number {
    return this.#messages.length;
  }
}

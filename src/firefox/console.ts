import type { Log } from 'webdriver-bidi-protocol';
import { fromRemoteValue } from '../bidi/index.js';
import type { Place } from './frames.js';

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
    return entry.args.map((arg) => {
      const value = fromRemoteValue(arg);
      return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
    }).join(' ');
  }
  return '';
}

/** Keeps every console call and uncaught error per page, up to `capacity` per page (oldest dropped). */
export class ConsoleCollector {
  readonly #byContext = new Map<string, ConsoleMessage[]>();
  #nextId = 1;

  constructor(
    readonly capacity = 1000,
    /** The page (and frame) a browsing context belongs to: an iframe's messages are its page's. */
    private readonly placeOf: (context: string) => Place = (context) => ({ page: context }),
  ) {}

  add(entry: Log.Entry): void {
    if (entry.source.context === undefined) return;
    const { page: context, frame: frameUrl } = this.placeOf(entry.source.context);
    const frame = entry.stackTrace?.callFrames[0];
    const message: ConsoleMessage = {
      id: this.#nextId++,
      level: isConsoleLevel(entry.level) ? entry.level : 'info',
      type: 'method' in entry ? entry.method : entry.type === 'javascript' ? 'exception' : entry.type,
      text: textOf(entry),
      timestamp: entry.timestamp,
      ...(frame ? { source: { url: frame.url, line: frame.lineNumber + 1, column: frame.columnNumber + 1 } } : {}),
      ...(frameUrl !== undefined ? { frame: frameUrl } : {}),
    };
    let list = this.#byContext.get(context);
    if (!list) this.#byContext.set(context, (list = []));
    list.push(message);
    if (list.length > this.capacity) list.splice(0, list.length - this.capacity);
  }

  list(context: string, filter: ConsoleFilter = {}): ConsoleMessage[] {
    const levels = filter.level === undefined ? undefined : ([] as ConsoleLevel[]).concat(filter.level);
    const needle = filter.textContains?.toLowerCase();
    return (this.#byContext.get(context) ?? []).filter(
      (message) =>
        (levels === undefined || levels.includes(message.level)) &&
        (needle === undefined || message.text.toLowerCase().includes(needle)) &&
        (filter.since === undefined || message.id > filter.since),
    );
  }

  get(context: string, id: number): ConsoleMessage | undefined {
    return this.#byContext.get(context)?.find((message) => message.id === id);
  }

  clear(context: string): void {
    this.#byContext.delete(context);
  }

  /** Pages that have a list. */
  get size(): number {
    return this.#byContext.size;
  }
}

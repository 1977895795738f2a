/** What a corpus app is: a page on a real npm library, and the tasks a user gives an agent on it. */
import type { Route } from '../../helpers/server.js';
import type { Agent } from '../agent.js';

export interface AppTask {
  /** A short id, for tables and test names. */
  id: string;
  /** What the user asks, in their words. */
  ask: string;
  /** What the agent does: reads answers, acts by the references it finds in them. */
  run(agent: Agent): Promise<void>;
  /** Reads the app's own state (its API, its saved content) and throws when the task is not done. */
  check(agent: Agent): Promise<void>;
}

export interface CorpusApp {
  /** The library and its pinned version, as a table shows it. */
  library: string;
  /** Where the corpus server serves the page. */
  path: string;
  html: string;
  /** Folders of node_modules the page loads, served under /node_modules/ (nothing else there is). */
  packages?: string[];
  /** An ES module source bundled by esbuild to /build/<file> when the server starts. */
  bundle?: { file: string; source: string };
  /** The app's own backend: paths it answers (a path ending in / answers every path under it). */
  routes?: Record<string, Route>;
  tasks: AppTask[];
}

/** An HTML document with a title, head content and body. */
export function doc(title: string, head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

/** Throws, with both values, when the app's state is not what the task asked for. */
export function expectState(actual: unknown, expected: unknown, what: string): void {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (a !== e) throw new Error(`${what}: expected ${e}, the app has ${a}`);
}

/** Throws when content the app saves holds anything of ours. */
export function expectNoMarks(saved: string, what: string): void {
  const mark = /data-mcp[\w-]*/.exec(saved);
  if (mark) throw new Error(`${what} holds our ${mark[0]}: ${saved}`);
}

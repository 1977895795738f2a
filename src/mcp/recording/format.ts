/**
 * The recording format: what a session did, step by step, said without uids, so that a script
 * or a replay can do it again on a fresh page and check each step's effect. A documented,
 * versioned JSON file (README: "Recording"); later versions only add optional fields.
 */
import type { ExpectedEffect, RecordedTarget } from '../../firefox/index.js';

export type { RecordedCss, RecordedElement, RecordedOrder, RecordedTarget } from '../../firefox/index.js';

/** What the file says it is, so a reader can tell a recording and its version from any JSON. */
export const RECORDING_FORMAT = 'firefox-bidi-mcp recording';
export const RECORDING_VERSION = 1;

/** What a step did: what a check compares, the dialog it opened, and the answer's own lines. */
export interface RecordedEffect extends ExpectedEffect {
  /** A dialog the step opened (alert, confirm, prompt, beforeunload) and its message. */
  dialog?: { type: string; message: string };
  /** The answer's own lines (notes and what was done), secrets by name. */
  answer: string[];
}

export interface RecordedStep {
  /** The MCP tool called (the same names for the CLI). */
  tool: string;
  /** A step a person took in the live view (a demonstration), not the agent. */
  by?: 'person';
  /**
   * Where the step typed its secrets: the origin of the document its target was in. A replay types them there or
   * nowhere.
   */
  secretOrigin?: string;
  /** Its arguments as called, secret values written <secret>NAME</secret>. */
  args: Record<string, unknown>;
  /** What each uid argument named (`uid`, `from_uid`, `elements.0.uid`…), when a snapshot listed it. */
  targets?: Record<string, RecordedTarget>;
  effect: RecordedEffect;
  /** When it started (ISO 8601) and how long it took, in ms. */
  at: string;
  ms: number;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  startedAt: string;
  /**
   * The names of the secrets the session was given: the only ones a script reads from the environment, and a replay
   * types.
   */
  secrets?: string[];
  steps: RecordedStep[];
}

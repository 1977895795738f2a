import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { UserContext, Extensions, FilePolicy, LineForm, Page, PageTextRule } from '../firefox/index.js';
import type { Recording } from './recording/format.js';
import type { SessionTimeline } from './timeline/timeline.js';
import type { ServerOptions } from './options.js';
import type { ToolResponse } from './response.js';
import type { ToolCategory } from './tool-sets.js';
import type { HumanDesk } from './view/desk.js';

export { DEFAULT_TOOL_SETS, TOOL_CATEGORIES, type ToolCategory } from './tool-sets.js';

/** What every handler gets besides its arguments. */
interface Call {
  options: ServerOptions;
  /** Where files may be read from and written to. */
  files: FilePolicy;
  /** Aborts when the client cancels the call or goes away: long waits stop on it. */
  signal: AbortSignal;
  /** The session's recording so far (its steps, said without uids). */
  recording: () => Recording;
  /** The session's timeline (its calls and the person's acts, with pictures); a replay keeps none. */
  timeline: SessionTimeline | undefined;
  /**
   * The person watching the session (the live view of the HTTP server or the CLI's daemon), asked for a hand by
   * request_human; undefined where no one can watch.
   */
  human: HumanDesk | undefined;
  /** Why the agent says it makes the call (a gated tool's `intent`), for a person asked to approve it. */
  intent: string | undefined;
  /** Tells the client the call still runs (MCP progress notifications, when it asked for them). */
  progress: (message: string) => void;
  /**
   * How page text in the answer (a body, the page's Markdown) is set apart from the answer's own lines: the rule built
   * from every form the server's answers use (answer-forms.ts).
   */
  pageText: PageTextRule;
}

/**
 * A page tool's call: the one page it acts on (its pageId's, or the selected page when the call began), and no other.
 */
export interface PageCall extends Call {
  page: Page;
}

/**
 * A context tool's call: the session's user context (its pages, cookies, storage, request rules, init scripts,
 * emulation, downloads).
 */
export interface UserContextCall extends Call {
  userContext: UserContext;
}

/**
 * A browser tool's call: the browser's extensions when the browser is the session's own; undefined in a user context of
 * a shared browser.
 */
export interface BrowserCall extends Call {
  extensions: Extensions | undefined;
}

/** Everything the server has for a call; each kind hands its handler only its part. */
export type SessionCall = Call & {
  userContext: UserContext;
  page: Page | undefined;
  extensions: Extensions | undefined;
};

/**
 * What a tool acts on, which decides what it gets and what the server does around it:
 * - `page`: one page; takes `pageId`; an open dialog refuses it unless it works `whileDialog`;
 * - `action`: a page tool that changes the page; also takes `includeSnapshot`;
 * - `context`: the session's user context;
 * - `browser`: the whole browser (extensions).
 */
export type ToolKind = 'page' | 'action' | 'context' | 'browser';

type Handler<Shape extends z.ZodRawShape, C> = (
  args: z.infer<z.ZodObject<Shape>>,
  call: C,
  response: ToolResponse,
) => Promise<void> | void;

/** A tool as its file declares it. */
interface Declaration<Name extends string, Shape extends z.ZodRawShape, C> {
  name: Name;
  description: string;
  category: ToolCategory;
  /** Whether it only reads (MCP's readOnlyHint). */
  readOnly: boolean;
  /** Whether it may destroy something (MCP's destructiveHint). */
  destructive?: true;
  /**
   * A tool that writes only files of its own while it looks (a body saved): not a step of the session's recording,
   * though not read-only.
   */
  looksOnly?: true;
  /**
   * The arguments that name files it reads or writes (uploads, bodies, storage states, pictures): a replay runs a step
   * that gives one only in a folder the user names.
   */
  fileArgs?: readonly string[];
  /**
   * It hands the page code or responses the agent wrote (a script, an init script, a route's body, an extension), which
   * can do anything a gated action does: under --require-approval, each call waits for a person (approval.ts).
   */
  runsAgentCode?: true;
  /**
   * What it does may wait for a person's approval under --require-approval (approval.ts): it then takes the agent's
   * `intent`, shown to the person beside the action.
   */
  gated?: true;
  /** Page tools that must work while a dialog is open (reading the console, answering the dialog). */
  whileDialog?: true;
  /**
   * Long text answers come a window at a time: `offset` adds maxChars and offset, `budget` maxChars alone; the server
   * pages them (ToolResponse.text and list).
   */
  paged?: 'offset' | 'budget';
  /** The forms of the lines its handler writes, each made beside its writer (answer-frame.ts: lineWriter). */
  lines?: readonly LineForm[];
  schema: Shape;
  handler: Handler<Shape, C>;
}

/** One tool as the server registers it and the README lists it. */
export interface ToolDefinition {
  name: string;
  description: string;
  kind: ToolKind;
  annotations: ToolAnnotations & { category: ToolCategory };
  whileDialog: boolean;
  /** It hands the page what the agent wrote: gated as a whole under --require-approval. */
  runsAgentCode: boolean;
  /** What it does may wait for approval (declared gated, or it runs the agent's code): it takes `intent`. */
  gated: boolean;
  /**
   * Whether a call of it is a step of the session's recording (see recording/recorder.ts): it changes the page or the
   * session; looking is not a step.
   */
  recorded: boolean;
  /** The arguments that name files it reads or writes. */
  fileArgs: readonly string[];
  /** Its own parameters; the server adds its kind's (pageId, includeSnapshot) and its pager's. */
  schema: z.ZodRawShape;
  paged: 'offset' | 'budget' | undefined;
  /** The forms of the lines its answers write besides the frame every answer has (gathered in answer-forms.ts). */
  lines: readonly LineForm[];
  run: (args: Record<string, unknown>, call: SessionCall, response: ToolResponse) => Promise<void> | void;
}

/**
 * A declared tool as the server registers it, keeping its name and schema's types: what a recorded step of it holds is
 * typed from them (recording/scripted.ts).
 */
export type Tool<Name extends string, Shape extends z.ZodRawShape> = Omit<ToolDefinition, 'name' | 'schema'> & {
  readonly name: Name;
  readonly schema: Shape;
};

function definition<Name extends string, Shape extends z.ZodRawShape, C>(
  kind: ToolKind,
  declared: Declaration<Name, Shape, C>,
  narrow: (call: SessionCall) => C,
): Tool<Name, Shape> {
  const {
    name,
    description,
    category,
    readOnly,
    destructive,
    whileDialog,
    runsAgentCode,
    gated,
    looksOnly,
    fileArgs,
    paged,
    lines,
    schema,
    handler,
  } = declared;
  return {
    name,
    description,
    kind,
    annotations: { category, readOnlyHint: readOnly, ...(destructive ? { destructiveHint: true } : {}) },
    whileDialog: whileDialog ?? false,
    runsAgentCode: runsAgentCode ?? false,
    gated: (gated ?? runsAgentCode) === true,
    recorded: !readOnly && !looksOnly,
    fileArgs: fileArgs ?? [],
    schema,
    paged,
    lines: lines ?? [],
    // The SDK has checked the arguments against this schema (with the kind's parameters) before the call.
    run: (args, call, response) => handler(args as z.infer<z.ZodObject<Shape>>, narrow(call), response),
  };
}

/** What every kind of call gets. */
function common(call: SessionCall): Call {
  return {
    options: call.options,
    files: call.files,
    signal: call.signal,
    recording: call.recording,
    timeline: call.timeline,
    intent: call.intent,
    human: call.human,
    progress: call.progress,
    pageText: call.pageText,
  };
}

function pageOf(call: SessionCall): PageCall {
  if (!call.page) throw new Error('A page tool ran without its page.');
  return { ...common(call), page: call.page };
}

/** A tool that reads or acts on one page. */
export function pageTool<Name extends string, Shape extends z.ZodRawShape>(
  declared: Declaration<Name, Shape, PageCall>,
): Tool<Name, Shape> {
  return definition('page', declared, pageOf);
}

/** A tool that changes a page with real input: it reports what the action led to, with a snapshot when asked. */
export function actionTool<Name extends string, Shape extends z.ZodRawShape>(
  declared: Declaration<Name, Shape, PageCall>,
): Tool<Name, Shape> {
  return definition('action', declared, pageOf);
}

/** A tool that acts on the session's user context. */
export function userContextTool<Name extends string, Shape extends z.ZodRawShape>(
  declared: Declaration<Name, Shape, UserContextCall>,
): Tool<Name, Shape> {
  return definition('context', declared, (call) => ({ ...common(call), userContext: call.userContext }));
}

/** A tool that acts on the whole browser. */
export function browserTool<Name extends string, Shape extends z.ZodRawShape>(
  declared: Declaration<Name, Shape, BrowserCall>,
): Tool<Name, Shape> {
  return definition('browser', declared, (call) => ({ ...common(call), extensions: call.extensions }));
}

/** Parameters the server adds by kind and pager, described once for the model. */
export const KIND_PARAMETERS = {
  pageId: z.number().int().positive().optional().describe('From list_pages; default: the selected page.'),
  includeSnapshot: z
    .boolean()
    .optional()
    .describe(
      'Also return what the action changed on the page (the whole page when that is shorter, or there is no earlier snapshot).',
    ),
  maxChars: z.number().int().positive().max(1_000_000).optional().describe('Default 40000; the rest via offset.'),
  offset: z.number().int().min(0).optional().describe("A previous answer's nextOffset."),
  intent: z.string().max(500).optional().describe('Why you do it, in a sentence: shown to the person who approves it.'),
};

/**
 * A recorded call's arguments as `tool` takes them (its own parameters, its kind's and its pager's, nothing else):
 * how a replay and an export read a step of a stranger's recording.
 */
export function parseArguments(tool: ToolDefinition, args: Record<string, unknown>) {
  let schema = argumentSchemas.get(tool);
  if (!schema) argumentSchemas.set(tool, (schema = z.strictObject(inputSchema(tool))));
  return schema.safeParse(args);
}

/**
 * Each tool's argument schema, made once: zod compiles a schema on its first parse (made anew per step, an export of
 * 100,000 steps took 7.6 s instead of 3.6).
 */
const argumentSchemas = new WeakMap<ToolDefinition, z.ZodObject>();

/**
 * The parameters the model sees for `tool`: its own, then its kind's and its pager's, and a gated tool's intent unless
 * `withIntent` is false (a server without gates does not spend the model's tokens on it).
 */
export function inputSchema(tool: ToolDefinition, withIntent = true): z.ZodRawShape {
  const { pageId, includeSnapshot, maxChars, offset, intent } = KIND_PARAMETERS;
  return {
    ...tool.schema,
    ...(tool.kind === 'page' || tool.kind === 'action' ? { pageId } : {}),
    ...(tool.kind === 'action' ? { includeSnapshot } : {}),
    ...(tool.paged ? { maxChars } : {}),
    ...(tool.paged === 'offset' ? { offset } : {}),
    ...(withIntent && tool.gated ? { intent } : {}),
  };
}

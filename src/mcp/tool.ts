import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Context, Extensions, FilePolicy, Page } from '../firefox/index.js';
import type { ServerOptions } from './options.js';
import type { ToolResponse } from './response.js';
import type { ToolCategory } from './tool-sets.js';

export { DEFAULT_TOOL_SETS, TOOL_CATEGORIES, type ToolCategory } from './tool-sets.js';

/** What a tool handler gets besides its arguments. */
export interface ToolContext {
  /** The session's user context: its pages, cookies, storage, request rules, init scripts, emulation and downloads. */
  context: Context;
  /** The browser's extensions, when the browser is the session's own; undefined in a user context of a shared browser, where they would reach other sessions' pages. */
  extensions: Extensions | undefined;
  /** The page the tool acts on: the one its pageId names, or else the selected page when the call began. */
  page: Page;
  options: ServerOptions;
  /** Where files may be read from and written to. */
  files: FilePolicy;
  /** Aborts when the client cancels the call or goes away: long waits stop on it. */
  signal: AbortSignal;
}

/** One tool, declared: the server registers it, the README lists it, the handler holds no MCP plumbing. */
export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  description: string;
  annotations: ToolAnnotations & { category: ToolCategory };
  /** Whether the tool acts on one page: it then takes an optional pageId, and acts on the selected page without one. */
  pageScoped: boolean;
  /** Whether an open dialog stops the tool before it starts (the server refuses it, naming the dialog). */
  blockedByDialog: boolean;
  schema: Shape;
  handler: (args: z.infer<z.ZodObject<Shape>>, context: ToolContext, response: ToolResponse) => Promise<void> | void;
}

export function defineTool<Shape extends z.ZodRawShape>(definition: ToolDefinition<Shape>): ToolDefinition<Shape> {
  return definition;
}

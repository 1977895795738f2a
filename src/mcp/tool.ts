import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { InvalidArgumentError, type FirefoxClient } from '../firefox/index.js';
import type { ServerOptions } from './options.js';
import type { ToolResponse } from './response.js';

/** What a tool handler gets besides its arguments. */
export interface ToolContext {
  client: FirefoxClient;
  options: ServerOptions;
}

/** One tool, declared: the server registers it, the README lists it, the handler holds no MCP plumbing. */
export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  description: string;
  annotations: ToolAnnotations & { category: 'pages' | 'snapshot' | 'input' | 'script' | 'console' | 'network' | 'screenshot' };
  schema: Shape;
  handler: (args: z.infer<z.ZodObject<Shape>>, context: ToolContext, response: ToolResponse) => Promise<void> | void;
}

export function defineTool<Shape extends z.ZodRawShape>(definition: ToolDefinition<Shape>): ToolDefinition<Shape> {
  return definition;
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Resolves where a tool may write `filePath`: relative paths land in the output directory; any
 * path must stay inside the output directory or the working directory, or it is refused.
 */
export function outputPath(options: ServerOptions, filePath: string): string {
  const outputDir = resolve(options.outputDir);
  const target = isAbsolute(filePath) ? resolve(filePath) : resolve(outputDir, filePath);
  if (!inside(outputDir, target) && !inside(process.cwd(), target)) {
    throw new InvalidArgumentError(`filePath "${filePath}" is outside the output directory (${outputDir}) and the working directory; give a path inside one of them.`);
  }
  mkdirSync(dirname(target), { recursive: true });
  return target;
}

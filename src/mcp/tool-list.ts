import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { inputSchema, type ToolDefinition } from './tool.js';

/** The bounds zod gives every integer, which tell a model nothing. */
const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** A JSON Schema without the safe-integer bounds zod adds to every integer. */
function withoutSafeBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeBounds);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(
    ([key, item]) => !((key === 'maximum' || key === 'minimum') && SAFE_INTEGER_BOUNDS.has(item as number)),
  );
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutSafeBounds(item)]));
}

/**
 * One tool as tools/list gives it, which a model reads on every request: the JSON Schema the SDK
 * would send (draft 7, input side) without the dialect line or the safe-integer bounds, and no
 * `execution` (its default, no task support, is what it said). Calls are still checked against
 * the whole zod schema.
 */
export function listedTool(tool: ToolDefinition, gates = false): Tool {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(z.object(inputSchema(tool, gates)), {
    target: 'draft-7',
    io: 'input',
  });
  const { category: _category, ...annotations } = tool.annotations;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: withoutSafeBounds(schema) as Tool['inputSchema'],
    annotations,
  };
}

import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { toolListBySet } from '../../src/mcp/docs.js';
import { TOOL_CATEGORIES, type ToolCategory } from '../../src/mcp/tool.js';

/** The o200k tokens each tool set's tools/list entries cost a model, on every request. */
export async function schemaTokens(): Promise<Record<ToolCategory, number>> {
  const encoder = new Tiktoken(o200kBase);
  const lists = await toolListBySet();
  return Object.fromEntries(TOOL_CATEGORIES.map((set) => [set, encoder.encode(lists[set]).length])) as Record<
    ToolCategory,
    number
  >;
}

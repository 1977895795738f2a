import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BrowserClosedError, FirefoxClientError } from '../firefox/index.js';
import type { BrowserHolder } from './browser.js';
import type { ServerOptions } from './options.js';
import { ToolResponse } from './response.js';
import type { ToolDefinition } from './tool.js';
import { ALL_TOOLS } from './tools/index.js';

/** The package's version, found from source (src/mcp) and from the build (dist/src/mcp) alike. */
export const VERSION = ((): string => {
  const require = createRequire(import.meta.url);
  for (const path of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = require(path) as { name?: string; version?: string };
      if (pkg.name === 'firefox-bidi-mcp' && pkg.version) return pkg.version;
    } catch {
      // Not at this depth.
    }
  }
  return 'unknown';
})();

/** A sentence for the model: what went wrong and what to do next. */
function errorText(error: unknown): string {
  if (error instanceof BrowserClosedError) return `${error.message} The next tool call starts a new Firefox.`;
  if (error instanceof FirefoxClientError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `${message}. If this repeats, take a snapshot to see the page, or restart the server.`;
}

async function runTool(tool: ToolDefinition, args: Record<string, unknown>, options: ServerOptions, holder: BrowserHolder): Promise<CallToolResult> {
  const response = new ToolResponse(tool.name);
  try {
    const { client, note } = await holder.client();
    const notes = [...(note ? [note] : []), ...client.takeNotes()];
    await tool.handler(args, { client, options }, response);
    return await response.build(client, [...notes, ...client.takeNotes()]);
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: errorText(error) }] };
  }
}

/** An MCP server with every tool, acting on one session's browser. */
export function createServer(options: ServerOptions, holder: BrowserHolder): McpServer {
  const server = new McpServer(
    { name: 'firefox-bidi-mcp', version: VERSION },
    {
      instructions:
        'Drives a real Firefox. Start with take_snapshot: it lists what is on the page with uids, which click, fill and the other input tools take. Uids stay valid until the page navigates.',
    },
  );
  for (const tool of ALL_TOOLS) {
    const { category: _category, ...annotations } = tool.annotations;
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.schema, annotations }, (args: Record<string, unknown>) =>
      holder.exclusive(() => runTool(tool, args, options, holder)),
    );
  }
  return server;
}

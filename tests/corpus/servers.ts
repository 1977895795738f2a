/**
 * Starts the MCP servers the corpus tasks run on, over stdio with the SDK's client: ours (the built
 * bin, on the embedded Firefox) and Playwright MCP (@playwright/mcp on Debian's Chromium, never a
 * downloaded browser). Both get the same 1280×720 viewport.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallTool, Dialect } from './agent.js';
import { OURS, PLAYWRIGHT_MCP } from './dialects.js';

export const CHROMIUM = '/usr/bin/chromium';
const OUR_BIN = new URL('../../dist/src/mcp/bin.js', import.meta.url).pathname;

export interface RunningServer {
  dialect: Dialect;
  callTool: CallTool;
  close(): Promise<void>;
}

async function connect(dialect: Dialect, args: string[], cleanup: () => void = () => undefined): Promise<RunningServer> {
  const transport = new StdioClientTransport({ command: process.execPath, args, env: process.env as Record<string, string>, stderr: 'pipe' });
  const client = new Client({ name: 'corpus-agent', version: '1.0.0' });
  await client.connect(transport);
  return {
    dialect,
    async callTool(call) {
      const result = (await client.callTool({ name: call.name, arguments: call.args }, undefined, { timeout: 60_000 })) as CallToolResult;
      return { text: result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n'), isError: result.isError === true };
    },
    async close() {
      await client.close();
      cleanup();
    },
  };
}

/** Our server with its default tool sets. */
export function startOurServer(): Promise<RunningServer> {
  return connect(OURS, [OUR_BIN, '--viewport', '1280x720']);
}

/** Playwright MCP, headless on Debian's Chromium, with an in-memory profile. */
export function startPlaywrightMcp(): Promise<RunningServer> {
  const cli = join(createRequire(import.meta.url).resolve('@playwright/mcp/package.json'), '..', 'cli.js');
  const output = mkdtempSync(join(tmpdir(), 'playwright-mcp-'));
  const args = [cli, '--headless', '--isolated', '--browser', 'chromium', '--executable-path', CHROMIUM, '--viewport-size', '1280x720', '--output-dir', output];
  // Chromium refuses to run as root with its sandbox (CI runs as root).
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return connect(PLAYWRIGHT_MCP, args, () => rmSync(output, { recursive: true, force: true }));
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { BrowserHolder } from '../../src/mcp/browser.js';
import { expect } from 'vitest';

/** The built server, as an MCP client would start it. */
export const SERVER_BIN = new URL('../../dist/src/mcp/bin.js', import.meta.url).pathname;

/** Starts the built server over stdio with the SDK's own client. */
export async function startStdioServer(
  args: string[] = [],
  env: Record<string, string> = {},
  cwd?: string,
  /** Folders the client announces as its MCP roots. */
  roots?: string[],
): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_BIN, ...args],
    ...(cwd === undefined ? {} : { cwd }),
    // The whole environment: Firefox must inherit the test run's marker (see global-setup).
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  const client = new Client(
    { name: 'firefox-bidi-mcp-tests', version: '1.0.0' },
    roots ? { capabilities: { roots: {} } } : {},
  );
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots.map((root) => ({ uri: pathToFileURL(root).href })),
    }));
  await client.connect(transport);
  return { client, transport };
}

/** The built server listening over Streamable HTTP, started by startHttpServer. */
export interface RunningHttpServer {
  child: ChildProcess;
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  /** Lines the server wrote to stderr so far. */
  output: string[];
}

/**
 * Starts the built server with --port 0 (in `cwd`, with `env` added) and waits for the line that says where it listens.
 */
export async function startHttpServer(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, [SERVER_BIN, '--port', '0', ...args], {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
      output.push(line);
      const match = /listening on (\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output.join('\n')}`)));
  });
  return { child, url, output };
}

/**
 * Stops a server started by startHttpServer with SIGTERM, as a person would, and waits until it has exited (at once if
 * it already has).
 */
export async function stopHttpServer(server: RunningHttpServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** Calls a tool and returns its result, typed. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a tool result. */
export function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

/**
 * Runs a function in the page with evaluate_script (uids as element arguments) and returns its JSON result; fails the
 * test if the call fails.
 */
export async function evaluateInPage(client: Client, fn: string, uids: string[] = []): Promise<unknown> {
  const result = await call(client, 'evaluate_script', {
    function: fn,
    ...(uids.length > 0 ? { args: uids.map((uid) => ({ uid })) } : {}),
  });
  expect(result.isError, text(result)).toBeFalsy();
  const json = /```json\n([\s\S]*?)\n```/.exec(text(result))?.[1];
  if (json === undefined) throw new Error(`No JSON in the evaluate_script answer:\n${text(result)}`);
  return JSON.parse(json) as unknown;
}

/** The uid of the first snapshot line with this role and name. */
export function uidOf(snapshot: string, role: string, name: string): string {
  // A snapshot line starts with its uid (after the indent); a row line keeps its controls in place, [3_9 checkbox
  // "Pick"].
  const escaped = ` ${role} ${JSON.stringify(name)}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const uid = new RegExp(String.raw`(?:^[\s+~-]*|\[)(\d+_\d+)${escaped}`, 'm').exec(snapshot)?.[1];
  if (!uid) throw new Error(`No ${role} "${name}" in the snapshot:\n${snapshot}`);
  return uid;
}

/**
 * The server's own code in this process, linked to the SDK client in memory: for tests that
 * watch the server from inside (its event loop). Close it to close its Firefox.
 */
export async function startInProcessServer(
  args: string[] = [],
): Promise<{ client: Client; holder: BrowserHolder; close: () => Promise<void> }> {
  const [{ InMemoryTransport }, { BrowserHolder }, { parseOptions }, { createServer }] = await Promise.all([
    import('@modelcontextprotocol/sdk/inMemory.js'),
    import('../../src/mcp/browser.js'),
    import('../../src/mcp/options.js'),
    import('../../src/mcp/server.js'),
  ]);
  const options = parseOptions(args, {});
  const holder = BrowserHolder.ownBrowser(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer(options, holder).connect(serverSide);
  const client = new Client({ name: 'firefox-bidi-mcp-tests', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    holder,
    close: async () => {
      await client.close();
      await holder.close();
    },
  };
}

/**
 * Starts the servers the corpus tasks run on. MCP servers over stdio with the SDK's client: ours
 * (the built bin, on the embedded Firefox) and Playwright MCP (@playwright/mcp on Debian's Chromium,
 * never a downloaded browser). Shell tools run as a shell runs them, one process per command: our
 * `firefox-bidi` and `playwright-cli` (@playwright/cli, on the same Chromium). All get a 1280×720
 * viewport.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TOOL_SETS } from '../../src/mcp/tool-sets.js';
import { CLI_BIN, runBin, type BinRun } from '../helpers/processes.js';
import type { CallTool, Dialect } from './agent.js';
import { OURS, OURS_CLI, PLAYWRIGHT_CLI, PLAYWRIGHT_MCP } from './dialects.js';

export const CHROMIUM = '/usr/bin/chromium';
const OUR_BIN = new URL('../../dist/src/mcp/bin.js', import.meta.url).pathname;

export interface RunningServer {
  dialect: Dialect;
  callTool: CallTool;
  /** An MCP server's tools/list, as JSON: what a model carries on every request. */
  toolList?(): Promise<string>;
  close(): Promise<void>;
}

async function connect(
  dialect: Dialect,
  args: string[],
  cleanup: () => void = () => undefined,
): Promise<RunningServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: process.env as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'corpus-agent', version: '1.0.0' });
  await client.connect(transport);
  return {
    dialect,
    async callTool(call) {
      const result = (await client.callTool({ name: call.name, arguments: call.args }, undefined, {
        timeout: 60_000,
      })) as CallToolResult;
      return {
        text: result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n'),
        isError: result.isError === true,
      };
    },
    async toolList() {
      return JSON.stringify((await client.listTools()).tools);
    },
    async close() {
      await client.close();
      cleanup();
    },
  };
}

/**
 * Our server with its default tool sets; `witness`: with witness_snapshot as well, for tests that check every reading;
 * `args`: more of the bin's options (--output-dir).
 */
export function startOurServer(options: { witness?: boolean; args?: string[] } = {}): Promise<RunningServer> {
  const tools = options.witness ? ['--tools', [...DEFAULT_TOOL_SETS, 'witness'].join(',')] : [];
  return connect(OURS, [OUR_BIN, '--viewport', '1280x720', ...tools, ...(options.args ?? [])]);
}

/** Playwright MCP, headless on Debian's Chromium, with an in-memory profile. */
export function startPlaywrightMcp(): Promise<RunningServer> {
  const cli = join(createRequire(import.meta.url).resolve('@playwright/mcp/package.json'), '..', 'cli.js');
  const output = mkdtempSync(join(tmpdir(), 'playwright-mcp-'));
  const args = [
    cli,
    '--headless',
    '--isolated',
    '--browser',
    'chromium',
    '--executable-path',
    CHROMIUM,
    '--viewport-size',
    '1280x720',
    '--output-dir',
    output,
  ];
  // Chromium refuses to run as root with its sandbox (CI runs as root).
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return connect(PLAYWRIGHT_MCP, args, () => rmSync(output, { recursive: true, force: true }));
}

/**
 * A shell tool as a server: each call is one command; the answer is what the command printed (stderr too when it
 * failed).
 */
function shell(
  dialect: Dialect,
  run: (argv: readonly string[]) => Promise<BinRun>,
  close: () => Promise<void>,
): RunningServer {
  return {
    dialect,
    async callTool(call) {
      const result = await run([call.name, ...((call.args.argv as string[] | undefined) ?? [])]);
      const isError = result.code !== 0 || result.stdout.startsWith('### Error');
      return { text: isError ? `${result.stdout}${result.stderr}`.trim() : result.stdout, isError };
    },
    close,
  };
}

/** Our `firefox-bidi`, with a daemon home and a working folder of its own (the daemon starts before the first task). */
export async function startOurCli(): Promise<RunningServer> {
  const work = mkdtempSync(join(tmpdir(), 'firefox-bidi-cli-work-'));
  const env = { ...process.env, FIREFOX_BIDI_HOME: mkdtempSync(join(tmpdir(), 'firefox-bidi-cli-home-')) };
  const run = (argv: readonly string[]): Promise<BinRun> => runBin(CLI_BIN, argv, work, env);
  const started = await run(['--viewport', '1280x720', 'pages']);
  if (started.code !== 0) throw new Error(`firefox-bidi did not start: ${started.stderr}`);
  return shell(OURS_CLI, run, async () => {
    await run(['stop']);
    rmSync(work, { recursive: true, force: true });
    rmSync(env.FIREFOX_BIDI_HOME, { recursive: true, force: true });
  });
}

/** `playwright-cli` headless on Debian's Chromium, configured by a cli.config.json in a working folder of its own. */
export async function startPlaywrightCli(): Promise<RunningServer> {
  const bin = join(createRequire(import.meta.url).resolve('@playwright/cli/package.json'), '..', 'playwright-cli.js');
  const work = mkdtempSync(join(tmpdir(), 'playwright-cli-work-'));
  mkdirSync(join(work, '.playwright'));
  const launchOptions = {
    executablePath: CHROMIUM,
    headless: true,
    ...(process.getuid?.() === 0 ? { chromiumSandbox: false } : {}),
  };
  writeFileSync(
    join(work, '.playwright/cli.config.json'),
    JSON.stringify({
      browser: { browserName: 'chromium', launchOptions, contextOptions: { viewport: { width: 1280, height: 720 } } },
    }),
  );
  const run = (argv: readonly string[]): Promise<BinRun> => runBin(bin, argv, work);
  const started = await run(['open']);
  if (started.code !== 0) throw new Error(`playwright-cli did not start: ${started.stdout}${started.stderr}`);
  return shell(PLAYWRIGHT_CLI, run, async () => {
    await run(['close']);
    rmSync(work, { recursive: true, force: true });
  });
}

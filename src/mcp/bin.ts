#!/usr/bin/env node
// The firefox-bidi-mcp command: an MCP server that drives Firefox over WebDriver BiDi, on stdio
// (default) or Streamable HTTP (--port). Protocol messages only on stdout; everything else on stderr.
import { FirefoxClient, findFirefox } from '../firefox/index.js';
import { BrowserHolder } from './browser.js';
import { startHttpServer } from './http.js';
import { flagsHelp } from './flags.js';
import { OptionsError, parseOptions } from './options.js';
import { createServer, VERSION } from './server.js';
import { StdioTransport } from './stdio.js';

const HELP = `firefox-bidi-mcp ${VERSION}: Firefox for MCP clients, over WebDriver BiDi

Usage:
  firefox-bidi-mcp [flags]    serve MCP on stdio (or Streamable HTTP with --port)
  firefox-bidi-mcp check      find Firefox, launch it headless, open a session, close it
  firefox-bidi-mcp --version | --help

Flags (environment variable in the middle column):
${flagsHelp()
  .split('\n')
  .map((row) => `  ${row.replace(/^\| /, '').replace(/ \|$/, '').replaceAll(' | ', '   ').replaceAll('`', '')}`)
  .join('\n')}`;

async function check(): Promise<void> {
  console.error(`Firefox binary: ${findFirefox()}`);
  const started = performance.now();
  const client = await FirefoxClient.launch();
  try {
    console.error(
      `Launched Firefox ${client.browser.browserVersion} and opened a BiDi session in ${Math.round(performance.now() - started)} ms.`,
    );
  } finally {
    await client.close();
  }
  console.error('Closed Firefox and removed its temporary profile. All good.');
}

/** Closes the browser(s) once, then exits: for stdin closing, SIGINT and SIGTERM alike. */
function exitOnShutdown(close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(0), 10_000);
    force.unref();
    void close().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--version' || argv[0] === '-v') {
    console.log(VERSION);
    return;
  }
  if (argv[0] === '--help' || argv[0] === '-h') {
    console.log(HELP);
    return;
  }
  if (argv[0] === 'check') return check();
  const options = parseOptions(argv);
  if (options.port !== undefined) {
    const http = await startHttpServer(options);
    console.error(`firefox-bidi-mcp ${VERSION} listening on ${http.url}`);
    // The operator's link to watch every session: a secret, printed only here, where the token is.
    console.error(`Live view of every session (keep this link to yourself): ${http.viewUrl}`);
    if (http.token && !options.token)
      console.error(
        `Clients must send "Authorization: Bearer ${http.token}" (generated for this run; set --token to choose one).`,
      );
    exitOnShutdown(() => http.close());
    return;
  }
  const holder = BrowserHolder.ownBrowser(options);
  await createServer(options, holder).connect(new StdioTransport());
  exitOnShutdown(() => holder.close());
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof OptionsError ? error.message : error instanceof Error ? error.message : String(error));
  process.exit(error instanceof OptionsError ? 2 : 1);
});

#!/usr/bin/env node
// The firefox-bidi-mcp command. The MCP server itself (stdio and Streamable HTTP) is being built;
// until it lands, the command checks that this machine can run Firefox over WebDriver BiDi.
import { FirefoxClient, findFirefox } from '../index.js';

const HELP = `firefox-bidi-mcp — drive a real Firefox over WebDriver BiDi

Usage:
  firefox-bidi-mcp check      find Firefox, launch it headless, open a session, close it
  firefox-bidi-mcp --version
  firefox-bidi-mcp --help

The MCP server (stdio and Streamable HTTP) is not part of this version yet.`;

async function check(): Promise<void> {
  const binary = findFirefox();
  console.error(`Firefox binary: ${binary}`);
  const started = performance.now();
  const client = await FirefoxClient.launch();
  try {
    console.error(`Launched Firefox ${client.browserVersion} and opened a BiDi session in ${Math.round(performance.now() - started)} ms.`);
    const roundTrip = performance.now();
    await client.evaluate('() => 1');
    console.error(`A script round trip took ${(performance.now() - roundTrip).toFixed(1)} ms.`);
  } finally {
    await client.close();
  }
  console.error('Closed Firefox and removed its temporary profile. All good.');
}

const command = process.argv[2];
if (command === '--version' || command === '-v') {
  const { createRequire } = await import('node:module');
  const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string };
  console.log(pkg.version);
} else if (command === 'check') {
  await check().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
} else {
  console.log(HELP);
  if (command !== undefined && command !== '--help' && command !== '-h') {
    console.error(`\nUnknown command "${command}".`);
    process.exitCode = 2;
  }
}

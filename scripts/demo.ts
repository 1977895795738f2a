// The main job on the embedded default: start the firefox-bidi-mcp server (stdio, a local headless
// Firefox, no geckodriver) with the MCP SDK's own client, and play what an agent does on the
// bundled demo page (or the URL given): open it, read it, fill the form, submit, check the result.
// Usage: npm run demo [-- <url>] [-- --headed]
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { serveDirectory } from './lib/serve.js';

const args = process.argv.slice(2);
const target = args.find((arg) => !arg.startsWith('--'));
const server = target ? undefined : await serveDirectory(fileURLToPath(new URL('./pages', import.meta.url)));
const url = target ?? `${server ? server.origin : ''}/demo.html`;

const bin = fileURLToPath(new URL('../dist/src/mcp/bin.js', import.meta.url));
const client = new Client({ name: 'firefox-bidi-mcp-demo', version: '1.0.0' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...(args.includes('--headed') ? ['--headed'] : [])],
    stderr: 'inherit',
  }),
);

async function tool(name: string, toolArgs: Record<string, unknown> = {}): Promise<string> {
  const started = performance.now();
  const result = (await client.callTool({ name, arguments: toolArgs })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
  console.log(
    `\n> ${name} ${JSON.stringify(toolArgs)}  (${Math.round(performance.now() - started)} ms${result.isError ? ', error' : ''})\n${text}`,
  );
  return text;
}

function uid(snapshot: string, pattern: RegExp): string | undefined {
  // Each snapshot line starts with its uid.
  return snapshot
    .split('\n')
    .find((line) => pattern.test(line))
    ?.match(/^\s*(\d+_\d+) /)?.[1];
}

try {
  await tool('navigate_page', { url });
  const snapshot = await tool('take_snapshot');
  const email = uid(snapshot, /textbox "Email"/);
  const password = uid(snapshot, /textbox "Password"/);
  const submit = uid(snapshot, /button "Sign in"$/);
  if (email && password && submit) {
    await tool('fill_form', {
      elements: [
        { uid: email, value: 'ada@example.com' },
        { uid: password, value: 'correct horse' },
      ],
    });
    await tool('click', { uid: submit });
    await tool('wait_for', { text: ['Welcome'] });
  } else {
    console.log(
      '\n(No sign-in form with Email, Password and "Sign in" on this page: fill_form, click and wait_for are left out.)',
    );
  }
  await tool('list_console_messages');
  await tool('list_network_requests');
  await tool('take_screenshot', { filePath: `demo-${new Date().toISOString().replace(/[:.]/g, '-')}.png` });
} finally {
  await client.close();
  await server?.close();
}
console.log('\nThe client closed the server; Firefox and its temporary profile are gone.');

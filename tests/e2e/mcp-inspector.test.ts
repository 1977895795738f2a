import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_BIN } from '../helpers/mcp.js';

const run = promisify(execFile);
const INSPECTOR = new URL('../../node_modules/.bin/mcp-inspector', import.meta.url).pathname;

/** Runs the official MCP Inspector in command-line mode against the built server over stdio. */
async function inspector(...args: string[]): Promise<unknown> {
  const { stdout } = await run(INSPECTOR, ['--cli', process.execPath, SERVER_BIN, ...args], { timeout: 60_000 });
  return JSON.parse(stdout);
}

describe('the official MCP Inspector (CLI mode)', () => {
  it('lists the tools', async () => {
    const listed = (await inspector('--method', 'tools/list')) as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['navigate_page', 'take_snapshot', 'click', 'evaluate_script']),
    );
  });

  it('calls a tool (a data: URL, which the user opened with --allow-data-urls)', async () => {
    const result = (await inspector(
      '--allow-data-urls',
      '--method',
      'tools/call',
      '--tool-name',
      'navigate_page',
      '--tool-arg',
      'url=data:text/html,<title>Inspected</title>',
    )) as {
      content: { text: string }[];
    };
    expect(result.content[0]?.text).toContain('Navigated to data:text/html,<title>Inspected</title>');
  });
});

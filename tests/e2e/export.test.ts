/**
 * A session's recording exported as scripts that run on their own: the checkout task of the
 * corpus done by an agent through the real MCP server (stdio, the SDK's client), exported with the
 * export_script tool, then the `ts` script run with tsx on this package's client (Firefox) and the
 * Playwright file run by @playwright/test on Debian's Chromium, each checking every step's effect
 * against the app; the same scripts pointed at a copy of the app whose button was renamed fail.
 * (The webdriver script runs on the real Selenium Grid: grid.test.ts.)
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTask } from '../corpus/apps/app.js';
import { checkoutApp } from '../corpus/apps/checkout.js';
import { McpAgent } from '../corpus/agent.js';
import { OURS } from '../corpus/dialects.js';
import { startCorpusServer } from '../corpus/index.js';
import { CHROMIUM } from '../corpus/servers.js';
import { call, startStdioServer, text } from '../helpers/mcp.js';
import { emptyProject } from '../helpers/scripts.js';
import type { TestServer } from '../helpers/server.js';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const EMAIL = 'ada@example.com';

let corpus: TestServer;
let broken: TestServer;
/** Where the session ran and the scripts were written. */
let work: string;
/**
 * A fresh, empty folder outside the repository, as a user's would be: no package.json (so tsx
 * compiles a .ts file as CommonJS there), with this package and @playwright/test installed (linked,
 * as `npm install <folder>` does), where the exported scripts are run.
 */
let fresh: string;
const scripts: Record<string, string> = {};

interface Run {
  code: number;
  output: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      { cwd: fresh, env: { ...process.env, ...env }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

beforeAll(async () => {
  corpus = await startCorpusServer();
  broken = await startCorpusServer({
    alter: (path, html) =>
      path === checkoutApp.path ? html.replace('>Place order</button>', '>Submit</button>') : html,
  });
  mkdirSync(join(ROOT, 'temp'), { recursive: true });
  work = mkdtempSync(join(ROOT, 'temp', 'export-e2e-'));
  writeFileSync(join(work, 'secrets.env'), `EMAIL=${EMAIL}\n`);
  // The agent does the task; the session exports its steps in each format.
  const { client } = await startStdioServer([
    '--output-dir',
    join(work, 'out'),
    '--viewport',
    '1280x720',
    '--secrets',
    join(work, 'secrets.env'),
    '--tools',
    'pages,snapshot,input,script,recording',
  ]);
  try {
    const agent = new McpAgent(
      OURS,
      async (toolCall) => {
        const args =
          toolCall.args.value === EMAIL ? { ...toolCall.args, value: '<secret>EMAIL</secret>' } : toolCall.args;
        const result = await call(client, toolCall.name, args);
        return { text: text(result), isError: result.isError === true };
      },
      corpus.origin,
    );
    await (checkoutApp.tasks[0] as AppTask).run(agent);
    for (const [format, file] of [
      ['ts', 'checkout.ts'],
      ['playwright', 'checkout.spec.ts'],
    ] as const) {
      const answer = await call(client, 'export_script', { format, filePath: file });
      expect(text(answer), text(answer)).toMatch(
        new RegExp(`Wrote the \\d+ steps of this session as a ${format} script`),
      );
      scripts[format] = join(work, 'out', file);
    }
  } finally {
    await client.close();
  }
  expect(readdirSync(join(work, 'out')).filter((name) => name.startsWith('recording-'))).toHaveLength(1);
  fresh = emptyProject(['firefox-bidi-mcp', '@playwright/test']);
  for (const [format, file] of Object.entries(scripts)) {
    copyFileSync(file, join(fresh, basename(file)));
    scripts[format] = join(fresh, basename(file));
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([corpus.close(), broken.close()]);
  rmSync(work, { recursive: true, force: true });
  if (fresh) rmSync(fresh, { recursive: true, force: true });
});

describe('an exported script', () => {
  it('holds no secret, and reads it from the environment', () => {
    for (const file of Object.values(scripts)) {
      const script = readFileSync(file, 'utf8');
      expect(script).not.toContain(EMAIL);
      expect(script).toContain("secret('EMAIL')");
    }
  });

  it('ts: runs with tsx on Firefox in an empty folder outside any ES-module package, every step checked, and fails on the broken copy', async () => {
    const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
    const green = await run(tsx, [scripts.ts ?? ''], { EMAIL });
    expect(green.code, green.output).toBe(0);
    const missing = await run(tsx, [scripts.ts ?? '']);
    expect(missing.code).not.toBe(0);
    expect(missing.output).toContain('Set the environment variables EMAIL first');
    const moved = join(fresh, 'checkout-broken.ts');
    writeFileSync(moved, readFileSync(scripts.ts ?? '', 'utf8').replaceAll(corpus.origin, broken.origin));
    const red = await run(tsx, [moved], { EMAIL });
    expect(red.code).not.toBe(0);
    expect(red.output).toMatch(/button "Place order"/);
  }, 120_000);

  it("playwright: runs with @playwright/test on Debian's Chromium, and fails on the broken copy", async () => {
    const config = join(fresh, 'playwright.config.mjs');
    writeFileSync(
      config,
      `export default { testDir: '.', outputDir: './results', testMatch: /\\.spec\\.ts$/, timeout: 60000, expect: { timeout: 5000 }, workers: 1, reporter: 'line', use: { headless: true, actionTimeout: 5000, launchOptions: { executablePath: ${JSON.stringify(CHROMIUM)} } } };\n`,
    );
    const cli = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
    const green = await run(process.execPath, [cli, 'test', '--config', config, 'checkout.spec.ts'], { EMAIL });
    expect(green.code, green.output).toBe(0);
    expect(green.output).toMatch(/1 passed/);
    writeFileSync(
      join(fresh, 'checkout-broken.spec.ts'),
      readFileSync(scripts.playwright ?? '', 'utf8').replaceAll(corpus.origin, broken.origin),
    );
    const red = await run(process.execPath, [cli, 'test', '--config', config, 'checkout-broken.spec.ts'], { EMAIL });
    expect(red.code).not.toBe(0);
    expect(red.output).toMatch(/Place order/);
  }, 180_000);
});

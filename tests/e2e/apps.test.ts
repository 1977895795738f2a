import { afterAll, beforeAll, describe, it } from 'vitest';
import { McpAgent } from '../corpus/agent.js';
import { APPS } from '../corpus/apps/index.js';
import { startCorpusServer } from '../corpus/index.js';
import { startOurServer, type RunningServer } from '../corpus/servers.js';
import type { TestServer } from '../helpers/server.js';

/**
 * The real-app corpus (tests/corpus/apps): every task a user gives an agent on a date picker, a
 * data grid, rich-text and code editors, a custom select, Ionic's overlays and a notes app that
 * saves its DOM, run through the real server as an agent runs it (references read from the
 * answers' text only), then checked in the app's own state and saved content. bench/apps.bench.ts
 * runs the same tasks through Playwright MCP beside ours.
 */

let corpus: TestServer;
let server: RunningServer;

beforeAll(async () => {
  corpus = await startCorpusServer();
  server = await startOurServer();
});

afterAll(async () => {
  await server.close();
  await corpus.close();
});

for (const app of APPS) {
  describe(app.library, () => {
    for (const task of app.tasks) {
      it(`${task.id}: ${task.ask}`, async () => {
        const agent = new McpAgent(server.dialect, server.callTool, corpus.origin);
        await task.run(agent);
        await task.check(agent);
      });
    }
  });
}

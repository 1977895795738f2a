/**
 * A session's timeline (issue 52): a 50-step session through our MCP server (stdio, the built bin) on an ordinary page,
 * once with the timeline's pictures (the default) and once without (--no-timeline-pictures), the two taking turns
 * five steps at a time, each five back to back. Printed: the steps' time with and without pictures, the
 * timeline's size on disk, and save_timeline's time and file size.
 * Usage: npm run bench:timeline
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startOurServer, type RunningServer } from '../tests/corpus/servers.js';
import { page, startTestServer } from '../tests/helpers/server.js';
import { formatMs, formatTable } from './lib.js';

const STEPS = 50;
/** Steps one session takes before the other's turn: they take turns so that a busy machine slows both alike. */
const BLOCK = 5;

const site = await startTestServer({
  '/form.html': page(
    'Orders',
    `<main style="font: 16px sans-serif; margin: 24px">
       <h1>Orders</h1>
       <p><label>Note <input id="note" size="30"></label></p>
       <p><button onclick="count.textContent = Number(count.textContent) + 1">Add a line</button> Lines: <output id="count">0</output></p>
       <ul id="list"></ul>
     </main>`,
  ),
});

/** Calls a tool and returns its text; an error ends the bench. */
async function answered(server: RunningServer, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const answer = await server.callTool({ name, args });
  if (answer.isError) throw new Error(`${name} failed: ${answer.text}`);
  return answer.text;
}

/** The uid of the first line of a snapshot that matches `pattern`. */
function uidIn(snapshot: string, pattern: RegExp): string {
  const uid = new RegExp(`(\\d+_\\d+) ${pattern.source}`).exec(snapshot)?.[1];
  if (!uid) throw new Error(`no ${pattern.source} in the snapshot`);
  return uid;
}

/** Bytes under `dir`, every file counted. */
function bytesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => statSync(join(dir, name)))
    .filter((stat) => stat.isFile())
    .reduce((sum, stat) => sum + stat.size, 0);
}

interface Session {
  label: string;
  server: RunningServer;
  dir: string;
  add: string;
  note: string;
  ms: number;
}

async function open(label: string, args: string[]): Promise<Session> {
  const dir = mkdtempSync(join(tmpdir(), 'timeline-bench-'));
  const server = await startOurServer({ args: ['--output-dir', dir, '--tools', 'all', ...args] });
  await answered(server, 'navigate_page', { url: `${site.origin}/form.html` });
  const snapshot = await answered(server, 'take_snapshot');
  return {
    label,
    server,
    dir,
    add: uidIn(snapshot, /button "Add a line"/),
    note: uidIn(snapshot, /textbox "Note"/),
    ms: 0,
  };
}

const sessions = [await open('with pictures', []), await open('without pictures', ['--no-timeline-pictures'])];
try {
  // Back to back within a block, as an agent's fastest calls come: a picture not taken yet holds the next call.
  for (let block = 0; block < STEPS; block += BLOCK) {
    for (const session of sessions) {
      const started = performance.now();
      for (let step = block; step < block + BLOCK; step++) {
        if (step % 2 === 0) await answered(session.server, 'click', { uid: session.add });
        else await answered(session.server, 'fill', { uid: session.note, value: `Line ${step}` });
      }
      session.ms += performance.now() - started;
    }
  }
  const rows: string[][] = [];
  for (const session of sessions) {
    // The call after the last step waits for its picture: the timeline then holds all 50.
    const started = performance.now();
    const said = await answered(session.server, 'save_timeline', { filePath: 'timeline.html' });
    const saveMs = performance.now() - started;
    const path = /to (\S+\.html)\./.exec(said)?.[1] ?? '';
    const html = statSync(path).size;
    const folder = readdirSync(session.dir).find((name) => name.startsWith('timeline-')) ?? '';
    rows.push([
      session.label,
      formatMs(session.ms / STEPS),
      `${(bytesUnder(join(session.dir, folder)) / 1024).toFixed(0)} KiB`,
      formatMs(saveMs),
      `${(html / 1024).toFixed(0)} KiB`,
    ]);
  }
  const [pictured, bare] = sessions;
  console.log(`A ${STEPS}-step session (clicks and fills taking turns) on an ordinary page:\n`);
  console.log(formatTable(['session', 'step (mean)', 'timeline on disk', 'save_timeline', 'HTML file'], rows));
  console.log(
    `\nSteps with pictures ÷ without: ${((pictured?.ms ?? 0) / (bare?.ms ?? 1)).toFixed(2)}× (calls back to back: a picture is taken once a step's answer is out, while an agent would read it, and a call that comes before it is taken waits).`,
  );
} finally {
  for (const session of sessions) {
    await session.server.close();
    rmSync(session.dir, { recursive: true, force: true });
  }
  await site.close();
}

/**
 * A session's timeline (issue 52): a 50-step session through our MCP server (stdio, the built bin) on an ordinary page,
 * once with the timeline's pictures (the default) and once without (--no-timeline-pictures). Paced as an agent's (each
 * answer read before the next call): the pictures taken, the timeline's size on disk, save_timeline's time and file
 * size. Then 50 steps back to back, the two sessions taking turns five at a time: a step's time with and without.
 * Usage: npm run bench:timeline
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { startOurServer, type RunningServer } from '../tests/corpus/servers.js';
import { page, startTestServer } from '../tests/helpers/server.js';
import { formatMs, formatTable } from './lib.js';

const STEPS = 50;
/** How long an agent takes to read an answer, at the least: longer than the timeline's rest before a picture. */
const AGENT_READS_MS = 500;
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

/** Step `step` of a session: clicks and fills taking turns. */
async function takeStep(session: Session, step: number): Promise<void> {
  if (step % 2 === 0) await answered(session.server, 'click', { uid: session.add });
  else await answered(session.server, 'fill', { uid: session.note, value: `Line ${step}` });
}

const sessions = [await open('with pictures', []), await open('without pictures', ['--no-timeline-pictures'])];
try {
  // Paced as an agent reads each answer before its next call (longer than the rest a picture waits for): each session
  // takes its 50 steps, then writes its timeline.
  const rows: string[][] = [];
  for (const session of sessions) {
    for (let step = 0; step < STEPS; step++) {
      await takeStep(session, step);
      await delay(AGENT_READS_MS);
    }
    const started = performance.now();
    const said = await answered(session.server, 'save_timeline', { filePath: 'timeline.html' });
    const saveMs = performance.now() - started;
    const path = /to (\S+\.html)\./.exec(said)?.[1] ?? '';
    const pictures = /(\d+) pictures?/.exec(said)?.[1] ?? '?';
    const folder = readdirSync(session.dir).find((name) => name.startsWith('timeline-')) ?? '';
    rows.push([
      session.label,
      pictures,
      `${(bytesUnder(join(session.dir, folder)) / 1024).toFixed(0)} KiB`,
      formatMs(saveMs),
      `${(statSync(path).size / 1024).toFixed(0)} KiB`,
    ]);
  }
  console.log(`A ${STEPS}-step session (clicks and fills taking turns) on an ordinary page, paced as an agent's:\n`);
  console.log(formatTable(['session', 'pictures', 'timeline on disk', 'save_timeline', 'HTML file'], rows));

  // Back to back within a block, as a program's calls come: a picture waits for the session to rest, so it holds a call
  // only when one comes just as it is taken.
  for (let block = 0; block < STEPS; block += BLOCK) {
    for (const session of sessions) {
      const started = performance.now();
      for (let step = block; step < block + BLOCK; step++) await takeStep(session, step);
      session.ms += performance.now() - started;
    }
  }
  const [pictured, bare] = sessions;
  console.log(
    `\n${STEPS} steps back to back, five at a time: ${formatMs((pictured?.ms ?? 0) / STEPS)} a step with pictures, ${formatMs((bare?.ms ?? 0) / STEPS)} without: ${((pictured?.ms ?? 0) / (bare?.ms ?? 1)).toFixed(2)}×.`,
  );
} finally {
  for (const session of sessions) {
    await session.server.close();
    rmSync(session.dir, { recursive: true, force: true });
  }
  await site.close();
}

// Snapshots a URL, or the bundled demo page, prints the text a model would read and saves the
// text and JSON under temp/ for debugging.
// Usage: npm run snapshot [-- <url>] [-- --no-stamp] [-- --out <dir inside the working directory>]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FirefoxClient } from '../src/index.js';
import { serveDirectory } from './lib/serve.js';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const saveTo = outIndex >= 0 ? (args[outIndex + 1] ?? 'temp') : 'temp';
const target = args.find((arg, index) => !arg.startsWith('--') && (outIndex < 0 || index !== outIndex + 1));

const server = target ? undefined : await serveDirectory(fileURLToPath(new URL('./pages', import.meta.url)));
const url = target ?? `${server ? server.origin : ''}/demo.html`;
const client = await FirefoxClient.launch();
try {
  await client.page.navigate(url);
  const started = performance.now();
  const snapshot = await client.page.takeSnapshot({ stamp: !args.includes('--no-stamp') });
  const elapsed = performance.now() - started;
  console.log(snapshot.text);
  console.error(
    `\n${snapshot.stats.kept} elements kept of ${snapshot.stats.visited} visited; walk ${snapshot.stats.ms} ms in the page, ${Math.round(elapsed)} ms end to end; ${snapshot.text.length} characters.`,
  );
  // The client writes no files of its own: what to keep, and where, is the caller's to choose.
  const base = join(saveTo, `snapshot-${new Date().toISOString().replace(/[:.]/g, '-')}-${snapshot.id}`);
  mkdirSync(saveTo, { recursive: true });
  const { text, ...json } = snapshot;
  writeFileSync(`${base}.txt`, `${text}\n`);
  writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  console.error(`Saved ${base}.txt and ${base}.json`);
} finally {
  await client.close();
  await server?.close();
}

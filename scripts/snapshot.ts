// Snapshots a URL, or the bundled demo page, prints the text a model would read and saves the
// text and JSON under temp/ for debugging.
// Usage: npm run snapshot [-- <url>] [-- --no-stamp] [-- --out <dir inside the working directory>]
import { fileURLToPath } from 'node:url';
import { FirefoxClient } from '../src/index.js';
import { serveDirectory } from './lib/serve.js';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const saveTo = outIndex >= 0 ? args[outIndex + 1] ?? 'temp' : 'temp';
const target = args.find((arg, index) => !arg.startsWith('--') && index !== outIndex + 1);

const server = target ? undefined : await serveDirectory(fileURLToPath(new URL('./pages', import.meta.url)));
const url = target ?? `${server ? server.origin : ''}/demo.html`;
const client = await FirefoxClient.launch();
try {
  await client.page.navigate(url);
  const started = performance.now();
  const snapshot = await client.page.takeSnapshot({ saveTo, stamp: !args.includes('--no-stamp') });
  const elapsed = performance.now() - started;
  console.log(snapshot.text);
  console.error(
    `\n${snapshot.stats.kept} elements kept of ${snapshot.stats.visited} visited; walk ${snapshot.stats.ms} ms in the page, ${Math.round(elapsed)} ms end to end; ${snapshot.text.length} characters.`,
  );
  console.error(`Saved ${snapshot.savedTo?.text ?? ''} and ${snapshot.savedTo?.json ?? ''}`);
} finally {
  await client.close();
  await server?.close();
}

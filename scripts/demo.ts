// The main job on the embedded default: launch a local headless Firefox (no geckodriver), open a
// page (the bundled demo page, or the URL given), and show what the client sees.
// Usage: npm run demo [-- <url>] [-- --headed]
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { FirefoxClient } from '../src/index.js';
import { serveDirectory } from './lib/serve.js';

const args = process.argv.slice(2);
const headed = args.includes('--headed');
const target = args.find((arg) => !arg.startsWith('--'));

const server = target ? undefined : await serveDirectory(fileURLToPath(new URL('./pages', import.meta.url)));
const url = target ?? `${server ? server.origin : ''}/demo.html`;
const started = performance.now();
const client = await FirefoxClient.launch({ headless: !headed });
try {
  console.log(`Firefox ${client.browserVersion} ready in ${Math.round(performance.now() - started)} ms (pid ${client.pid ?? '?'}, ${headed ? 'headed' : 'headless'})`);
  const navigated = performance.now();
  await client.navigate(url);
  console.log(`Loaded ${url} in ${Math.round(performance.now() - navigated)} ms\n`);
  await new Promise((resolve) => setTimeout(resolve, 300)); // Let the page's own requests finish.

  console.log('Pages:');
  for (const page of await client.listPages()) console.log(`  ${page.selected ? '*' : ' '} [${page.index}] ${page.title || '(no title)'} — ${page.url}`);

  console.log('\nConsole:');
  for (const message of client.getConsoleMessages()) console.log(`  ${message.level.padEnd(5)} ${message.text}`);

  console.log('\nNetwork:');
  for (const request of client.getNetworkRequests()) {
    console.log(`  ${request.method} ${String(request.status ?? request.failure ?? 'pending').padEnd(3)} ${request.resourceType.padEnd(8)} ${request.url}`);
  }

  const headings = await client.evaluate(() => [...document.querySelectorAll('h1, h2, h3')].map((heading) => heading.textContent.trim()));
  console.log(`\nHeadings: ${JSON.stringify(headings)}`);

  const dir = join(process.cwd(), 'temp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `demo-${new Date().toISOString().replace(/[:.]/g, '-')}.png`);
  writeFileSync(file, await client.screenshot());
  console.log(`Screenshot: ${file}`);
} finally {
  await client.close();
  await server?.close();
}
console.log('Closed Firefox and removed its temporary profile.');

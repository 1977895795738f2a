/**
 * What site isolation costs and buys (issue 8). Memory: PSS of Firefox's whole process tree with
 * the old lean prefs (one content process) and with today's (Fission: a process per site), for
 * one page and for four pages on four sites. Time: the responsiveness probe each call makes,
 * against the floor (a trivial BiDi round trip), and a snapshot of one page while another page
 * loops, against the same snapshot with no loop. Exits non-zero only on errors, never on figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FirefoxClient, PageUnresponsiveError, type PrefValue } from '../src/index.js';
import { formatTable, run, statsTable } from './lib.js';

const LEAN: Record<string, PrefValue> = { 'fission.autostart': false, 'dom.ipc.processCount': 1 };
const HOSTS = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];
const PAGE = `<!doctype html><title>site</title><h1>A site</h1>${Array.from({ length: 200 }, (_, i) => `<p>Paragraph ${i} with <a href="#${i}">a link</a></p>`).join('')}`;
const LOOP = `<!doctype html><title>loop</title><script>setTimeout(() => { for (;;) {} }, 100);</script>`;

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** One server per loopback address: four sites, as far as Firefox's process model goes. */
async function serveSites(): Promise<{ urls: string[]; close: () => Promise<void> }> {
  const servers: Server[] = [];
  const urls: string[] = [];
  for (const host of HOSTS) {
    const server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(request.url?.startsWith('/loop') ? LOOP : PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    servers.push(server);
    urls.push(`http://${host}:${(server.address() as AddressInfo).port}/`);
  }
  return {
    urls,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

/** Proportional set size of every process in Firefox's process group, in MB. */
function firefoxPss(pid: number): { mb: number; processes: number } {
  let kb = 0;
  let processes = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (group !== pid) continue;
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8'));
      kb += Number(pss?.[1] ?? 0);
      processes++;
    } catch {
      // The process ended while being read.
    }
  }
  return { mb: kb / 1024, processes };
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

async function memory(label: string, prefs: Record<string, PrefValue>, urls: string[]): Promise<string[][]> {
  const client = await FirefoxClient.launch({ prefs });
  try {
    const pid = client.browser.pid ?? 0;
    await client.page.navigate(urls[0] ?? '');
    await settle();
    const one = firefoxPss(pid);
    for (const url of urls.slice(1)) await client.userContext.newPage(url);
    await settle();
    const four = firefoxPss(pid);
    return [
      [label, '1 page, 1 site', one.processes.toString(), one.mb.toFixed(0)],
      [label, `${urls.length} pages, ${urls.length} sites`, four.processes.toString(), four.mb.toFixed(0)],
    ];
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  const sites = await serveSites();
  try {
    progress('Memory with one content process, then with a process per site…');
    const rows = [
      ...(await memory('lean (fission off, 1 process)', LEAN, sites.urls)),
      ...(await memory('default (Fission)', {}, sites.urls)),
    ];

    progress('Probe and snapshots, with and without a looping page…');
    const client = await FirefoxClient.launch();
    try {
      await client.page.navigate(sites.urls[0] ?? '');
      const context = client.page.id;
      const floor = await run('floor: bidi session.status', () => client.browser.bidi.send('session.status', {}), {
        iterations: 200,
        warmup: 20,
      });
      const probe = await run(
        'responsiveness probe (script.evaluate in the sandbox)',
        () =>
          client.browser.bidi.send('script.evaluate', {
            expression: '0',
            awaitPromise: false,
            target: { context, sandbox: 'firefox-bidi-mcp' },
          }),
        {
          iterations: 200,
          warmup: 20,
        },
      );
      const quiet = await run('snapshot, no other page looping', () => client.page.takeSnapshot(), {
        iterations: 30,
        warmup: 5,
      });
      await client.userContext.newPage(`${sites.urls[1] ?? ''}loop`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = performance.now();
      const detected = await client.page.takeSnapshot().then(
        () => 'answered',
        (error: unknown) => (error instanceof PageUnresponsiveError ? 'not responding' : String(error)),
      );
      const detection = performance.now() - started;
      await client.userContext.selectPage(0);
      const busy = await run('snapshot while another site loops', () => client.page.takeSnapshot(), {
        iterations: 30,
        warmup: 5,
      });
      console.log(
        `\nIsolation bench — Firefox ${client.browser.browserVersion}, Node ${process.version}, ${new Date().toISOString()}\n`,
      );
      console.log(formatTable(['prefs', 'pages', 'processes', 'PSS MB'], rows));
      console.log(
        `\nA snapshot of the looping page: ${detected} after ${detection.toFixed(0)} ms (the probe waits up to 3000 ms).\n`,
      );
      console.log(statsTable([floor, probe, quiet, busy], floor));
    } finally {
      await client.close();
    }
  } finally {
    await sites.close();
  }
}

main().catch((error: unknown) => {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
});

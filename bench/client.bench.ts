/**
 * FirefoxClient against a real headless Firefox: launch and close, then the cost of the
 * common calls, each as a ratio to the floor — a trivial BiDi round trip (`session.status`)
 * measured in the same run. Run with `npm run bench`. Exits non-zero only on errors, never
 * on timings.
 */
import { performance } from 'node:perf_hooks';
import { FirefoxClient } from '../src/index.js';
import { run, servePage, statsTable, summarize, type PageServer, type Stats } from './lib.js';

const LAUNCHES = 5;
const LAUNCH_WARMUP = 1;
const FLOOR_ITERATIONS = 200;
const EVALUATE_ITERATIONS = 200;
const NAVIGATE_ITERATIONS = 30;
const SCREENSHOT_ITERATIONS = 20;

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>bench page</title></head>
<body>
  <h1>Benchmark page</h1>
  <p>A small page with a few elements: <a href="#one">one</a>, <a href="#two">two</a>.</p>
  <ul>${Array.from({ length: 20 }, (_, i) => `<li>item ${i}</li>`).join('')}</ul>
  <button type="button">Press</button>
</body>
</html>`;

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

/**
 * Launches Firefox `LAUNCH_WARMUP + LAUNCHES` times; times launch-to-ready and close of the last `LAUNCHES`. `empty`:
 * every profile starts from nothing, without the start-up files kept from a first start.
 */
async function measureLaunch(empty = false): Promise<{ launch: Stats; close: Stats; version: string }> {
  const launchTimes: number[] = [];
  const closeTimes: number[] = [];
  let version = '';
  for (let i = 0; i < LAUNCH_WARMUP + LAUNCHES; i++) {
    const start = performance.now();
    const client = await FirefoxClient.launch({ reuseStartUpFiles: !empty });
    const launched = performance.now() - start;
    let closed: number;
    try {
      version = client.browser.browserVersion;
    } finally {
      const closeStart = performance.now();
      await client.close();
      closed = performance.now() - closeStart;
    }
    if (i >= LAUNCH_WARMUP) {
      launchTimes.push(launched);
      closeTimes.push(closed);
    }
    progress(
      `  launch ${i + 1}/${LAUNCH_WARMUP + LAUNCHES}${i < LAUNCH_WARMUP ? ' (warm-up)' : ''}: ${launched.toFixed(0)} ms, close ${closed.toFixed(0)} ms`,
    );
  }
  const label = empty ? ', empty profile' : '';
  return {
    launch: summarize(`launch-to-ready${label}`, launchTimes),
    close: summarize(`close${label}`, closeTimes),
    version,
  };
}

/** The per-call measures, on one browser. */
async function measureCalls(server: PageServer): Promise<{ floor: Stats; others: Stats[] }> {
  const client = await FirefoxClient.launch();
  try {
    // Sanity checks first, so a broken call fails loudly instead of timing an error path.
    await client.page.navigate(server.url);
    const one = await client.page.evaluate('() => 1');
    if (one !== 1) throw new Error(`evaluate('() => 1') returned ${JSON.stringify(one)}, expected 1.`);
    const { image: png } = await client.page.screenshot();
    if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a')
      throw new Error('screenshot() did not return a PNG.');

    progress('  floor: session.status');
    const floor = await run('floor: bidi session.status', () => client.browser.bidi.send('session.status', {}), {
      iterations: FLOOR_ITERATIONS,
      warmup: 20,
    });
    progress("  evaluate('() => 1')");
    const evaluate = await run("evaluate('() => 1')", () => client.page.evaluate('() => 1'), {
      iterations: EVALUATE_ITERATIONS,
      warmup: 20,
    });
    progress('  navigate');
    // A distinct query string each time, so every iteration is a full document load.
    const navigate = await run('navigate (wait complete)', (i) => client.page.navigate(`${server.url}?i=${i}`), {
      iterations: NAVIGATE_ITERATIONS,
      warmup: 3,
    });
    progress('  screenshot');
    const screenshot = await run('screenshot (PNG, viewport)', () => client.page.screenshot(), {
      iterations: SCREENSHOT_ITERATIONS,
      warmup: 3,
    });
    return { floor, others: [evaluate, navigate, screenshot] };
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  const server = await servePage(PAGE);
  try {
    const started = performance.now();
    progress(`Launching Firefox ${LAUNCH_WARMUP + LAUNCHES} times…`);
    const { launch, close, version } = await measureLaunch();
    const empty = await measureLaunch(true);
    progress('Per-call measures on one browser…');
    const { floor, others } = await measureCalls(server);
    const total = (performance.now() - started) / 1000;

    const header = `FirefoxClient bench — Firefox ${version}, Node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}`;
    console.log(`\n${header}\n`);
    console.log(statsTable([floor, ...others, launch, close, empty.launch, empty.close], floor));
    console.log(
      `\nratio-to-floor = median / median of the floor (${floor.name}) in this run; total ${total.toFixed(1)} s.`,
    );
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
});

/**
 * What request bodies and request rules cost a page load: a page with 60 images, navigated with
 * `wait: 'complete'`, in four set-ups against the floor of the same load with neither:
 *
 * 1. bodies kept (the default: a BiDi data collector) or not (`collectBodies: false`);
 * 2. a request rule that matches nothing, so every request is held and let through (a round trip each);
 * 3. a mock rule that answers the 60 images itself.
 *
 * One Firefox per body setting, one after the other. Run with `npm run bench:network`. Exits
 * non-zero on errors, or when a mocked load did not use the mocks, never on timings.
 */
import { FirefoxClient } from '../src/index.js';
import { run, serveSite, statsTable, type Stats } from './lib.js';

const IMAGES = 60;
const ROUNDS = 15;
const WARMUP = 2;

async function main(): Promise<void> {
  const images = Array.from({ length: IMAGES }, (_, i) => `<img src="/res/${i}.png" width="8" height="8">`).join('');
  const site = await serveSite(
    () => ({ '/page.html': `<!doctype html><title>Images</title><h1>Images</h1>${images}` }),
    'x'.repeat(3000),
  );
  const url = `${site.origin}/page.html`;
  const results: Stats[] = [];
  try {
    for (const collectBodies of [false, true]) {
      const label = collectBodies ? 'bodies kept' : 'no bodies';
      const client = await FirefoxClient.launch({ collectBodies });
      try {
        const load = async (): Promise<void> => {
          await client.page.navigate(url);
        };
        results.push(await run(`navigate, ${IMAGES} images (${label})`, load, { iterations: ROUNDS, warmup: WARMUP }));
        await client.userContext.route({ urlPattern: '*/matches-nothing/*', action: 'block' });
        results.push(
          await run(`… with a rule holding every request (${label})`, load, { iterations: ROUNDS, warmup: WARMUP }),
        );
        await client.userContext.unroute();
        const mock = await client.userContext.route({
          urlPattern: '*/res/*',
          action: 'mock',
          body: new Uint8Array(3000),
          contentType: 'image/png',
        });
        results.push(
          await run(`… the ${IMAGES} images mocked (${label})`, load, { iterations: ROUNDS, warmup: WARMUP }),
        );
        const hits = client.userContext.routes().find((rule) => rule.id === mock.id)?.hits ?? 0;
        if (hits < IMAGES * (ROUNDS + WARMUP))
          throw new Error(`The mock answered ${hits} requests; ${IMAGES * (ROUNDS + WARMUP)} were expected.`);
      } finally {
        await client.close();
      }
    }
  } finally {
    await site.close();
  }
  const floor = results[0] as Stats;
  console.log(
    `\nNetwork bench — a page of ${IMAGES} images, ${ROUNDS} timed loads each after ${WARMUP} untimed; the floor is the first row.\n`,
  );
  console.log(statsTable(results, floor));
}

main().catch((error: unknown) => {
  console.error('Network bench failed:', error);
  process.exitCode = 1;
});

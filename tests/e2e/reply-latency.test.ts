/**
 * Replies that Firefox writes in more than one piece. Firefox leaves Nagle's algorithm on for the
 * Remote Agent's socket and Linux delays a lone ACK by about 40 ms; without the client's prompt ACK
 * (src/bidi/prompt-ack.ts) each of these calls costs 40–50 ms instead of a few. The ACK timer only
 * bites once a connection has settled into question-and-answer turns, and a connection with a long
 * history may not be in that state, so this file has a Firefox of its own.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirefoxClient } from '../../src/index.js';

let client: FirefoxClient;

beforeAll(async () => {
  client = await FirefoxClient.launch();
});

afterAll(async () => {
  await client.close();
});

/** Medians of `rounds` timings of each call, taken in turns so that a busy machine slows them alike. */
async function interleavedMedians(rounds: number, calls: (() => Promise<unknown>)[]): Promise<number[]> {
  const samples = calls.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, call] of calls.entries()) {
      const start = performance.now();
      await call();
      samples[index]?.push(performance.now() - start);
    }
  }
  return samples.map((times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN);
}

describe('replies that Firefox writes in more than one piece', () => {
  it('answer as fast after an event (a console message) as without one (median of 9 each, at most 3×)', async () => {
    const plain = () => client.page.evaluate(() => 1);
    const logged = () =>
      client.page.evaluate(() => {
        console.log('an event written just before the answer');
        return 1;
      });
    const [withoutEvent = 0, withEvent = 0] = await interleavedMedians(9, [plain, logged]);
    expect(
      client.page.getConsoleMessages().filter((message) => message.text === 'an event written just before the answer'),
    ).toHaveLength(9);
    expect(
      withEvent,
      `with an event: ${withEvent.toFixed(1)} ms, without: ${withoutEvent.toFixed(1)} ms`,
    ).toBeLessThanOrEqual(3 * withoutEvent);
  });

  it('come as fast at 60,000 characters as at 30,000, give or take the size (median of 9 each, at most 3×)', async () => {
    const reply = (size: number) => () => client.page.evaluate((n: number) => 'x'.repeat(n), [size]);
    const [at30k = 0, at60k = 0] = await interleavedMedians(9, [reply(30_000), reply(60_000)]);
    expect(await reply(60_000)()).toHaveLength(60_000);
    expect(at60k, `60,000 characters: ${at60k.toFixed(1)} ms, 30,000: ${at30k.toFixed(1)} ms`).toBeLessThanOrEqual(
      3 * at30k,
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHostileRecording, hostileRecording } from '../helpers/hostile-recordings.js';

describe('a recording is a stranger’s file', () => {
  it('bent by a hostile hand, it is refused with a clear error, or read and exported with every value a value (bench:fuzz runs more)', () => {
    const outcomes = { refused: 0, read: 0 };
    fc.assert(
      fc.property(hostileRecording, (value) => {
        outcomes[checkHostileRecording(value)]++;
      }),
      { numRuns: 300, seed: Number(process.env.FUZZ_SEED ?? 48) },
    );
    // Both sides are exercised: recordings that read, and bent ones that are refused.
    expect(outcomes.read).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(20);
  }, 60_000);
});

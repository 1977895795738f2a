import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeSize, readFileWithin } from '../../src/firefox/policy/bounded-read.js';

const work = mkdtempSync(join(tmpdir(), 'ffmcp-bounded-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('readFileWithin', () => {
  it('refuses a file larger than the limit from its size, at once', () => {
    const huge = join(work, 'huge.bin');
    writeFileSync(huge, '');
    truncateSync(huge, 2 * 1024 ** 3); // Sparse: no disk used.
    const started = performance.now();
    expect(() => readFileWithin(huge, 10 * 1024 * 1024, 'a mocked body', 'huge.bin')).toThrow(
      '"huge.bin" is 2.0 GB (2147483648 bytes); a mocked body may be at most 10.0 MB (10485760 bytes). Give a smaller file.',
    );
    // Not a speed: reading 2 GB takes seconds, so this fails only if the file was read (100 ms failed on a busy CI).
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a file of exactly the limit, and one byte more is refused', () => {
    const file = join(work, 'exact.txt');
    writeFileSync(file, 'abcde');
    expect(readFileWithin(file, 5, 'it').toString()).toBe('abcde');
    expect(() => readFileWithin(file, 4, 'it')).toThrow('is 5 bytes; it may be at most 4 bytes.');
    writeFileSync(file, '');
    expect(readFileWithin(file, 4, 'it').length).toBe(0);
  });

  it('reads a file whose size the kernel does not tell (/proc) in bounded steps', () => {
    const status = readFileWithin('/proc/self/status', 1024 * 1024, 'it').toString();
    expect(status).toContain('Pid:');
    expect(() => readFileWithin('/proc/self/status', 10, 'it')).toThrow(
      'is over 10 bytes; it may be at most 10 bytes.',
    );
  });

  it('refuses a fifo without waiting for a writer', () => {
    const fifo = join(work, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => readFileWithin(fifo, 100, 'it')).toThrow('is not a regular file');
  });
});

describe('describeSize', () => {
  it('says sizes the way people read them, with the exact bytes', () => {
    expect([0, 1023, 1024, 1536, 10 * 1024 * 1024].map(describeSize)).toEqual([
      '0 bytes',
      '1023 bytes',
      '1.0 KB (1024 bytes)',
      '1.5 KB (1536 bytes)',
      '10.0 MB (10485760 bytes)',
    ]);
  });
});

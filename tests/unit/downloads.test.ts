import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DownloadLog } from '../../src/firefox/user-context/downloads.js';
import { mountSmallDisk, unmountSmallDisk } from '../helpers/small-disk.js';

const disk = mountSmallDisk('ffmcp-downloads-');

describe.skipIf('skip' in disk)('the download log on a disk that fills', () => {
  const dir = 'dir' in disk ? disk.dir : '';
  afterAll(() => {
    vi.useRealTimers();
    unmountSmallDisk(dir);
  });

  it('says a download failed for lack of space when its disk filled while it ran, though its end came after Firefox freed it', () => {
    vi.useFakeTimers();
    const log = new DownloadLog();
    log.folder = dir;
    const start = {
      context: 'tab',
      navigation: 'nav-1',
      download: 'download-1',
      url: 'http://127.0.0.1/big.bin',
      suggestedFilename: 'big.bin',
    };
    log.onWillBegin({ ...start, timestamp: 0 });
    // Firefox writes until the disk is full, then removes its partial file; the end is heard after that.
    const part = join(dir, 'big.x1y2z3w4.bin.part');
    expect(() => writeFileSync(part, Buffer.alloc(2 * 1024 * 1024))).toThrow(/ENOSPC/);
    vi.advanceTimersByTime(100);
    rmSync(part);
    log.onEnd({ ...start, status: 'canceled', timestamp: 1 });
    expect(log.list()[0]?.failure).toBe('disk full');
    expect(log.takeNotes().join('\n')).toMatch(/canceled for lack of space/);
    expect(log.size).toBe(1);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DownloadLog } from '../../src/firefox/user-context/downloads.js';

/** A 1 MiB tmpfs (root only, as CI runs), or why there can be none here. */
function smallDisk(): { dir: string } | { skip: string } {
  if (process.getuid?.() !== 0) return { skip: 'not root: mounting a small tmpfs needs root (CI runs as root)' };
  const dir = mkdtempSync(join(tmpdir(), 'ffmcp-downloads-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `mount -t tmpfs failed (${String(error)})` };
  }
}

const disk = smallDisk();
// Printed so a skipped run says why.
if ('skip' in disk) console.warn(`[downloads.test] skipped: ${disk.skip}.`);

describe.skipIf('skip' in disk)('the download log on a disk that fills', () => {
  const dir = 'dir' in disk ? disk.dir : '';
  afterAll(() => {
    vi.useRealTimers();
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
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

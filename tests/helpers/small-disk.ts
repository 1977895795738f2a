import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh 1 MiB tmpfs in a folder named from `prefix`, or why there can be none here (printed, so a skip says why). */
export function mountSmallDisk(prefix: string): { dir: string } | { skip: string } {
  const found = ((): { dir: string } | { skip: string } => {
    if (process.getuid?.() !== 0) return { skip: 'not root: mounting a small tmpfs needs root (CI runs as root)' };
    const dir = mkdtempSync(join(tmpdir(), prefix));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
      return { dir };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      return { skip: `mount -t tmpfs failed (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})` };
    }
  })();
  if ('skip' in found) console.warn(`[${prefix}] skipped: ${found.skip}.`);
  return found;
}

/** Unmounts and removes a disk mountSmallDisk made. */
export function unmountSmallDisk(dir: string): void {
  execFileSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
}

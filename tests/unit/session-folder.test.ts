import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mainFolder, newSessionFolder } from '../../src/mcp/session-folder.js';

let out: string;

beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'ffmcp-session-folder-'));
});

afterEach(() => {
  rmSync(out, { recursive: true, force: true });
});

describe('session folders', () => {
  it('gives each HTTP session a folder of its own under sessions/, 0700, named by 128 random bits, hiding the others', () => {
    const first = newSessionFolder(out);
    const second = newSessionFolder(out);
    expect(first.dir).not.toBe(second.dir);
    for (const folder of [first, second]) {
      expect(basename(folder.dir)).toMatch(/^[0-9a-f]{32}$/);
      expect(folder.downloads).toBe(join(folder.dir, 'downloads'));
      expect(statSync(folder.dir).mode & 0o777).toBe(0o700);
      expect(statSync(folder.downloads).mode & 0o777).toBe(0o700);
      expect(folder.hidden).toEqual([join(out, 'sessions')]);
    }
    expect(statSync(join(out, 'sessions')).mode & 0o777).toBe(0o700);
  });

  it('removes an empty folder when the session ends and keeps one holding files', () => {
    const empty = newSessionFolder(out);
    const used = newSessionFolder(out);
    writeFileSync(join(used.downloads, 'report.bin'), 'kept');
    empty.release();
    used.release();
    expect(existsSync(empty.dir)).toBe(false);
    expect(readdirSync(join(out, 'sessions'))).toEqual([basename(used.dir)]);
    expect(existsSync(join(used.downloads, 'report.bin'))).toBe(true);
  });

  it("gives stdio's one session the output directory itself, with the HTTP sessions' folders out of reach", () => {
    expect(mainFolder(out)).toMatchObject({
      dir: out,
      downloads: join(out, 'downloads'),
      hidden: [join(out, 'sessions')],
    });
  });
});

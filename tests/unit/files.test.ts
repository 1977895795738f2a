import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilePolicy, rootPaths } from '../../src/firefox/policy/files.js';

let out: string;
let outside: string;

beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'ffmcp-files-out-'));
  outside = mkdtempSync(join(tmpdir(), 'ffmcp-files-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'secret');
});

afterEach(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('FilePolicy', () => {
  it('writes inside the output directory, creating folders, and refuses symlinks that lead out', () => {
    const files = new FilePolicy(out);
    expect(files.write('a/b/c.txt', 'ok')).toBe(join(out, 'a/b/c.txt'));
    expect(readFileSync(join(out, 'a/b/c.txt'), 'utf8')).toBe('ok');
    symlinkSync(outside, join(out, 'dir-link'));
    symlinkSync(join(outside, 'secret.txt'), join(out, 'file-link.txt'));
    expect(() => files.write('dir-link/x.txt', 'no')).toThrow(/leads outside the output directory.*through a symlink/);
    expect(() => files.write('dir-link/new/deeper/x.txt', 'no')).toThrow(/leads outside/);
    expect(() => files.write('file-link.txt', 'no')).toThrow(/leads outside/);
    expect(() => files.write('../escape.txt', 'no')).toThrow(/leads outside/);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('reads only regular files inside the allowed folders and the client roots, after resolving symlinks', async () => {
    mkdirSync(join(out, 'sub'));
    writeFileSync(join(out, 'sub', 'ok.txt'), 'ok');
    symlinkSync(join(outside, 'secret.txt'), join(out, 'innocent.txt'));
    const files = new FilePolicy(out);
    expect(await files.readable(join(out, 'sub', 'ok.txt'))).toBe(join(out, 'sub', 'ok.txt'));
    await expect(files.readable(join(out, 'innocent.txt'))).rejects.toThrow(
      /really .*secret\.txt.*outside the folders/,
    );
    await expect(files.readable('/etc/hostname')).rejects.toThrow(
      /outside the folders files may be read from.*--allowed-dir/,
    );
    await expect(files.readable(join(out, 'missing.txt'))).rejects.toThrow(/does not exist/);
    await expect(files.readable(join(out, 'sub'))).rejects.toThrow(/not a regular file/);
    expect(await new FilePolicy(out, [outside]).readable(join(outside, 'secret.txt'))).toBe(
      join(outside, 'secret.txt'),
    );
    expect(await new FilePolicy(out, [], () => Promise.resolve([outside])).readable(join(out, 'innocent.txt'))).toBe(
      join(outside, 'secret.txt'),
    );
  });

  it('starts relative paths in the output directory and never reads or writes the working directory by itself', async () => {
    const files = new FilePolicy(out);
    writeFileSync(join(out, 'mine.txt'), 'mine');
    expect(await files.readable('mine.txt')).toBe(join(out, 'mine.txt'));
    const cwdFile = join(process.cwd(), 'package.json');
    await expect(files.readable(cwdFile)).rejects.toThrow(/outside the folders files may be read from/);
    await expect(files.readable('package.json')).rejects.toThrow(
      /does not exist in the output directory .*where relative paths start; give an absolute path/,
    );
    expect(() => files.write(join(process.cwd(), 'written-by-test.txt'), 'no')).toThrow(
      /leads outside the output directory/,
    );
    expect(() => files.write('../.git/config', 'no')).toThrow(/leads outside the output directory/);
  });

  it("keeps other sessions' folders out of reach, even inside an allowed folder or a root, and a session's own folder in reach", async () => {
    const sessions = join(out, 'sessions');
    for (const id of ['a', 'b']) {
      mkdirSync(join(sessions, id), { recursive: true });
      writeFileSync(join(sessions, id, 'state.json'), id);
    }
    const bob = new FilePolicy(join(sessions, 'b'), [out], () => Promise.resolve(['/']), [sessions]);
    expect(await bob.readable('state.json')).toBe(join(sessions, 'b', 'state.json'));
    for (const path of [join(sessions, 'a', 'state.json'), '../a/state.json', join(sessions, 'a', 'missing.json')]) {
      await expect(bob.readable(path), path).rejects.toThrow(/outside the folders files may be read from/);
    }
    expect(() => bob.write('../a/state.json', 'overwritten')).toThrow(/leads outside the output directory/);
    expect(readFileSync(join(sessions, 'a', 'state.json'), 'utf8')).toBe('a');
    // The stdio server's output directory holds the sessions folder: it reaches none of it.
    const main = new FilePolicy(out, [], () => Promise.resolve([]), [sessions]);
    await expect(main.readable('sessions/a/state.json')).rejects.toThrow(/outside the folders/);
    expect(() => main.write('sessions/a/state.json', 'overwritten')).toThrow(/leads outside the output directory/);
    expect(main.write('fine.txt', 'ok')).toBe(join(out, 'fine.txt'));
  });

  it('takes file: roots as folders and ignores other URIs', () => {
    expect(rootPaths([pathToFileURL(outside).href, 'https://example.com/', 'not a uri'])).toEqual([outside]);
  });
});

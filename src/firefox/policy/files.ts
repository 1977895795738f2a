import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileWriteError, InvalidArgumentError } from '../errors.js';
import { quote } from '../util/text.js';

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** `path` with every symlink resolved, for the part that exists; the rest is appended as written. */
function realPath(path: string): string {
  const missing: string[] = [];
  let existing = path;
  for (;;) {
    try {
      return join(realpathSync(existing), ...missing.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return path;
      missing.push(basename(existing));
      existing = parent;
    }
  }
}

/** Why a file could not be written, said so that the caller knows nothing of it is left and what to do. */
function writeFailure(error: unknown, filePath: string, dir: string): FileWriteError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? `the disk holding ${dir} is full (${code}). Free some space on it, or write to a folder on another disk (for the server: --output-dir)`
      : `${error instanceof Error ? error.message : String(error)}. Check that the folder exists and may be written`;
  return new FileWriteError(`Could not save ${quote(filePath)}: ${why}; nothing of it was left behind.`, {
    cause: error,
  });
}

/**
 * Writes a file whole or not at all: under a temporary name beside it (O_EXCL, O_NOFOLLOW: never
 * through a link), renamed over `target` once complete, so a full disk or a crash never leaves a
 * truncated file, and a file already there stays as it was until the new one is whole.
 */
export function writeWhole(target: string, data: string | Uint8Array, mode: number, shownAs = target): void {
  const dir = dirname(target);
  const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  try {
    mkdirSync(dir, { recursive: true });
    const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    try {
      fchmodSync(fd, mode);
      writeFileSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw writeFailure(error, shownAs, dir);
  }
}

/** Root folders the client announced (MCP roots), as paths; none when it announces none. */
export type RootsProvider = () => Promise<string[]>;

/** MCP roots are file: URIs; anything else names no folder here. */
export function rootPaths(uris: readonly string[]): string[] {
  return uris.flatMap((uri) => {
    try {
      return uri.startsWith('file:') ? [fileURLToPath(uri)] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The one place that decides which files tools may read and write. Paths are judged after every
 * symlink is resolved, so a link inside an allowed folder cannot lead out of it; relative paths
 * start in the output directory, never in the working directory.
 * - Writes (screenshots, saved snapshots, bodies, storage states): only inside the output directory.
 * - Reads (uploads, storage states, mocked bodies, extensions): inside the output directory, the
 *   --allowed-dir folders, or the client's MCP roots.
 * - `hidden` folders (other sessions' output folders) are neither read nor written, whichever
 *   allowed folder or root holds them. The output directory may sit inside one (a session's own
 *   folder inside the folder of all sessions): what lies in it stays its own.
 */
export class FilePolicy {
  constructor(
    private readonly outputDir: string,
    private readonly allowedDirs: readonly string[] = [],
    private readonly roots: RootsProvider = () => Promise.resolve([]),
    private readonly hidden: readonly string[] = [],
  ) {}

  /** The folder files are written to, and relative paths start in. */
  get dir(): string {
    return resolve(this.outputDir);
  }

  /**
   * Writes `data` to `filePath` (relative: in the output directory), refusing anything outside it; `mode` 0o600 keeps a
   * file of secrets to its owner.
   */
  write(filePath: string, data: string | Uint8Array, mode = 0o644): string {
    const outputDir = this.dir;
    try {
      mkdirSync(outputDir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw writeFailure(error, filePath, outputDir);
    }
    const written = resolve(outputDir, filePath);
    const target = realPath(written);
    if (!inside(realPath(outputDir), target) || this.#hidden(target)) {
      throw new InvalidArgumentError(
        `filePath ${quote(filePath)} leads outside the output directory (${outputDir})${target === written ? '' : ` (to ${quote(target)}, through a symlink)`}; files are written only there. Give a path inside it, such as a relative one.`,
      );
    }
    writeWhole(target, data, mode, filePath);
    return target;
  }

  /** The real path of a file a tool may read (relative: in the output directory), or a clear refusal. */
  async readable(path: string): Promise<string> {
    const outputDir = this.dir;
    const given = resolve(outputDir, path);
    const folders = [
      outputDir,
      ...this.allowedDirs.map((dir) => resolve(dir)),
      ...(await this.roots().catch(() => [])).map((root) => resolve(root)),
    ];
    const refusal = (shown: string): InvalidArgumentError =>
      new InvalidArgumentError(
        `File ${quote(path)}${shown} is outside the folders files may be read from (${folders.join(', ')}). Copy it into the output directory, or ask the user to start the server with --allowed-dir <folder>.`,
      );
    // Before asking whether it exists: another session's files are not even confirmed to be there.
    if (this.#hidden(realPath(given))) throw refusal('');
    let real: string;
    try {
      real = realpathSync(given);
    } catch {
      throw new InvalidArgumentError(
        `File ${quote(path)} does not exist${isAbsolute(path) ? '; give the path of an existing file.' : ` in the output directory (${outputDir}), where relative paths start; give an absolute path, or one relative to it.`}`,
      );
    }
    if (this.#hidden(real)) throw refusal('');
    if (!folders.some((folder) => inside(realPath(folder), real)))
      throw refusal(real === given ? '' : ` (really ${quote(real)})`);
    if (!statSync(real).isFile())
      throw new InvalidArgumentError(
        `${quote(path)} is not a regular file; give the path of a file, not a directory or device.`,
      );
    return real;
  }

  /** Whether `real` lies in a hidden folder, other than through the output directory inside that folder. */
  #hidden(real: string): boolean {
    const own = realPath(this.dir);
    return this.hidden.some((folder) => {
      const hiddenDir = realPath(resolve(folder));
      return inside(hiddenDir, real) && !(inside(hiddenDir, own) && inside(own, real));
    });
  }
}

import { closeSync, constants, fchmodSync, mkdirSync, openSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError } from './errors.js';
import { quote } from './text.js';

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
 * symlink is resolved, so a link inside an allowed folder cannot lead out of it.
 * - Writes (screenshots, saved snapshots): inside the output directory or the working directory.
 * - Reads (uploads): inside those, the --allowed-dir folders, or the client's MCP roots.
 */
export class FilePolicy {
  constructor(
    private readonly outputDir: string,
    private readonly allowedDirs: readonly string[] = [],
    private readonly roots: RootsProvider = () => Promise.resolve([]),
  ) {}

  /** Writes `data` to `filePath` (relative: in the output directory), refusing anything outside the allowed folders; `mode` 0o600 keeps a file of secrets to its owner. */
  write(filePath: string, data: string | Uint8Array, mode = 0o644): string {
    const outputDir = resolve(this.outputDir);
    mkdirSync(outputDir, { recursive: true });
    const target = realPath(isAbsolute(filePath) ? resolve(filePath) : resolve(outputDir, filePath));
    const allowed = [realPath(outputDir), realPath(process.cwd())];
    if (!allowed.some((dir) => inside(dir, target))) {
      throw new InvalidArgumentError(
        `filePath ${quote(filePath)} leads outside the output directory (${outputDir}) and the working directory${target === resolve(filePath) ? '' : ` (to ${quote(target)}, through a symlink)`}; give a path inside one of them.`,
      );
    }
    mkdirSync(dirname(target), { recursive: true });
    // O_NOFOLLOW: a symlink put in the file's place after the check is refused, not followed.
    const fd = openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, mode);
    try {
      fchmodSync(fd, mode);
      writeFileSync(fd, data);
    } finally {
      closeSync(fd);
    }
    return target;
  }

  /** The real path of a file a tool may read, or a clear refusal. */
  async readable(path: string): Promise<string> {
    let real: string;
    try {
      real = realpathSync(resolve(path));
    } catch {
      throw new InvalidArgumentError(`File ${quote(path)} does not exist; give the path of an existing file.`);
    }
    const folders = [resolve(this.outputDir), process.cwd(), ...this.allowedDirs, ...(await this.roots().catch(() => []))];
    if (!folders.some((folder) => inside(realPath(resolve(folder)), real))) {
      throw new InvalidArgumentError(
        `File ${quote(path)}${real === resolve(path) ? '' : ` (really ${quote(real)})`} is outside the folders files may be uploaded from (${folders.map((folder) => resolve(folder)).join(', ')}). Copy it into one of them, or ask the user to start the server with --allowed-dir <folder>.`,
      );
    }
    if (!statSync(real).isFile()) throw new InvalidArgumentError(`${quote(path)} is not a regular file; give the path of a file, not a directory or device.`);
    return real;
  }
}

import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, rmdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where one MCP session keeps its files: what it writes (screenshots, snapshots, PDFs, bodies,
 * storage states), its downloads, and the folder its relative paths start in.
 */
export interface SessionFolder {
  /** Absolute. */
  dir: string;
  /** Absolute: `dir`/downloads. */
  downloads: string;
  /** Folders of other sessions, which this one neither reads nor writes, whatever else allows them. */
  hidden: string[];
  /** The session ended: an empty folder is removed; one holding files is kept for the user. */
  release(): void;
}

/** The folder that holds every HTTP session's own folder. */
function sessionsRoot(outputDir: string): string {
  return join(resolve(outputDir), 'sessions');
}

/** A stdio server's one session: the output directory itself (HTTP sessions' folders in it stay out of reach). */
export function mainFolder(outputDir: string): SessionFolder {
  const dir = resolve(outputDir);
  return { dir, downloads: join(dir, 'downloads'), hidden: [sessionsRoot(outputDir)], release: () => undefined };
}

/**
 * A new HTTP session's folder, `<output-dir>/sessions/<128 random bits>/`, readable by the server's
 * user only. Its name appears in this session's answers alone, and is not to be guessed.
 */
export function newSessionFolder(outputDir: string): SessionFolder {
  const root = sessionsRoot(outputDir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  try {
    // A root made by an older version, or by hand, may list its sessions to other users.
    chmodSync(root, 0o700);
  } catch {
    // Not ours to change: each session's folder is 0700 all the same.
  }
  const dir = join(root, randomBytes(16).toString('hex'));
  const downloads = join(dir, 'downloads');
  mkdirSync(downloads, { recursive: true, mode: 0o700 });
  return {
    dir,
    downloads,
    hidden: [root],
    release: () => {
      for (const folder of [downloads, dir]) {
        try {
          rmdirSync(folder);
        } catch {
          // Not empty: the files are the user's, kept where the answers said they were.
        }
      }
    },
  };
}

/**
 * The files a new profile is given so that Firefox starts from its compiled start-up code and the register of its
 * built-in add-ons instead of making them again: kept from one first start of the same Firefox build, in the user's
 * cache folder (on 2 cores a launch then takes 1.9 s instead of 2.7, and a launch and close 3.2 s of CPU instead of
 * 4). Nothing a session does is kept: they are made by a Firefox that only starts and closes, and no cookie, history,
 * storage, permission or installed extension is among them. Firefox itself discards a start-up cache made by another
 * build.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Kept: the compiled start-up code, the profile's build stamp (without it the cache is thrown away), the add-ons. */
const KEPT = ['startupCache', 'compatibility.ini', 'extensions.json', 'addonStartup.json.lz4'] as const;

/** Bumped when what is kept changes: folders of an older layout are left unused. */
const LAYOUT = 1;

/** The folder of start-up files for `executable`'s build (it may not exist yet). */
function folderFor(executable: string, cache: string): string {
  const real = realpathSync(executable);
  const { size, mtimeMs } = statSync(real);
  const key = createHash('sha256')
    .update(JSON.stringify([LAYOUT, real, size, mtimeMs]))
    .digest('hex')
    .slice(0, 16);
  return join(cache, key);
}

/** The user's cache folder for start-up files (XDG_CACHE_HOME, or ~/.cache). */
function cacheFolder(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'firefox-bidi-mcp', 'start-up');
}

/** A folder this user made and holds every kept file: a link, another user's folder or a half-made one is not used. */
function usable(folder: string): boolean {
  try {
    const stat = lstatSync(folder);
    if (!stat.isDirectory() || (process.getuid !== undefined && stat.uid !== process.getuid())) return false;
    return KEPT.every((name) => existsSync(join(folder, name)));
  } catch {
    return false;
  }
}

/**
 * The folder of start-up files for `executable`, made first by `firstStart` (which starts Firefox on the profile it is
 * given and closes it) when there is none; undefined where none can be had (a read-only home): the launch then starts
 * from an empty profile, as Firefox does.
 */
export async function startUpFiles(
  executable: string,
  firstStart: (profileDir: string) => Promise<void>,
): Promise<string | undefined> {
  let making: string | undefined;
  try {
    const cache = cacheFolder();
    const folder = folderFor(executable, cache);
    if (usable(folder)) return folder;
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    leftBehind(cache);
    making = mkdtempSync(join(cache, 'making-'));
    const profile = join(making, 'profile');
    mkdirSync(profile, { mode: 0o700 });
    await firstStart(profile);
    const kept = join(making, 'kept');
    mkdirSync(kept, { mode: 0o700 });
    for (const name of KEPT) cpSync(join(profile, name), join(kept, name), { recursive: true });
    // Made whole, then put in place at once: a launch beside this one sees it whole or not at all.
    if (!usable(folder)) rmSync(folder, { recursive: true, force: true });
    try {
      renameSync(kept, folder);
    } catch {
      // Another launch put its own in place first.
    }
    return usable(folder) ? folder : undefined;
  } catch {
    return undefined;
  } finally {
    if (making) rmSync(making, { recursive: true, force: true });
  }
}

/** A first start takes seconds: a folder still being made after an hour was left by a process that was killed. */
const MAKING_FOR_MS = 3_600_000;

/** Removes what killed first starts left in `cache`. */
function leftBehind(cache: string): void {
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (name.startsWith('making-') && Date.now() - lstatSync(path).mtimeMs > MAKING_FOR_MS)
      rmSync(path, { recursive: true, force: true });
  }
}

/** Gives a new profile the start-up files of `folder`. */
export function seedProfile(folder: string, profileDir: string): void {
  for (const name of KEPT) cpSync(join(folder, name), join(profileDir, name), { recursive: true });
}

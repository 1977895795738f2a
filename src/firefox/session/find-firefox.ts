import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { LaunchError } from '../errors.js';

const COMMAND_NAMES = ['firefox', 'firefox-esr'];
const USUAL_PATHS = [
  '/usr/bin/firefox',
  '/usr/bin/firefox-esr',
  '/usr/lib/firefox/firefox',
  '/usr/lib/firefox-esr/firefox-esr',
  '/opt/firefox/firefox',
  '/snap/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
  'C:\\Program Files\\Mozilla Firefox\\firefox.exe',
];

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Finds a Firefox binary: an explicit path, then FIREFOX_BIN, then `firefox` / `firefox-esr` on
 * PATH, then the usual install locations. Throws a LaunchError that says what to install.
 */
export function findFirefox(explicitPath?: string, env: NodeJS.ProcessEnv = process.env): string {
  for (const [label, path] of [
    ['the given executablePath', explicitPath],
    ['FIREFOX_BIN', env.FIREFOX_BIN],
  ] as const) {
    if (!path) continue;
    if (isExecutableFile(path)) return path;
    throw new LaunchError(
      `${label} is "${path}", which is not an executable file. Point it at a Firefox binary, or unset it to search PATH.`,
    );
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of COMMAND_NAMES) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  const found = USUAL_PATHS.find(isExecutableFile);
  if (found) return found;
  throw new LaunchError(
    'Firefox was not found (looked at FIREFOX_BIN, firefox and firefox-esr on PATH, and the usual install paths). ' +
      'Install it (Debian/Ubuntu: `sudo apt-get install firefox-esr`, or run `npm run setup:firefox` as root), ' +
      'or set FIREFOX_BIN to its binary.',
  );
}

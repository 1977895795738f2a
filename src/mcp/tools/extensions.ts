import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { InvalidArgumentError, oneLine, type Extension, type Extensions } from '../../firefox/index.js';
import { lineWriter, noneLine } from '../answer-frame.js';
import { browserTool } from '../tool.js';

/**
 * The browser's extensions, for a session whose browser is its own: in a shared browser they would reach other
 * sessions' pages.
 */
function ownBrowsers(extensions: Extensions | undefined, what: string): Extensions {
  if (extensions) return extensions;
  throw new InvalidArgumentError(
    `${what} is refused in a user context of a shared browser (newUserContext()): extensions reach every page of the browser, other agents' too. Use the browser's own client, or give the agent a browser of its own (--isolated-browser).`,
  );
}

function line(extension: Extension): string {
  return `${oneLine(extension.id)}: ${oneLine(extension.name)} ${oneLine(extension.version)} (from ${oneLine(extension.path)})`;
}

/** An extension the forms' examples are written from. */
const SAMPLE: Extension = { id: 'walk@example.com', name: 'Walk', version: '1.0', path: '/ext/walk' };
/** An installed extension as a list shows it (hand-written: its id leads the line, and only its end is ours). */
const EXTENSION_FORM = {
  form: 'source entry',
  start: String.raw`\S[^:]*: .*\(from [^()]*\)$`,
  example: line(SAMPLE),
};
const installedLine = lineWriter(
  'browser state',
  'Installed ',
  (extension: Extension) => `${line(extension)}. Reload pages for it to reach them.`,
  [SAMPLE],
);
const noExtensions = noneLine('extensions installed');
const uninstalledLine = lineWriter('browser state', 'Uninstalled ', (extension: Extension) => `${line(extension)}.`, [
  SAMPLE,
]);

export const installExtension = browserTool({
  name: 'install_extension',
  runsAgentCode: true,
  description:
    'Install a temporary browser extension from its folder (with manifest.json) or an .xpi/.zip, until uninstalled or the browser closes. It reaches every page, from their next load.',
  category: 'extensions',
  readOnly: false,
  fileArgs: ['path'],
  lines: [installedLine.form],
  schema: { path: z.string().min(1).describe("The extension's folder, or its .xpi or .zip.") },
  handler: async ({ path: given }, { extensions, files }, response) => {
    // Relative paths start in the output directory, as files.readable takes them.
    const path = resolve(files.dir, given);
    let folder = false;
    try {
      folder = statSync(path).isDirectory();
    } catch {
      // files.readable says what is wrong with it.
    }
    // The same folders as uploads: a folder is judged by its manifest.
    const real = await files.readable(folder ? join(path, 'manifest.json') : path);
    const installed = await ownBrowsers(extensions, 'Installing extensions').install(folder ? dirname(real) : real);
    response.line(installedLine(installed)).structured('extension', installed);
  },
});

export const listExtensions = browserTool({
  name: 'list_extensions',
  description: 'List the extensions installed with install_extension.',
  category: 'extensions',
  readOnly: true,
  lines: [EXTENSION_FORM, noExtensions.form],
  schema: {},
  handler: (_args, { extensions }, response) => {
    const installed = extensions?.list() ?? [];
    response
      .line(installed.length ? installed.map(line).join('\n') : noExtensions())
      .structured('extensions', installed);
  },
});

export const uninstallExtension = browserTool({
  name: 'uninstall_extension',
  description: 'Uninstall an extension by the id install_extension gave.',
  category: 'extensions',
  readOnly: false,
  destructive: true,
  lines: [uninstalledLine.form],
  schema: { id: z.string().min(1).describe('The extension id, such as name@example.com.') },
  handler: async ({ id }, { extensions }, response) => {
    const removed = await ownBrowsers(extensions, 'Uninstalling extensions').uninstall(id);
    response.line(uninstalledLine(removed)).structured('extension', removed);
  },
});

export const extensionTools = [installExtension, listExtensions, uninstallExtension];

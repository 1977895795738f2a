import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { InvalidArgumentError, oneLine, type Extension, type Extensions } from '../../firefox/index.js';
import { browserTool } from '../tool.js';

/**
 * The browser's extensions, for a session whose browser is its own: in a shared browser they would reach other
 * sessions' pages.
 */
function ownBrowsers(extensions: Extensions | undefined, what: string): Extensions {
  if (extensions) return extensions;
  throw new InvalidArgumentError(
    `${what} is refused for a user userContext of a shared browser (newUserContext()): extensions reach every page of the browser, other agents' too. Use the browser's own client, or give the agent a browser of its own (--isolated-browser).`,
  );
}

function line(extension: Extension): string {
  return `${oneLine(extension.id)}: ${oneLine(extension.name)} ${oneLine(extension.version)} (from ${oneLine(extension.path)})`;
}

export const installExtension = browserTool({
  name: 'install_extension',
  description:
    'Install a temporary browser extension from its folder (with manifest.json) or an .xpi/.zip, until uninstalled or the browser closes. It reaches every page, from their next load.',
  category: 'extensions',
  readOnly: false,
  fileArgs: ['path'],
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
    response
      .line(`Installed ${line(installed)}. Reload pages for it to reach them.`)
      .structured('extension', installed);
  },
});

export const listExtensions = browserTool({
  name: 'list_extensions',
  description: 'List the extensions installed with install_extension.',
  category: 'extensions',
  readOnly: true,
  schema: {},
  handler: (_args, { extensions }, response) => {
    const installed = extensions?.list() ?? [];
    response
      .line(installed.length ? installed.map(line).join('\n') : 'No extensions installed.')
      .structured('extensions', installed);
  },
});

export const uninstallExtension = browserTool({
  name: 'uninstall_extension',
  description: 'Uninstall an extension by the id install_extension gave.',
  category: 'extensions',
  readOnly: false,
  destructive: true,
  schema: { id: z.string().min(1).describe('The extension id, such as name@example.com.') },
  handler: async ({ id }, { extensions }, response) => {
    const removed = await ownBrowsers(extensions, 'Uninstalling extensions').uninstall(id);
    response.line(`Uninstalled ${line(removed)}.`).structured('extension', removed);
  },
});

export const extensionTools = [installExtension, listExtensions, uninstallExtension];

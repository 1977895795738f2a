import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { WebExtension } from 'webdriver-bidi-protocol';
import { InvalidArgumentError, type Send } from '../errors.js';
import { quote } from '../util/text.js';

/** An extension this client installed. */
export interface Extension {
  id: string;
  name: string;
  version: string;
  /** The folder or archive it came from. */
  path: string;
}

/** Name and version from a folder's manifest.json, with a clear error when there is none. */
function manifestOf(folder: string): { name: string; version: string } {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  } catch (error) {
    throw new InvalidArgumentError(
      `${quote(folder)} holds no readable manifest.json (${(error as Error).message}); give the folder of a WebExtension, or its .xpi.`,
    );
  }
  const { name, version } = manifest as { name?: unknown; version?: unknown };
  return { name: typeof name === 'string' ? name : '(no name)', version: typeof version === 'string' ? version : '?' };
}

/**
 * Temporary extensions (BiDi webExtension): installed from a folder or an .xpi/.zip archive until
 * uninstalled or the browser closes. They reach every page of the browser, whatever user context.
 */
export class Extensions {
  readonly #installed = new Map<string, Extension>();

  constructor(
    private readonly send: Send,
    /** Whether Firefox runs on this machine, so it can read a folder by its path. */
    private readonly local: boolean,
  ) {}

  async install(path: string): Promise<Extension> {
    const full = resolve(path);
    let folder: boolean;
    try {
      folder = statSync(full).isDirectory();
    } catch {
      throw new InvalidArgumentError(
        `${quote(path)} does not exist; give an extension's folder (with its manifest.json) or its .xpi.`,
      );
    }
    let data: WebExtension.ExtensionData;
    let about: { name: string; version: string };
    if (folder) {
      if (!this.local)
        throw new InvalidArgumentError(
          'Firefox runs on another machine and cannot read a folder here; pack the extension as an .xpi (a zip of the folder) and install that.',
        );
      about = manifestOf(full);
      data = { type: 'path', path: full };
    } else {
      if (!/\.(xpi|zip)$/i.test(full))
        throw new InvalidArgumentError(`${quote(path)} is neither a folder nor an .xpi or .zip archive.`);
      // Sent as bytes, so a Firefox on another machine can install it too.
      data = { type: 'base64', value: readFileSync(full).toString('base64') };
      about = { name: basename(full), version: '?' };
    }
    let id: string;
    try {
      ({ extension: id } = await this.send(
        'webExtension.install',
        { extensionData: data },
        `Installing the extension ${quote(path)}`,
      ));
    } catch (error) {
      const message = (error as Error).message;
      if (/invalid web extension|unknown error/i.test(message))
        throw new InvalidArgumentError(`Firefox refused the extension ${quote(path)}: ${message}`);
      throw error;
    }
    const extension = { id, ...about, path: full };
    this.#installed.set(id, extension);
    return extension;
  }

  async uninstall(id: string): Promise<Extension> {
    const known = this.#installed.get(id);
    if (!known)
      throw new InvalidArgumentError(
        `No extension this client installed has id ${quote(id)}; ${this.#installed.size ? `the ids are ${[...this.#installed.keys()].join(', ')}` : 'none is installed'}.`,
      );
    await this.send('webExtension.uninstall', { extension: id }, `Uninstalling the extension ${quote(id)}`);
    this.#installed.delete(id);
    return known;
  }

  list(): Extension[] {
    return [...this.#installed.values()];
  }
}

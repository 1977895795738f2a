/**
 * Exported scripts as a user meets them: whether TypeScript reads one without a syntax error, and
 * a user's empty folder (no package.json, so tsx compiles a .ts file as CommonJS there) with this
 * package and others installed, linked as `npm install <folder>` does.
 */
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import type { ScriptFormat } from '../../src/index.js';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);

/** A file name for each format's script, by which TypeScript reads it. */
export const SCRIPT_FILE_NAMES: Record<ScriptFormat, string> = {
  ts: 'recorded.ts',
  playwright: 'recorded.spec.ts',
  webdriver: 'recorded.mjs',
};

/** Syntax errors TypeScript finds in a script (types are not checked: the imported packages are not here). */
export function syntaxErrors(code: string, fileName: string): string[] {
  const out = ts.transpileModule(code, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, allowJs: true },
  });
  return (out.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/**
 * A new empty folder outside the repository with `packages` installed (this package by its name, others from the
 * repository's node_modules); its path.
 */
export function emptyProject(packages: readonly string[] = ['firefox-bidi-mcp']): string {
  const folder = mkdtempSync(join(tmpdir(), 'ffmcp-project-'));
  for (const name of packages) {
    const link = join(folder, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(name === 'firefox-bidi-mcp' ? ROOT : join(ROOT, 'node_modules', name), link, 'dir');
  }
  return folder;
}

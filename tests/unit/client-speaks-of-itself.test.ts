/**
 * The client speaks of itself (issue 50): nothing under src/firefox names an MCP tool. The names
 * come from the tool declarations themselves, so a new tool is checked as soon as it is declared:
 * a name with an underscore (take_snapshot, fill_form) anywhere, code or comment; a one-word name
 * (click, fill) only as a switch key, `case 'click'`, since the words are the client's too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inToolWords } from '../../src/mcp/tool-words.js';
import { ALL_TOOLS } from '../../src/mcp/tools/index.js';

const ROOT = join(import.meta.dirname, '../..');
const CLIENT = join(ROOT, 'src/firefox');
/**
 * Not moved yet, and so listed here, line by line, to be emptied: util/answer-lines.ts keeps the
 * examples of the server's answer lines. Any other name that appears in the client fails the test.
 */
const NOT_MOVED_YET = [
  'src/firefox/util/answer-lines.ts:35: handle_dialog',
  'src/firefox/util/answer-lines.ts:72: take_snapshot',
  'src/firefox/util/answer-lines.ts:77: take_snapshot',
  'src/firefox/util/answer-lines.ts:144: take_snapshot',
];

/** Generated from the engine's own modules, which are checked themselves. */
const GENERATED = join(CLIENT, 'engine/bundle.generated.ts');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && path !== GENERATED ? [path] : [];
  });
}

/** Each line of the client that names a tool, as `file:line: name`. */
function toolNamesInClient(): string[] {
  const names = ALL_TOOLS.map((tool) => tool.name);
  const patterns = names.map((name) =>
    name.includes('_')
      ? { name, pattern: new RegExp(`\\b${name}\\b`) }
      : { name, pattern: new RegExp(`case '${name}'`) },
  );
  const found: string[] = [];
  for (const file of sourceFiles(CLIENT)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const { name, pattern } of patterns)
          if (pattern.test(line)) found.push(`${relative(ROOT, file)}:${index + 1}: ${name}`);
      });
  }
  return found;
}

describe('the client', () => {
  it('reads the names from the declarations', () => {
    const names = ALL_TOOLS.map((tool) => tool.name);
    expect(names).toContain('take_snapshot');
    expect(names).toContain('fill_form');
    expect(names).toContain('click');
    expect(sourceFiles(CLIENT).length).toBeGreaterThan(50);
  });

  it('names no MCP tool: its errors speak of its own methods', () => {
    expect(toolNamesInClient()).toEqual(NOT_MOVED_YET);
  });
});

describe('the server', () => {
  it('says a client method an error names as the tool that does it, in one place', () => {
    expect(inToolWords('Answer it first: accept or dismiss it (handleDialog()).')).toBe(
      'Answer it first: accept or dismiss it (handle_dialog).',
    );
    expect(inToolWords('fill or typeText() the first part; page.evaluate(fn) stays')).toBe(
      'fill or type_text the first part; page.evaluate(fn) stays',
    );
  });
});

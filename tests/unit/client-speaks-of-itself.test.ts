/**
 * The client speaks of itself (issue 50): nothing under src/firefox names an MCP tool. The names
 * come from the tool declarations themselves, so a new tool is checked as soon as it is declared:
 * a name with an underscore (take_snapshot, fill_form) anywhere, code or comment; a one-word name
 * (click, fill) only as a switch key, `case 'click'`, since the words are the client's too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesOnlyLine, continuationNote, cutLine, noteLine } from '../../src/mcp/answer-frame.js';
import { inToolWords } from '../../src/mcp/tool-words.js';
import { ALL_TOOLS } from '../../src/mcp/tools/index.js';

const ROOT = join(import.meta.dirname, '../..');
const CLIENT = join(ROOT, 'src/firefox');
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

/** The words the server's answer frame opens its lines with (answer-frame.ts), taken from its writers. */
const FRAME_WORDS = [
  noteLine(''),
  cutLine(0).split(' at ')[0] ?? '',
  changesOnlyLine().split(';')[0] ?? '',
  // "… 1 more character; call again with offset=1": its words, without the numbers.
  (continuationNote({ totalChars: 2, nextOffset: 1, hasMore: true, truncated: true, midLine: false }) ?? '')
    .split('; ')[1]
    ?.replace(/\d+$/, '') ?? '',
];

/**
 * The words an answer line of an action starts with (src/mcp/action-line.ts writes them from the client's data); the
 * client's errors name an action in their own words (`Clicking uid=1_4 …`).
 */
const ANSWER_VERBS = [
  'Clicked ',
  'Filled ',
  'Hovered over',
  'Typed ',
  'Pressed ',
  'Scrolled ',
  'Dragged ',
  'Chose ',
  'Selected ',
  'Set ',
  'Put the caret',
];

/** Each line of the client with a string or template literal that starts with an answer verb, as `file:line: verb`. */
function answerVerbsInClient(): string[] {
  return sourceFiles(CLIENT).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        ANSWER_VERBS.filter((verb) => ['`', "'", '"'].some((mark) => line.includes(mark + verb))).map(
          (verb) => `${relative(ROOT, file)}:${index + 1}: ${verb}`,
        ),
      ),
  );
}

/** Each line of the client that holds words of the server's answer frame, as `file:line: words`. */
function frameWordsInClient(): string[] {
  return sourceFiles(CLIENT).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        FRAME_WORDS.filter((words) => line.includes(words)).map(
          (words) => `${relative(ROOT, file)}:${index + 1}: ${words}`,
        ),
      ),
  );
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
    expect(toolNamesInClient()).toEqual([]);
  });

  it('writes no answer line of an action: it returns what was done as data, and the server words it', () => {
    expect(answerVerbsInClient()).toEqual([]);
  });

  it("writes none of the server's answer frame: its lines' forms and words live in src/mcp", () => {
    expect(FRAME_WORDS).toEqual(['Note: ', '(The answer was cut', '(Only what changed', 'call again with offset=']);
    expect(frameWordsInClient()).toEqual([]);
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

import { describe, expect, it } from 'vitest';
import { editorLines, textDifference } from '../../src/firefox/page/input/editor-text.js';

describe('editorLines', () => {
  it('reads line breaks of any kind as one, no-break spaces as spaces, and ignores blank lines and trailing spaces', () => {
    expect(editorLines('a\r\n\n  b\u00a0 \rc\u200b\n\n')).toEqual(['a', '  b', 'c']);
  });
});

describe('textDifference', () => {
  it('finds none where an editor shows the text with its own paragraph breaks', () => {
    expect(textDifference('{\n  "a": 1\n}', '{\n\n  "a":\u00a01\n\n}\n')).toBeUndefined();
  });

  it('says which line differs and how', () => {
    expect(textDifference('{\n  "a": [1]\n}', '{\n    "a": [1]]\n}')).toBe(
      'non-blank line 2 is "    \\"a\\": [1]]" where the text given has "  \\"a\\": [1]"',
    );
    expect(textDifference('one\ntwo', 'one')).toBe('it ends before non-blank line 2 ("two")');
    expect(textDifference('one', 'one\n}')).toBe('non-blank line 2 is "}", after the end of the text given');
  });

  it('keeps indentation: an editor that re-indents changed the text', () => {
    expect(textDifference('  x', 'x')).toBe('non-blank line 1 is "x" where the text given has "  x"');
  });
});

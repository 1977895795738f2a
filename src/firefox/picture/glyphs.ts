/**
 * A bitmap font for the characters a uid is made of (digits and the underscore), so that uids can
 * be drawn on a picture without a font engine; `readGlyphs` reads them back from a picture.
 */

/** Each glyph: 7 rows of 5 pixels, # drawn. */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '# #  ', '  #  ', '  #  ', '  #  ', '#####'],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
  _: ['     ', '     ', '     ', '     ', '     ', '     ', '#####'],
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;
/** Columns between two glyphs. */
export const GLYPH_GAP = 1;

/** The characters of `text`: uids are ASCII, one code unit a character. */
const characters = (text: string): string[] => Array.from({ length: text.length }, (_, index) => text.charAt(index));

/** Whether `text` can be drawn with these glyphs. */
export function drawable(text: string): boolean {
  return characters(text).every((char) => GLYPHS[char] !== undefined);
}

/**
 * The pixels of `text` drawn at `scale`: calls `dot` for each square of `scale` pixels to paint, from the text's top
 * left.
 */
export function drawGlyphs(text: string, scale: number, dot: (x: number, y: number) => void): void {
  characters(text).forEach((char, index) => {
    (GLYPHS[char] ?? []).forEach((row, y) => {
      characters(row).forEach((cell, x) => {
        if (cell === '#') dot((index * (GLYPH_WIDTH + GLYPH_GAP) + x) * scale, y * scale);
      });
    });
  });
}

/** The width in pixels of `text` drawn at `scale`. */
export function glyphsWidth(text: string, scale: number): number {
  return (text.length * (GLYPH_WIDTH + GLYPH_GAP) - GLYPH_GAP) * scale;
}

/**
 * The text drawn from the top left at `scale`, read back glyph by glyph through `inked` (whether
 * the square at x, y is painted), for `length` glyphs; undefined where a cell matches no glyph.
 */
export function readGlyphs(
  length: number,
  scale: number,
  inked: (x: number, y: number) => boolean,
): string | undefined {
  let text = '';
  for (let index = 0; index < length; index++) {
    const rows = Array.from({ length: GLYPH_HEIGHT }, (_, y) =>
      Array.from({ length: GLYPH_WIDTH }, (_, x) =>
        inked((index * (GLYPH_WIDTH + GLYPH_GAP) + x) * scale, y * scale) ? '#' : ' ',
      ).join(''),
    );
    const char = Object.keys(GLYPHS).find((candidate) => GLYPHS[candidate]?.every((row, y) => row === rows[y]));
    if (char === undefined) return undefined;
    text += char;
  }
  return text;
}

/**
 * Characters that mean nothing to a reader, shared by the engine in the page (names, editors) and
 * the witness in Node (its deliberate differences), so both say the same of them.
 */

/** Characters that show nothing: zero-width spaces, word joiners, byte-order marks, soft hyphens (an editor's fillers too). */
export const INVISIBLE_CHARACTERS = /[\u200B\u2060\uFEFF\u00AD]/g;

/** The private-use characters icon fonts draw with (CSS content on an <i class="fa …">). */
export const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

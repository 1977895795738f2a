/** The fullwidth look-alike of a line: printable ASCII as U+FF01–U+FF5E, spaces as U+3000 (NFKC folds it back). */
export function fullwidth(line: string): string {
  return line.replace(/[!-~ ]/g, (char) =>
    char === ' ' ? '\u3000' : String.fromCharCode(char.charCodeAt(0) + 0xfee0),
  );
}

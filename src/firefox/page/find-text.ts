import { MAX_FRAME_DEPTH } from '../engine/gateway.js';

/**
 * What waitForText looks for, run in the page's sandbox: the rendered text of the document and of
 * its same-origin frames (an editor's document), and the values of fields, as a person reads
 * them (case and whitespace runs aside); never a password's value. Cross-origin frames are other
 * processes, out of reach here.
 */
export const FIND_TEXT = `(wanted) => {
  const texts = [];
  const read = (doc, depth) => {
    if (!doc || depth > ${MAX_FRAME_DEPTH}) return;
    texts.push(doc.body ? doc.body.innerText : '');
    for (const field of doc.querySelectorAll('input, textarea')) if (field.type !== 'password' && field.type !== 'hidden') texts.push(field.value);
    for (const frame of doc.querySelectorAll('iframe, frame')) {
      let inner = null;
      try { inner = frame.contentDocument; } catch { /* Cross-origin. */ }
      read(inner, depth + 1);
    }
  };
  read(document, 0);
  // As a person reads it: case aside (text-transform shows "Delete account" as "DELETE ACCOUNT") and whitespace runs as
  // one space.
  const fold = (text) => text.replace(/\\s+/g, ' ').trim().toLowerCase();
  const folded = texts.map(fold);
  return wanted.find((item) => folded.some((text) => text.includes(fold(item)))) ?? null;
}`;

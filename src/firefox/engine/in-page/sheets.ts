/**
 * What the document's style sheets say, read once per state of the sheets: the list of sheets
 * (each one by identity: an adopted sheet swapped for another alike changes no count) and how
 * many rules each holds (see changes.ts), so an inserted rule is read again. A constructed
 * sheet's new text (replaceSync) is told by the page-world preload (see unobserved.ts).
 */

import { serialOf } from './unobserved.js';

let read: { signature: string; text: string | null } | null = null;
let hover: { signature: string; restyles: boolean } | null = null;

/** The style sheets in force, each one's identity and how many rules it holds (insertRule changes no DOM). */
export function sheetsSignature(): string {
  const parts: string[] = [];
  for (const sheet of allSheets()) {
    let rules = -1;
    try {
      rules = sheet.cssRules.length;
    } catch {
      // Cross-origin: its rules are not ours to count, and a script of the page cannot change them either.
    }
    parts.push(`${serialOf(sheet)}${sheet.disabled ? 'd' : ':'}${rules}`);
  }
  return parts.join();
}

function allSheets(): CSSStyleSheet[] {
  return [...Array.from(document.styleSheets), ...document.adoptedStyleSheets];
}

/**
 * The text of every rule of the document's sheets (imported ones included), or null when a
 * sheet cannot be read (cross-origin): then any rule may be there. Shadow trees' own sheets are
 * not read.
 */
export function sheetsText(): string | null {
  const signature = sheetsSignature();
  if (read?.signature === signature) return read.text;
  const texts: string[] = [];
  const add = (sheet: CSSStyleSheet): boolean => {
    try {
      for (const rule of Array.from(sheet.cssRules)) {
        texts.push(rule.cssText);
        if (rule instanceof CSSImportRule && rule.styleSheet && !add(rule.styleSheet)) return false;
      }
      return true;
    } catch {
      return false;
    }
  };
  const readable = allSheets().every(add);
  read = { signature, text: readable ? texts.join('\n') : null };
  return read.text;
}

/** Whether some rule may match `pattern` (always, when a sheet cannot be read). */
export function sheetsMention(pattern: RegExp): boolean {
  const text = sheetsText();
  return text === null || pattern.test(text);
}

/**
 * Properties that only paint (colours, shadows, outlines): a :hover rule made of these changes nothing a snapshot
 * reads.
 */
const PAINT_ONLY =
  /^(?:color|background(?:-\w+)*|border-(?:top|right|bottom|left|block|inline)(?:-start|-end)?-color|border-color|outline(?:-\w+)*|box-shadow|text-decoration(?:-\w+)*|text-shadow|text-underline-offset|fill|stroke|caret-color|accent-color|transition(?:-\w+)*|will-change)$/;

/**
 * Whether some :hover rule of the document's sheets changes more than paint (what shows, its
 * size, its content, the cursor): only then can the pointer moving change a snapshot. True when a
 * sheet cannot be read.
 */
export function hoverRestyles(): boolean {
  const signature = sheetsSignature();
  if (hover?.signature === signature) return hover.restyles;
  const restyles = (rules: CSSRuleList): boolean => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule && rule.selectorText.includes(':hover')) {
        for (let index = 0; index < rule.style.length; index++)
          if (!PAINT_ONLY.test(rule.style.item(index))) return true;
      }
      if (rule instanceof CSSImportRule) {
        if (rule.styleSheet && restyles(rule.styleSheet.cssRules)) return true;
      } else if ('cssRules' in rule && restyles((rule as CSSGroupingRule).cssRules)) return true;
    }
    return false;
  };
  let answer = false;
  for (const sheet of allSheets()) {
    try {
      answer = restyles(sheet.cssRules);
    } catch {
      answer = true;
    }
    if (answer) break;
  }
  hover = { signature, restyles: answer };
  return answer;
}

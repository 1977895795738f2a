/**
 * Which elements may draw text of their own through ::before or ::after (`content: "…"`,
 * attr(), var()), so a picture reads the generated text of those alone: asking every element's
 * pseudo-elements costs about 10 µs each, a second on a large page. They are found from the rules
 * of the style sheets of the element's tree (the document's, or a shadow root's own). A sheet
 * that cannot be read (cross-origin) may hold any rule: then every element with an attribute
 * showing a secret, and what it holds, is read, since attr() and custom properties take their
 * text from there; a secret written into such a sheet itself is not seen.
 */
import { shows, type Wanted } from './drawn-text.js';
import { generatedText } from './generated-text.js';

const PSEUDO = /::?(?:before|after)\b/gi;
const HAS_PSEUDO = /::?(?:before|after)\b/i;
/**
 * A `content` value that may draw text: a string with a character other than white space or an icon font's private-use
 * glyph, attr(), var() or an inherited value.
 */
function drawsText(content: string): boolean {
  if (/attr\(|var\(|env\(|inherit|unset|revert|initial/i.test(content)) return true;
  for (const match of content.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)) {
    if (
      /[^\s\uE000-\uF8FF]/.test(
        (match[1] ?? match[2] ?? '')
          .replace(/\\[0-9a-f]{1,6}\s?/gi, (escape) => String.fromCodePoint(parseInt(escape.slice(1), 16) || 32))
          .replace(/\\(.)/g, '$1'),
      )
    )
      return true;
  }
  return false;
}

/**
 * What the sheets of one tree say: selectors of the elements whose ::before/::after may draw text, whether the tree's
 * host is one (`:host::before`), whether a rule overrides the direction text is drawn in, and whether a sheet could not
 * be read.
 */
interface SheetFacts {
  selectors: string[];
  host: boolean;
  overrides: boolean;
  unreadable: boolean;
}

function readRules(rules: CSSRuleList, facts: SheetFacts): void {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule && rule.style.getPropertyValue('unicode-bidi').includes('override'))
      facts.overrides = true;
    if (
      rule instanceof CSSStyleRule &&
      HAS_PSEUDO.test(rule.selectorText) &&
      drawsText(rule.style.getPropertyValue('content'))
    ) {
      if (rule.selectorText.includes(':host')) facts.host = true;
      facts.selectors.push(...rule.selectorText.split(',').map((part) => part.replace(PSEUDO, '').trim() || '*'));
    }
    if (rule instanceof CSSImportRule) {
      if (rule.styleSheet) readSheet(rule.styleSheet, facts);
    } else if ('cssRules' in rule) readRules((rule as CSSGroupingRule).cssRules, facts);
  }
}

function readSheet(sheet: CSSStyleSheet, facts: SheetFacts): void {
  try {
    readRules(sheet.cssRules, facts);
  } catch {
    facts.unreadable = true;
  }
}

function sheetFacts(root: Document | ShadowRoot): SheetFacts {
  const facts: SheetFacts = { selectors: [], host: false, overrides: false, unreadable: false };
  for (const sheet of [...Array.from(root.styleSheets), ...root.adoptedStyleSheets]) readSheet(sheet, facts);
  return facts;
}

/**
 * The elements of `root` matching `selector`, or all of them when the selector is not one querySelectorAll takes
 * (nesting, ::part).
 */
function matching(root: Document | ShadowRoot, selector: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch {
    return Array.from(root.querySelectorAll('*'));
  }
}

function showsInAttribute(el: Element, wanted: Wanted): boolean {
  for (const name of el.getAttributeNames()) if (shows(el.getAttribute(name) ?? '', wanted)) return true;
  return false;
}

/** What the style of a tree may draw beyond its DOM's text, in its DOM's order. */
export interface StyleFacts {
  /**
   * Generated text by element, for the elements of the tree (and its host) that draw some before or after their
   * content.
   */
  generated: Map<Element, { before: string; after: string }>;
  /**
   * Whether some text may be drawn backwards (<bdo>, dir="rtl", a unicode-bidi override in a rule or a style
   * attribute).
   */
  backwards: boolean;
}

export function styleFacts(root: Document | ShadowRoot, wanted: Wanted): StyleFacts {
  const facts = sheetFacts(root);
  const backwards = facts.overrides || root.querySelector('bdo, [dir="rtl" i], [style*="override" i]') !== null;
  return { generated: generatedTexts(root, wanted, facts), backwards };
}

function generatedTexts(
  root: Document | ShadowRoot,
  wanted: Wanted,
  facts: SheetFacts,
): Map<Element, { before: string; after: string }> {
  const candidates = new Set<Element>();
  for (const el of facts.selectors.length ? matching(root, [...new Set(facts.selectors)].join(', ')) : [])
    candidates.add(el);
  if (facts.host && root instanceof ShadowRoot) candidates.add(root.host);
  // The markup tells at once whether any attribute could show a secret (forms include the HTML-escaped one); only then
  // is each element's read.
  const markup = facts.unreadable ? (root instanceof Document ? root.documentElement.outerHTML : root.innerHTML) : '';
  if (markup && shows(markup, wanted)) {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (!showsInAttribute(el, wanted)) continue;
      candidates.add(el);
      for (const inner of Array.from(el.querySelectorAll('*'))) candidates.add(inner);
    }
  }
  const texts = new Map<Element, { before: string; after: string }>();
  for (const el of candidates) {
    const before = generatedText(el, '::before');
    const after = generatedText(el, '::after');
    if (before || after) texts.set(el, { before, after });
  }
  return texts;
}

/**
 * The copies of the corpus pages bench/replay.bench.ts replays on: altered ones (the markup changed
 * around what a task acts on, as a site's next release changes it, with what a person reads on
 * the controls kept) and broken ones (the target renamed, by an init script, wherever the page
 * shows its name). Each alteration is a pure function of a page's static HTML.
 */

export interface Alteration {
  kind: string;
  /** The page's HTML as this copy serves it. */
  alter(html: string): string;
  /** The grader's function source as it must read this copy of `html` (its ids renamed too), when it differs. */
  grader?(html: string): (fn: string) => string;
}

/** Inserts `markup` as the body's first child. */
function firstInBody(html: string, markup: string): string {
  return html.replace(/<body\b[^>]*>/, (tag) => `${tag}${markup}`);
}

/** Wraps everything in the body (its scripts too) in one more div: every CSS path through body > … changes. */
function wrapper(html: string): string {
  const end = html.lastIndexOf('</body>');
  const closed = end < 0 ? `${html}</div>` : `${html.slice(0, end)}</div>${html.slice(end)}`;
  return firstInBody(closed, '<div class="bench-wrapper">');
}

/** A notice before everything, and the first heading renamed: headings name the containers targets were recorded in. */
function text(html: string): string {
  const noticed = firstInBody(html, '<p>Notice: this page was updated on Tuesday.</p>');
  return noticed.replace(/(<h([12])\b[^>]*>[\s\S]*?)(<\/h\2>)/, '$1 (updated)$3');
}

/** An unrelated nav before everything: the body's children move one place (nth-child paths miss). */
function sibling(html: string): string {
  return firstInBody(
    html,
    '<nav aria-label="Shortcuts"><a href="#top">Top</a> <button type="button">Help</button></nav>',
  );
}

// ------------------------------------------------------------ ids and classes renamed

const V2 = (name: string): string => `${name}-v2`;
/** Attributes that hold ids (space-separated) and refer to an element by it. */
const ID_ATTRIBUTES = 'id|for|list|form|aria-labelledby|aria-describedby|aria-controls|aria-owns|aria-activedescendant';

/** Every id and class token the static HTML names. */
function namesOf(html: string): { ids: Set<string>; classes: Set<string> } {
  const tokens = (pattern: RegExp): Set<string> =>
    new Set([...html.matchAll(pattern)].flatMap((match) => (match[2] ?? '').split(/\s+/).filter(Boolean)));
  return { ids: tokens(/\sid=(["'])(.*?)\1/g), classes: tokens(/\sclass=(["'])(.*?)\1/g) };
}

/** Renames a space-separated list of names, those in `known` only. */
const renameTokens = (value: string, known: Set<string>): string =>
  value.replace(/[^\s]+/g, (token) => (known.has(token) ? V2(token) : token));

/** id/class attributes and the attributes that refer to ids, in markup (tags, and HTML templates inside scripts). */
function renameAttributes(markup: string, names: { ids: Set<string>; classes: Set<string> }): string {
  return markup
    .replace(
      new RegExp(`(\\s(?:${ID_ATTRIBUTES})=)(["'])(.*?)\\2`, 'g'),
      (_, head: string, quote: string, value: string) => `${head}${quote}${renameTokens(value, names.ids)}${quote}`,
    )
    .replace(
      /(\sclass=)(["'])(.*?)\2/g,
      (_, head: string, quote: string, value: string) => `${head}${quote}${renameTokens(value, names.classes)}${quote}`,
    )
    .replace(/(\shref=["']#)([\w-]+)/g, (whole, head: string, id: string) =>
      names.ids.has(id) ? `${head}${V2(id)}` : whole,
    );
}

/**
 * `#id` and `.class` in a selector or a style sheet, for the known names only (a colour, `0.5em` or `file.js` stay).
 */
function renameSelectors(css: string, names: { ids: Set<string>; classes: Set<string> }): string {
  return css.replace(/([#.])(-?[A-Za-z_][\w-]*)/g, (whole, sign: string, name: string) =>
    (sign === '#' ? names.ids : names.classes).has(name) ? `${sign}${V2(name)}` : whole,
  );
}

/**
 * An inline script: selectors in its string literals (comments skipped, so that an apostrophe in
 * one pairs no quotes; code outside literals, such as `state.active`, is never touched), bare
 * names given to getElementById and classList, and HTML templates.
 */
function renameScript(source: string, names: { ids: Set<string>; classes: Set<string> }): string {
  const literals = source.replace(
    /\/\/[^\n]*|\/\*[\s\S]*?\*\/|(['"])((?:\\.|(?!\1)[^\\\n])*)\1|`((?:\\.|[^\\`])*)`/g,
    (token, quote?: string, body?: string, template?: string) => {
      if (quote !== undefined) return `${quote}${renameSelectors(body ?? '', names)}${quote}`;
      // A template's ${…} parts are code: only its text around them is renamed.
      return template === undefined
        ? token
        : `\`${template
            .split(/(\$\{[^}]*\})/)
            .map((part, index) => (index % 2 ? part : renameSelectors(part, names)))
            .join('')}\``;
    },
  );
  const bare = literals
    .replace(/(getElementById\(\s*['"])([\w-]+)/g, (whole, head: string, id: string) =>
      names.ids.has(id) ? `${head}${V2(id)}` : whole,
    )
    .replace(/(classList\.\w+\(\s*['"])([\w-]+)/g, (whole, head: string, name: string) =>
      names.classes.has(name) ? `${head}${V2(name)}` : whole,
    );
  return renameAttributes(bare, names);
}

/**
 * Every id and class of the static HTML renamed, with the inline styles and scripts that use them;
 * scripts loaded from files (the libraries, bundles) are not touched, so an app whose own bundle
 * looks its static ids up breaks: that is the alteration breaking the app, not the replay.
 */
function renameIdsClasses(html: string): string {
  const names = namesOf(html);
  return html.replace(
    /(<script\b[^>]*>)([\s\S]*?)(<\/script>)|(<style\b[^>]*>)([\s\S]*?)(<\/style>)|<[A-Za-z][^>]*>/g,
    (
      tag,
      scriptOpen?: string,
      script?: string,
      scriptClose?: string,
      styleOpen?: string,
      style?: string,
      styleClose?: string,
    ) => {
      if (scriptOpen !== undefined)
        return `${renameAttributes(scriptOpen, names)}${renameScript(script ?? '', names)}${scriptClose ?? ''}`;
      if (styleOpen !== undefined) return `${styleOpen}${renameSelectors(style ?? '', names)}${styleClose ?? ''}`;
      return renameAttributes(tag, names);
    },
  );
}

export const ALTERATIONS: readonly Alteration[] = [
  { kind: 'wrapper', alter: wrapper },
  { kind: 'text', alter: text },
  { kind: 'sibling', alter: sibling },
  // The grader reads the copy by its new names, as the site's own tests would be updated with it.
  { kind: 'ids-classes', alter: renameIdsClasses, grader: (html) => (fn) => renameScript(fn, namesOf(html)) },
];

// ------------------------------------------------------------ broken: the target renamed

/**
 * An init script (a function's source) that renames `name` to `<name> (renamed)` wherever the page
 * shows it: text nodes and the attributes names come from, in the document and open shadow roots,
 * as the page is parsed and whenever it changes (a MutationObserver answers before any script of
 * ours reads the page). Renamed text is never renamed again.
 */
export function renameScriptSource(name: string): string {
  return `() => {
  const name = ${JSON.stringify(name)};
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'TITLE']);
  const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'value'];
  // Case aside: a name shown in capitals (text-transform) is written otherwise in the page.
  const lower = name.toLowerCase();
  const fix = (text) => {
    const at = text.toLowerCase().indexOf(lower);
    return at === -1 || text.includes(' (renamed)') ? text : text.slice(0, at + name.length) + ' (renamed)' + text.slice(at + name.length);
  };
  const fixText = (node) => {
    if (node.parentElement && SKIP.has(node.parentElement.tagName)) return;
    const next = fix(node.data);
    if (next !== node.data) node.data = next;
  };
  const fixAttributes = (element) => {
    for (const attribute of ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (value !== null && fix(value) !== value) element.setAttribute(attribute, fix(value));
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') fixText(record.target);
      else if (record.type === 'attributes') fixAttributes(record.target);
      else for (const node of record.addedNodes) visit(node);
    }
  });
  const watched = new WeakSet();
  const watch = (root) => {
    watched.add(root);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRIBUTES });
  };
  const visit = (root) => {
    if (root.nodeType === Node.TEXT_NODE) return fixText(root);
    if (root.nodeType !== Node.ELEMENT_NODE && root.nodeType !== Node.DOCUMENT_FRAGMENT_NODE && root.nodeType !== Node.DOCUMENT_NODE) return;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) fixText(node);
      else if (node.nodeType === Node.ELEMENT_NODE) {
        fixAttributes(node);
        // Open shadow roots are trees of their own: visit and watch them too.
        if (node.shadowRoot && !watched.has(node.shadowRoot)) {
          watch(node.shadowRoot);
          visit(node.shadowRoot);
        }
      }
    }
  };
  // Components attach their shadow roots when they are defined, after the markup was parsed: watch each from its start.
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    if (init.mode === 'open') watch(root);
    return root;
  };
  watch(document);
  document.addEventListener('DOMContentLoaded', () => visit(document));
}`;
}

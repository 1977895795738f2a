/**
 * The in-page library: a DOM walker and the uid registry. It is sent to the page as source text
 * (see source.ts) and runs in a BiDi sandbox, where page scripts that override built-ins cannot
 * reach it and where its state (the uid ↔ element mapping) survives between calls for as long as
 * the document lives. It must not import anything at run time: only types.
 */
import type { ActionTarget, NameSource, RawNode, UidLookup, WalkOptions, WalkResult } from './types.js';

export function createLibrary() {
  const UID_ATTRIBUTE = 'data-mcp-uid';
  const ELEMENT_NODE = 1;
  const TEXT_NODE = 3;
  /** checkVisibility options, made once: each call converts them through the sandbox's wrappers. */
  const SEEN = { opacityProperty: true, visibilityProperty: true };
  const OPAQUE = { opacityProperty: true };

  // The uid registry. Keys are the sandbox's wrappers of page elements, which keep their identity.
  let uidByElement = new WeakMap<Element, string>();
  const elementByUid = new Map<string, WeakRef<Element>>();
  const snapshotsTaken = new Set<number>();
  /** The last counter handed out per snapshot id, so uids stay unique when one id is used twice. */
  const counters = new Map<number, number>();

  /** The element's uid, or a new one from `snapshotId`. */
  function uidFor(el: Element, snapshotId: number): string {
    let uid = uidByElement.get(el);
    if (uid === undefined) {
      const next = (counters.get(snapshotId) ?? 0) + 1;
      counters.set(snapshotId, next);
      uid = `${snapshotId}_${next}`;
      uidByElement.set(el, uid);
      elementByUid.set(uid, new WeakRef(el));
    }
    return uid;
  }

  const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'datalist', 'param', 'source', 'track']);
  const INLINE_TAGS = new Set([
    'span', 'b', 'i', 'em', 'strong', 'small', 'mark', 'abbr', 'sub', 'sup', 'u', 's', 'time', 'cite', 'q', 'kbd',
    'var', 'samp', 'font', 'bdi', 'bdo', 'data', 'del', 'ins', 'dfn', 'code', 'tt', 'big', 'strike', 'nobr', 'wbr', 'br', 'label', 'picture',
  ]);
  const INTERACTIVE_ROLES = new Set([
    'button', 'link', 'checkbox', 'radio', 'textbox', 'searchbox', 'combobox', 'listbox', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem', 'option', 'scrollbar',
  ]);
  /** Roles kept even without text of their own: structure a reader needs. */
  const STRUCTURAL_ROLES = new Set([
    'heading', 'navigation', 'main', 'complementary', 'banner', 'contentinfo', 'form', 'region', 'search', 'article', 'dialog',
    'alertdialog', 'alert', 'status', 'list', 'listitem', 'table', 'grid', 'treegrid', 'row', 'cell', 'gridcell', 'columnheader', 'rowheader',
    'image', 'figure', 'group', 'iframe', 'video', 'audio', 'progressbar', 'meter', 'tablist', 'tabpanel', 'menu', 'menubar', 'toolbar',
    'tree', 'radiogroup', 'caption', 'term', 'definition', 'math', 'log', 'marquee', 'timer', 'note', 'feed',
  ]);
  /** Roles whose name comes from their content: their descendants fold into one name, except controls. */
  const NAME_FROM_CONTENT = new Set([
    'button', 'link', 'heading', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'cell', 'gridcell',
    'columnheader', 'rowheader', 'checkbox', 'radio', 'switch', 'tooltip', 'caption', 'label', 'term',
  ]);
  /** WAI-ARIA's concrete roles (1.2, and 1.3's image, sectionheader, sectionfooter…); abstract ones are not roles an author may give. */
  const ARIA_ROLES = new Set([
    'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell', 'checkbox', 'code', 'columnheader',
    'combobox', 'comment', 'complementary', 'contentinfo', 'definition', 'deletion', 'dialog', 'document', 'emphasis', 'feed', 'figure', 'form',
    'generic', 'grid', 'gridcell', 'group', 'heading', 'image', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'mark',
    'marquee', 'math', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'meter', 'navigation', 'none', 'note', 'option',
    'paragraph', 'progressbar', 'radio', 'radiogroup', 'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox',
    'sectionfooter', 'sectionheader', 'separator', 'slider', 'spinbutton', 'status', 'strong', 'subscript', 'suggestion', 'superscript',
    'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem',
  ]);
  /** Older names of roles, and the name the role has now. */
  const ROLE_SYNONYMS: Record<string, string> = { img: 'image', directory: 'list', presentation: 'none' };
  /** Roles of text-level elements: they stay inside the sentence they are part of. */
  const TEXT_LEVEL_ROLES = new Set(['strong', 'emphasis', 'code', 'deletion', 'insertion', 'subscript', 'superscript', 'mark', 'time', 'term']);
  /** Global ARIA attributes: an element with one is not presentational, whatever its role says. */
  const GLOBAL_ARIA = ['aria-label', 'aria-labelledby', 'aria-describedby', 'aria-details', 'aria-live', 'aria-owns', 'aria-controls', 'aria-keyshortcuts', 'aria-roledescription', 'aria-busy', 'aria-dropeffect', 'aria-grabbed', 'aria-flowto', 'aria-relevant', 'aria-atomic', 'aria-errormessage', 'aria-invalid', 'aria-haspopup'];
  const LABELABLE_TAGS = new Set(['input', 'select', 'textarea', 'button', 'meter', 'progress', 'output']);
  const TEXT_INPUT_TYPES = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date', 'datetime-local', 'month', 'time', 'week', '']);

  /** The role an author gave: the first token that is a concrete WAI-ARIA role, in any case; '' when none is. */
  function explicitRole(value: string, named = true): string {
    for (const token of value.toLowerCase().split(/\s+/)) {
      const role = ROLE_SYNONYMS[token] ?? token;
      // A region or form needs a name to be one; without it the next token (or the element's own role) stands.
      if (!named && (role === 'region' || role === 'form')) continue;
      if (ARIA_ROLES.has(role)) return role;
    }
    return '';
  }

  /**
   * The text CSS generated content adds to a name (accname 2F.ii): the strings and attr() values
   * of `content`, or its alternative text after `/`. Counters and quotes are not read.
   */
  function generatedText(el: Element, pseudo: '::before' | '::after'): string {
    const content = getComputedStyle(el, pseudo).content;
    if (!content || content === 'none' || content === 'normal') return '';
    const parts: string[] = [];
    let alt: string[] | undefined;
    const token = /"((?:[^"\\]|\\.)*)"|attr\(\s*([\w-]+)\s*\)|(\/)/g;
    for (let match = token.exec(content); match; match = token.exec(content)) {
      if (match[3]) alt = [];
      else (alt ?? parts).push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (el.getAttribute(match[2] ?? '') ?? ''));
    }
    // Icon fonts draw with private-use characters, which mean nothing in a name.
    return (alt ?? parts).join('').replace(/[\uE000-\uF8FF]/g, '');
  }

  /** True unless every style sheet of the document is readable and none has a ::before or ::after rule (shadow trees' own sheets are not read). */
  function sheetsGenerateContent(): boolean {
    for (const sheet of [...Array.from(document.styleSheets), ...document.adoptedStyleSheets]) {
      try {
        if (/::?(?:before|after)\b/i.test(Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n'))) return true;
      } catch {
        return true; // A cross-origin sheet cannot be read: it may.
      }
    }
    return false;
  }

  /** Whitespace runs as one space; zero-width spaces, word joiners and soft hyphens dropped, as browsers do in names (a search for the visible text must find them). Joiners inside emoji and scripts stay. */
  function collapse(text: string): string {
    return text.replace(/[\u200B\u2060\uFEFF\u00AD]/g, '').replace(/\s+/g, ' ').trim();
  }

  function clip(text: string, max: number): string {
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  }

  function inputRole(el: HTMLInputElement, has: (name: string) => boolean): string {
    switch (el.type) {
      case 'button':
      case 'submit':
      case 'reset':
      case 'image':
      case 'file':
      case 'color':
        return 'button';
      case 'checkbox':
        return has('switch') ? 'switch' : 'checkbox';
      case 'radio':
        return 'radio';
      case 'range':
        return 'slider';
      case 'number':
        return 'spinbutton';
      case 'search':
        return has('list') ? 'combobox' : 'searchbox';
      case 'hidden':
        return 'none';
      default:
        return has('list') ? 'combobox' : 'textbox';
    }
  }

  function implicitRole(el: Element, tag: string, has: (name: string) => boolean): string {
    switch (tag) {
      case 'a':
      case 'area':
        return has('href') ? 'link' : 'generic';
      case 'button':
      case 'summary':
        return 'button';
      case 'input':
        return inputRole(el as HTMLInputElement, has);
      case 'select':
        return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
      case 'textarea':
        return 'textbox';
      case 'option':
        return 'option';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
        return 'heading';
      case 'img':
        return el.getAttribute('alt') === '' && !has('aria-label') && !has('aria-labelledby') ? 'none' : 'image';
      case 'address': case 'hgroup':
        return 'group';
      case 'hr':
        return 'separator';
      case 'strong':
        return 'strong';
      case 'em':
        return 'emphasis';
      case 'code':
        return 'code';
      case 'del': case 's':
        return 'deletion';
      case 'ins':
        return 'insertion';
      case 'sub':
        return 'subscript';
      case 'sup':
        return 'superscript';
      case 'mark':
        return 'mark';
      case 'time':
        return 'time';
      case 'dfn':
        return 'term';
      case 'nav':
        return 'navigation';
      case 'main':
        return 'main';
      case 'aside':
        return 'complementary';
      case 'header':
        return el.closest('article, aside, main, nav, section') ? 'generic' : 'banner';
      case 'footer':
        return el.closest('article, aside, main, nav, section') ? 'generic' : 'contentinfo';
      case 'form':
        return 'form';
      case 'search':
        return 'search';
      case 'section':
        return has('aria-label') || has('aria-labelledby') || has('title') ? 'region' : 'generic';
      case 'article':
        return 'article';
      case 'dialog':
        return 'dialog';
      case 'ul': case 'ol': case 'menu':
        return 'list';
      case 'li':
        return 'listitem';
      case 'dl':
        return 'list';
      case 'dt':
        return 'term';
      case 'dd':
        return 'definition';
      case 'table':
        return 'table';
      case 'tr':
        return 'row';
      case 'th':
        return 'columnheader';
      case 'td':
        return 'cell';
      case 'caption': case 'figcaption':
        return 'caption';
      case 'p':
        return 'paragraph';
      case 'blockquote':
        return 'blockquote';
      case 'figure':
        return 'figure';
      case 'fieldset': case 'details': case 'optgroup':
        return 'group';
      case 'legend':
        return 'legend';
      case 'progress':
        return 'progressbar';
      case 'meter':
        return 'meter';
      case 'output':
        return 'status';
      case 'iframe': case 'frame':
        return 'iframe';
      case 'video': case 'audio':
        return tag;
      case 'label':
        return 'label';
      case 'math':
        return 'math';
      default:
        return 'generic';
    }
  }

  /** The element that has focus, looking into shadow roots. */
  function deepActiveElement(): Element | null {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active;
  }

  /** The text of the elements `ids` names (aria-labelledby): each one's own name when it has one, else its content, hidden or not. */
  function textOfIds(el: Element, ids: string, labels: Map<Element, HTMLLabelElement[]>): string {
    const root = el.getRootNode() as Document | ShadowRoot;
    const parts: string[] = [];
    for (const id of ids.split(/\s+/)) {
      const target = id ? root.getElementById(id) : null;
      if (!target) continue;
      const label = target === el ? '' : collapse(target.getAttribute('aria-label') ?? '');
      const own = label || (LABELABLE_TAGS.has(target.localName) && target !== el ? labelText(target, labels.get(target)) : '');
      if (own) parts.push(own);
      else {
        // A hidden node counts when referenced; inside a visible one, hidden parts stay hidden.
        const text: string[] = [];
        contentText(target, null, text, target.getAttribute('aria-hidden') === 'true' || !target.checkVisibility(SEEN));
        parts.push(text.join(''));
      }
    }
    return collapse(parts.join(' '));
  }

  /** What an embedded control contributes to a name around it (accname 2C): its value, not its label. */
  function embeddedValue(el: Element, tag: string): string | undefined {
    const role = explicitRole(el.getAttribute('role') ?? '') || (tag === 'input' ? inputRole(el as HTMLInputElement, (name) => el.hasAttribute(name)) : tag === 'textarea' ? 'textbox' : tag === 'select' ? 'combobox' : '');
    switch (role) {
      case 'textbox': case 'searchbox':
        return tag === 'input' || tag === 'textarea' ? (el as HTMLInputElement).value : el.textContent;
      case 'combobox': case 'listbox': {
        if (tag === 'select') return Array.from((el as HTMLSelectElement).selectedOptions, (option) => option.text).join(' ');
        if (tag === 'input') return (el as HTMLInputElement).value;
        const selected = role === 'listbox' ? Array.from(el.querySelectorAll('[aria-selected="true"]'), (option) => option.textContent) : [];
        return selected.length ? selected.join(' ') : role === 'combobox' ? el.textContent : '';
      }
      case 'slider': case 'spinbutton': case 'progressbar': case 'scrollbar': case 'meter':
        return el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow') ?? (tag === 'input' ? (el as HTMLInputElement).value : el.textContent);
      default:
        return undefined;
    }
  }

  /**
   * The text of a subtree as names take it (accname 2F): embedded controls as their values,
   * spaces around block boxes, `skip` (the control a label names) left out, hidden content only
   * when `hidden` says it counts (a node referenced by aria-labelledby).
   */
  function contentText(node: Node, skip: Element | null, out: string[], hidden: boolean): void {
    // What renders inside: a shadow tree rather than the light children, a slot's assigned nodes.
    const assigned = (node as Element).localName === 'slot' ? (node as HTMLSlotElement).assignedNodes() : [];
    const children = assigned.length ? assigned : Array.from(((node as Element).shadowRoot ?? node).childNodes);
    for (const child of children) {
      if (child === skip) continue;
      if (child.nodeType === TEXT_NODE) {
        out.push((child as Text).data);
        continue;
      }
      if (child.nodeType !== ELEMENT_NODE) continue;
      const el = child as Element;
      const tag = el.localName;
      if (SKIPPED_TAGS.has(tag)) continue;
      if (!hidden && (el.getAttribute('aria-hidden') === 'true' || !el.checkVisibility(SEEN))) continue;
      const value = embeddedValue(el, tag);
      if (value !== undefined) {
        out.push(` ${value} `);
        continue;
      }
      const block = !INLINE_TAGS.has(tag);
      if (block) out.push(' ');
      contentText(el, skip, out, hidden);
      if (block) out.push(' ');
    }
  }

  /**
   * Each control's labels, from every label of the document and the given shadow roots. Built
   * once per walk: reading `control.labels` instead costs a scan of the whole document per
   * control on first use and leaves a live list behind that slows every later DOM change.
   */
  function indexLabels(roots: (Document | ShadowRoot)[]): Map<Element, HTMLLabelElement[]> {
    const index = new Map<Element, HTMLLabelElement[]>();
    for (const root of roots) {
      for (const label of Array.from(root.querySelectorAll('label'))) {
        const control = label.control;
        if (!control) continue;
        const list = index.get(control);
        if (list) list.push(label);
        else index.set(control, [label]);
      }
    }
    return index;
  }

  function labelText(el: Element, labels: HTMLLabelElement[] | undefined): string {
    if (!labels) return '';
    const parts: string[] = [];
    // A wrapping label holds the control too: its text is taken without the control itself.
    for (const label of labels) contentText(label, el, parts, false);
    return collapse(parts.join(' '));
  }

  interface Pending {
    el: Element;
    tag: string;
    role: string;
    names: string[];
    has: (name: string) => boolean;
    interactive: boolean;
    folds: boolean;
    node: RawNode;
    text: string[];
  }

  function nameOf(p: Pending, labels: Map<Element, HTMLLabelElement[]>): [string, NameSource] {
    const { el, tag, role, has } = p;
    if (has('aria-labelledby')) {
      const text = textOfIds(el, el.getAttribute('aria-labelledby') ?? '', labels);
      if (text) return [text, 'aria-labelledby'];
    }
    if (has('aria-label')) {
      const text = collapse(el.getAttribute('aria-label') ?? '');
      if (text) return [text, 'aria-label'];
    }
    if (LABELABLE_TAGS.has(tag)) {
      const text = labelText(el, labels.get(el));
      if (text) return [text, 'label'];
    }
    if (tag === 'img' || tag === 'area' || (tag === 'input' && (el as HTMLInputElement).type === 'image')) {
      const alt = collapse(el.getAttribute('alt') ?? '');
      if (alt) return [alt, 'alt'];
    }
    if (tag === 'input') {
      const type = (el as HTMLInputElement).type;
      if (type === 'submit' || type === 'reset' || type === 'button') {
        const value = (el as HTMLInputElement).value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
        if (value) return [collapse(value), 'value'];
      }
    }
    if (tag === 'fieldset' || tag === 'table' || tag === 'figure') {
      const caption = el.querySelector(tag === 'fieldset' ? 'legend' : tag === 'table' ? 'caption' : 'figcaption');
      const text = caption ? collapse(caption.textContent) : '';
      if (text) return [text, 'text'];
    }
    if (p.folds || (p.interactive && role === 'generic')) {
      const text = collapse(p.text.join(''));
      if (text) return [clip(text, 200), 'text'];
    }
    if (has('title')) {
      const text = collapse(el.getAttribute('title') ?? '');
      if (text) return [text, 'title'];
    }
    if (has('placeholder')) {
      const text = collapse(el.getAttribute('placeholder') ?? '');
      if (text) return [text, 'placeholder'];
    }
    return ['', 'unknown'];
  }

  function ariaTriState(value: string | null): 'true' | 'false' | 'mixed' | undefined {
    return value === 'true' || value === 'false' || value === 'mixed' ? value : undefined;
  }

  function fillStates(p: Pending, active: Element | null): void {
    const { el, tag, role, node, has } = p;
    if (tag === 'input' || tag === 'textarea') {
      const input = el as HTMLInputElement;
      if (tag === 'input') node.type = input.type;
      if (input.type === 'checkbox' || input.type === 'radio') {
        node.checked = input.indeterminate ? 'mixed' : input.checked ? 'true' : 'false';
      } else if (input.type !== 'submit' && input.type !== 'reset' && input.type !== 'button' && input.type !== 'image') {
        const value = input.type === 'file' ? Array.from(input.files ?? []).map((file) => file.name).join(', ') : input.value;
        // Never copy a password out of the page, only whether there is one.
        if (value) node.value = input.type === 'password' ? '••••••••' : value;
      }
      if (input.required) node.required = true;
      if (input.readOnly) node.readonly = true;
    } else if (tag === 'select') {
      const select = el as HTMLSelectElement;
      const chosen = Array.from(select.selectedOptions).map((option) => collapse(option.label || option.text));
      if (chosen.length) node.value = chosen.join(', ');
      if (select.required) node.required = true;
    } else if (has('contenteditable') && role === 'textbox') {
      const text = collapse((el as HTMLElement).innerText || '');
      if (text) node.value = text;
    }
    if (tag === 'option') {
      node.selected = (el as HTMLOptionElement).selected;
    }
    if (has('aria-checked')) {
      const state = ariaTriState(el.getAttribute('aria-checked'));
      if (state) node.checked = state;
    }
    if (has('aria-selected')) node.selected = el.getAttribute('aria-selected') === 'true';
    if (has('aria-expanded')) node.expanded = el.getAttribute('aria-expanded') === 'true';
    else if (tag === 'summary' && el.parentElement?.localName === 'details') node.expanded = (el.parentElement as HTMLDetailsElement).open;
    if (has('aria-pressed')) {
      const state = ariaTriState(el.getAttribute('aria-pressed'));
      if (state) node.pressed = state;
    }
    if ((has('aria-disabled') && el.getAttribute('aria-disabled') === 'true') || (LABELABLE_TAGS.has(tag) || tag === 'fieldset' || tag === 'option' ? el.matches(':disabled') : false)) {
      node.disabled = true;
    }
    if (has('aria-required') && el.getAttribute('aria-required') === 'true') node.required = true;
    if ((has('aria-invalid') && el.getAttribute('aria-invalid') !== 'false') || ((tag === 'input' || tag === 'textarea' || tag === 'select') && el.matches(':user-invalid'))) {
      node.invalid = true;
    }
    if (el === active) node.focused = true;
    if (role === 'heading') {
      const level = has('aria-level') ? Number(el.getAttribute('aria-level')) : Number(tag.slice(1));
      if (level > 0) node.level = level;
    }
    if (has('href') && (tag === 'a' || tag === 'area')) node.href = el.getAttribute('href') ?? '';
    if (tag === 'iframe' || tag === 'frame') node.src = (el as HTMLIFrameElement).src;
  }

  /** The outermost elements matched by any of the selectors, in document order. */
  function layerRoots(selectors: string[]): Element[] {
    const matched = new Set<Element>();
    for (const selector of selectors) for (const el of Array.from(document.querySelectorAll(selector))) matched.add(el);
    const ordered = [...matched].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    return ordered.filter((el) => !ordered.some((other) => other !== el && other.contains(el)));
  }

  /** Walks the document, or with `root` the content of one (closed) shadow root. */
  function walk(options: WalkOptions, root?: ShadowRoot): string {
    const started = performance.now();
    snapshotsTaken.add(options.snapshotId);
    if (options.counterStart !== undefined) counters.set(options.snapshotId, Math.max(counters.get(options.snapshotId) ?? 0, options.counterStart));
    let visited = 0;
    /**
     * Computed styles read for names (generated content, inline-block spacing), only inside the
     * names of controls and headings, and at most this many per walk: each read costs a trip
     * through the sandbox's wrappers, and tables of cells need none.
     */
    let styleReads = 200;
    /** Whether any style sheet could generate content (::before, ::after): reading a pseudo-element's style is dear, so a page without such rules pays nothing. */
    let generates: boolean | undefined;
    const mayGenerate = (): boolean => (generates ??= sheetsGenerateContent());
    /** How deep the walk is inside the content of a control or heading. */
    let inControlName = 0;
    const active = deepActiveElement();
    const elementOf = new Map<RawNode, Element>();
    const shadowRoots: ShadowRoot[] = root ? [root] : [];
    const kept: Pending[] = [];
    const top: RawNode[] = [];
    const iframeNodes: RawNode[] = [];
    const hostCandidates: RawNode[] = [];

    /** Visits one child node: elements are walked, text goes to `text` when the caller wants it. */
    function visitNode(node: Node, out: RawNode[], text: string[] | null, inFold: boolean): void {
      // Every DOM read costs a trip through the sandbox's wrappers: localName tells elements
      // apart (other nodes have none) and is needed anyway, so nodeType is read for the rest only.
      const tag = (node as Element).localName as string | undefined;
      if (tag !== undefined) visitElement(node as Element, tag, out, text, inFold);
      else if (text && node.nodeType === TEXT_NODE) text.push((node as Text).data);
    }

    function visitChildren(parent: Node, out: RawNode[], text: string[] | null, inFold: boolean): void {
      for (let child = parent.firstChild; child; child = child.nextSibling) visitNode(child, out, text, inFold);
    }

    /** Walks what renders inside `el`: its shadow tree (slots resolved to what they show) or its children. */
    function visitContent(el: Element, out: RawNode[], text: string[] | null, inFold: boolean): void {
      const shadow = el.shadowRoot;
      if (shadow) {
        shadowRoots.push(shadow);
        visitChildren(shadow, out, text, inFold);
      } else {
        visitChildren(el, out, text, inFold);
      }
    }

    function visitSlot(slot: HTMLSlotElement, out: RawNode[], text: string[] | null, inFold: boolean): void {
      const assigned = slot.assignedNodes();
      if (assigned.length === 0) {
        visitChildren(slot, out, text, inFold);
        return;
      }
      for (const node of assigned) visitNode(node, out, text, inFold);
    }

    function visitElement(el: Element, tag: string, out: RawNode[], text: string[] | null, inFold: boolean): void {
      visited++;
      if (SKIPPED_TAGS.has(tag)) return;
      if (tag === 'slot') {
        visitSlot(el as HTMLSlotElement, out, text, inFold);
        return;
      }
      let rect = el.getBoundingClientRect();
      // Every element with display:none has an empty box; only then is the costlier check needed.
      // display:contents has no box either, yet its children render: it is walked through.
      let boxless = false;
      if (rect.width === 0 && rect.height === 0 && !el.checkVisibility()) {
        if (getComputedStyle(el).display !== 'contents') return;
        boxless = true;
        const range = document.createRange();
        range.selectNodeContents(el);
        rect = range.getBoundingClientRect();
      }
      const width = rect.width;
      const height = rect.height;
      const names = el.getAttributeNames();
      const has = names.length === 0 ? () => false : (name: string) => names.includes(name);
      if (has('aria-hidden') && el.getAttribute('aria-hidden') === 'true') return;
      if (tag === 'svg') {
        // SVG internals are drawing instructions; keep the graphic only when it has a name.
        const label = has('aria-label') ? el.getAttribute('aria-label') : el.querySelector('title')?.textContent;
        if (label && width > 0 && height > 0) {
          const node: RawNode = { uid: '', tag, role: 'image', name: collapse(label), nameSource: has('aria-label') ? 'aria-label' : 'title', box: [Math.round(rect.x), Math.round(rect.y), Math.round(width), Math.round(height)] };
          elementOf.set(node, el);
          out.push(node);
        }
        return;
      }
      let role = has('role') ? explicitRole(el.getAttribute('role') ?? '', has('aria-label') || has('aria-labelledby') || has('title')) : '';
      // none is ignored on what a person can focus or what carries global ARIA (WAI-ARIA's conflict rule).
      if (role === 'none' && (has('tabindex') || LABELABLE_TAGS.has(tag) || (tag === 'a' && has('href')) || GLOBAL_ARIA.some(has))) role = '';
      if (!role) role = implicitRole(el, tag, has);
      if (role === 'none') role = 'generic';
      // HTML-AAM's minimum role: what can be dragged, focused at load or shown as a popover is at least a group.
      if (role === 'generic' && (has('draggable') || has('autofocus') || has('popover'))) role = 'group';
      const editable = has('contenteditable') && el.getAttribute('contenteditable') !== 'false';
      if (editable && role === 'generic') role = 'textbox';
      const tabbable = has('tabindex') && Number(el.getAttribute('tabindex')) >= 0;
      let interactive =
        INTERACTIVE_ROLES.has(role) || editable || tabbable || has('onclick') || ((tag === 'video' || tag === 'audio') && has('controls'));

      // Inside a control, plain content only feeds the control's name.
      if (inFold && !interactive && role !== 'image') {
        if (INLINE_TAGS.has(tag) || role === 'generic' || !STRUCTURAL_ROLES.has(role)) {
          // Block and inline-block boxes part words in a name: <div>GET</div><div>/items</div> reads "GET /items".
          const styled = text !== null && inControlName > 0 && styleReads-- > 0;
          const block = !INLINE_TAGS.has(tag) || (styled && getComputedStyle(el).display !== 'inline');
          const generated = styled && mayGenerate();
          if (block) text?.push(' ');
          if (generated) text.push(generatedText(el, '::before'));
          visitContent(el, out, text, true);
          if (generated) text.push(generatedText(el, '::after'));
          if (block) text?.push(' ');
          return;
        }
      }
      if (tag === 'img' && inFold) {
        const alt = el.getAttribute('alt');
        if (alt && text) text.push(` ${alt} `);
        return;
      }
      if (tag === 'label' && !interactive) {
        // A label's text names its control; show it on its own only when the control is not visible.
        const control = (el as HTMLLabelElement).control;
        if (control?.checkVisibility(SEEN)) {
          visitContent(el, out, null, inFold);
          return;
        }
        // Its control is hidden (a styled checkbox, say): the label is what a person clicks.
        if (control) interactive = true;
      }
      if (!interactive && (role === 'generic' || TEXT_LEVEL_ROLES.has(role)) && INLINE_TAGS.has(tag)) {
        if (tag === 'br') text?.push('\n');
        visitContent(el, out, text, inFold);
        return;
      }

      // A candidate for a line of its own: it must be visible and have an area (a box-less
      // element's area is its content's).
      const visible = width > 0 && height > 0 && (boxless || el.checkVisibility(SEEN));
      if (!visible) {
        if (boxless) {
          visitContent(el, out, text, inFold);
          return;
        }
        // Opacity 0 hides the whole subtree; visibility:hidden can be overridden by descendants.
        if (!el.checkVisibility(OPAQUE)) return;
        visitContent(el, out, null, inFold);
        return;
      }
      const folds = interactive || NAME_FROM_CONTENT.has(role);
      const node: RawNode = { uid: '', tag, role, box: [Math.round(rect.x), Math.round(rect.y), Math.round(width), Math.round(height)] };
      // Custom elements are kept when they host a shadow root; a closed one is invisible from
      // here, so each custom element without an open root is a candidate that Node checks.
      const custom = tag.includes('-');
      const openRoot = custom || tag === 'div' || tag === 'span' ? el.shadowRoot : null;
      // A box-less custom element without a shadow root is a wrapper (a slot's host, a dialog's): walked through, not listed.
      const listedCustom = custom && (!boxless || openRoot !== null);
      if (listedCustom) {
        node.custom = true;
        if (openRoot) node.shadow = 'open';
        else hostCandidates.push(node);
      }
      const children: RawNode[] = [];
      const ownText: string[] = [];
      const pending: Pending = { el, tag, role, names, has, interactive, folds, node, text: ownText };
      if (tag === 'select') {
        for (const option of Array.from((el as HTMLSelectElement).options)) {
          const item: RawNode = { uid: '', tag: 'option', role: 'option', name: collapse(option.label || option.text), nameSource: 'text', box: node.box };
          if (option.selected) item.selected = true;
          if (option.disabled) item.disabled = true;
          children.push(item);
          elementOf.set(item, option);
        }
      } else if (tag !== 'iframe' && tag !== 'frame' && tag !== 'textarea') {
        const control = folds && (interactive || role === 'heading');
        const styled = control && mayGenerate() && styleReads-- > 0;
        if (styled) ownText.push(generatedText(el, '::before'));
        if (control) inControlName++;
        visitContent(el, children, ownText, folds || inFold);
        if (control) inControlName--;
        if (styled) ownText.push(generatedText(el, '::after'));
      }
      const structural = interactive || STRUCTURAL_ROLES.has(role) || role !== 'generic' || listedCustom;
      const loose = folds ? '' : collapse(ownText.join(''));
      if (!structural && !loose) {
        // A wrapper with nothing to say: its kept descendants move up to the nearest kept ancestor.
        for (const child of children) out.push(child);
        return;
      }
      if (loose) node.text = loose;
      if (children.length) node.children = children;
      if (interactive) node.interactive = true;
      if (tag === 'iframe' || tag === 'frame') iframeNodes.push(node);
      elementOf.set(node, el);
      kept.push(pending);
      out.push(node);
    }

    if (root) visitChildren(root, top, null, false);
    else if (options.rootSelectors) for (const el of layerRoots(options.rootSelectors)) visitElement(el, el.localName, top, null, false);
    else visitContent(document.documentElement, top, null, false);
    // Names and states are read after the walk, once every descendant's text is in.
    const labels = indexLabels(root ? shadowRoots : [document, ...shadowRoots]);
    for (const pending of kept) {
      const [name, source] = nameOf(pending, labels);
      if (name) pending.node.name = name;
      if (pending.interactive || name) pending.node.nameSource = source;
      // What can be said of an unnamed control: it shows an icon.
      if (!name && pending.interactive && pending.el.querySelector('svg, img, i, [class*="icon"]')) pending.node.icon = true;
      fillStates(pending, active);
    }
    // uids are handed out in document order, once the walk knows what it keeps.
    const assign = (nodes: RawNode[]): void => {
      for (const node of nodes) {
        const el = elementOf.get(node);
        if (el) node.uid = uidFor(el, options.snapshotId);
        if (node.children) assign(node.children);
      }
    };
    assign(top);
    // Stamp last: writing attributes mid-walk would invalidate styles and force a relayout per element.
    if (options.stamp) {
      for (const [node, el] of elementOf) if (el.getAttribute(UID_ATTRIBUTE) !== node.uid) el.setAttribute(UID_ATTRIBUTE, node.uid);
    }
    const scroller = document.scrollingElement ?? document.documentElement;
    const result: WalkResult = {
      url: location.href,
      title: document.title,
      snapshotId: options.snapshotId,
      viewport: { width: innerWidth, height: innerHeight, scrollX: Math.round(scrollX), scrollY: Math.round(scrollY), documentHeight: scroller.scrollHeight },
      stats: { visited, kept: elementOf.size, ms: Math.round((performance.now() - started) * 10) / 10 },
      nodes: top,
      lastCounter: counters.get(options.snapshotId) ?? 0,
      iframes: iframeNodes.map((node) => node.uid),
      closedHostCandidates: hostCandidates.map((node) => node.uid),
    };
    return JSON.stringify(result);
  }

  /** The elements behind uids (null where gone), for BiDi to serialize. */
  function elements(...uids: string[]): (Element | null)[] {
    return uids.map(element);
  }

  /** The content windows of iframes, which BiDi serializes as their browsing contexts. */
  function frameWindows(...uids: string[]): (Window | null)[] {
    return uids.map((uid) => (element(uid) as HTMLIFrameElement | null)?.contentWindow ?? null);
  }

  /** The element itself or its nearest ancestor that scrolls (what a wheel over it moves); null for the page. */
  function scrollerOf(el: Element): Element | null {
    for (let current: Element | null = el; current && current !== document.documentElement && current !== document.body; current = current.parentElement) {
      const style = getComputedStyle(current);
      const scrollsY = current.scrollHeight > current.clientHeight + 1 && /(auto|scroll|overlay)/.test(style.overflowY);
      const scrollsX = current.scrollWidth > current.clientWidth + 1 && /(auto|scroll|overlay)/.test(style.overflowX);
      if (scrollsY || scrollsX) return current;
    }
    return null;
  }

  /** Scroll position and size of the container that scrolls for a uid (or of the page). */
  function scrollState(uid: string | null): { x: number; y: number; width: number; height: number; maxX: number; maxY: number; centerX: number; centerY: number } | null {
    const target = uid === null ? null : element(uid);
    if (uid !== null && !target) return null;
    const container = target ? scrollerOf(target) : null;
    const el = container ?? document.scrollingElement ?? document.documentElement;
    const page = container === null;
    let box = page ? { left: 0, top: 0, width: innerWidth, height: innerHeight } : el.getBoundingClientRect();
    // The wheel turns over the container, so it must be on screen first.
    if (!page && (box.top + box.height / 2 < 0 || box.top + box.height / 2 > innerHeight || box.left + box.width / 2 < 0 || box.left + box.width / 2 > innerWidth)) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      box = el.getBoundingClientRect();
    }
    return {
      x: Math.round(el.scrollLeft),
      y: Math.round(el.scrollTop),
      width: page ? innerWidth : el.clientWidth,
      height: page ? innerHeight : el.clientHeight,
      maxX: el.scrollWidth - (page ? innerWidth : el.clientWidth),
      maxY: el.scrollHeight - (page ? innerHeight : el.clientHeight),
      centerX: Math.round(box.left + box.width / 2),
      centerY: Math.round(box.top + box.height / 2),
    };
  }

  /** Gives elements that came from elsewhere (a script's result) uids, as a snapshot would. */
  function adopt(snapshotId: number, stamp: boolean, ...elements: Element[]): string[] {
    snapshotsTaken.add(snapshotId);
    return elements.map((el) => {
      const uid = uidFor(el, snapshotId);
      if (stamp && el.getAttribute(UID_ATTRIBUTE) !== uid) el.setAttribute(UID_ATTRIBUTE, uid);
      return uid;
    });
  }

  /** What the registry knows of `uid`: only its own mapping counts, never the attribute alone. */
  function lookup(uid: string): UidLookup {
    const snapshotId = Number(uid.split('_')[0]);
    if (!snapshotsTaken.has(snapshotId)) return { status: 'unknown-snapshot' };
    const ref = elementByUid.get(uid);
    if (!ref) return { status: 'unknown-uid' };
    const el = ref.deref();
    if (!el?.isConnected) return { status: 'removed' };
    return { status: 'ok' };
  }

  function element(uid: string): Element | null {
    const el = elementByUid.get(uid)?.deref();
    if (!el?.isConnected) return null;
    // The page may have moved or copied the attribute: the registry decides, the attribute follows.
    if (el.getAttribute(UID_ATTRIBUTE) !== uid && el.hasAttribute(UID_ATTRIBUTE)) el.setAttribute(UID_ATTRIBUTE, uid);
    return el;
  }

  function describe(el: Element): string {
    const uid = uidByElement.get(el);
    const id = el.id ? `#${el.id}` : '';
    const text = clip(collapse((el as HTMLElement).innerText || el.textContent || ''), 60);
    return `${uid ? `uid=${uid} ` : ''}${el.localName}${id}${text ? ` "${text}"` : ''}`;
  }

  /** Scrolls the element into view and says what a click at its centre would hit; returns [element, ActionTarget JSON]. */
  function prepareAction(uid: string): [Element, string] | null {
    const el = element(uid);
    if (!el) return null;
    const rects = el.getClientRects();
    let rect = rects[0] ?? el.getBoundingClientRect();
    const inView = (r: DOMRect): boolean => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    if (!inView(rect)) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      rect = el.getClientRects()[0] ?? el.getBoundingClientRect();
    }
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const root = el.getRootNode() as Document | ShadowRoot;
    const hit = root.elementFromPoint(x, y);
    let coveredBy: string | undefined;
    if (hit && hit !== el && !el.contains(hit)) {
      // A click on a control's label reaches the control (checked through the label, not el.labels, see indexLabels).
      const viaLabel = hit.closest('label')?.control === el;
      if (!viaLabel) coveredBy = describe(hit);
    }
    const tag = el.localName;
    const input = el as HTMLInputElement;
    const editable = (tag === 'input' && TEXT_INPUT_TYPES.has(input.type)) || tag === 'textarea' || (el as HTMLElement).isContentEditable;
    const target: ActionTarget = {
      tag,
      role: el.getAttribute('role') ?? '',
      name: clip(collapse(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText), 60),
      disabled: el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true',
      x,
      y,
      inViewport: x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight,
      editable,
    };
    if (coveredBy) target.coveredBy = coveredBy;
    if (el.closest('[draggable="true"]')) target.draggable = true;
    if (tag === 'input') {
      target.inputType = input.type;
      if (input.type === 'checkbox' || input.type === 'radio') target.checked = input.checked;
    }
    return [el, JSON.stringify(target)];
  }

  /** Resolves after `quietMs` without DOM changes, or after `maxMs` at most; true when it was quiet. */
  function waitForQuiet(quietMs: number, maxMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      let timer = setTimeout(done, quietMs, true);
      const cap = setTimeout(done, maxMs, false);
      const observer = new MutationObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, quietMs, true);
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      function done(quiet: boolean): void {
        clearTimeout(timer);
        clearTimeout(cap);
        observer.disconnect();
        resolve(quiet);
      }
    });
  }

  /**
   * Plays HTML5 drag and drop from one element to another with one shared DataTransfer:
   * dragstart, dragenter, dragover, drop, dragend. Returns whether the target accepted the drop.
   */
  function html5Drag(fromUid: string, toUid: string): boolean {
    const source = element(fromUid)?.closest('[draggable="true"]');
    const target = element(toUid);
    if (!source || !target) return false;
    const box = target.getBoundingClientRect();
    const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    const dataTransfer = new DataTransfer();
    const fire = (el: Element, type: string): boolean =>
      el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer, ...at }));
    fire(source, 'dragstart');
    fire(target, 'dragenter');
    // A drop target says yes by cancelling dragover.
    const accepted = !fire(target, 'dragover');
    if (accepted) fire(target, 'drop');
    else fire(target, 'dragleave');
    fire(source, 'dragend');
    return accepted;
  }

  /** Selects all of a text field's content, so that typing replaces it. */
  function selectContent(uid: string): boolean {
    const el = element(uid);
    if (!el) return false;
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      el.focus();
      el.select();
      return true;
    }
    if ((el as HTMLElement).isContentEditable) {
      (el as HTMLElement).focus();
      const range = document.createRange();
      range.selectNodeContents(el);
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return true;
    }
    return false;
  }

  /**
   * Sets a value that keys cannot type (a select's option, a date or colour input) the way a
   * person's pick would end: value set, then input and change events. Returns an error text or ''.
   */
  function setValue(uid: string, value: string): string {
    const el = element(uid);
    if (!el) return 'element is gone';
    if (el instanceof HTMLSelectElement) {
      const options = Array.from(el.options);
      const wanted = value.trim().toLowerCase();
      const option =
        options.find((item) => item.label === value || item.text === value) ??
        options.find((item) => item.value === value) ??
        options.find((item) => collapse(item.label || item.text).toLowerCase() === wanted);
      if (!option) return `no option has the label or value ${JSON.stringify(value)}; the options are ${options.map((item) => JSON.stringify(collapse(item.label || item.text))).join(', ')}`;
      if (option.disabled) return `the option ${JSON.stringify(option.label)} is disabled`;
      option.selected = true;
    } else if (el instanceof HTMLInputElement) {
      el.value = value;
      if (el.value !== value && value !== '') return `the ${el.type} input did not accept ${JSON.stringify(value)} (the format it expects, such as 2024-01-31 for a date, is required)`;
    } else {
      return 'it is not a select or input';
    }
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return '';
  }

  function selectorStep(el: Element, root: Document | ShadowRoot): string {
    const tag = CSS.escape(el.localName);
    if (el.id) {
      const byId = `${tag}#${CSS.escape(el.id)}`;
      if (root.querySelectorAll(byId).length === 1) return byId;
    }
    let index = 1;
    for (let sibling = el.previousElementSibling; sibling; sibling = sibling.previousElementSibling) if (sibling.localName === el.localName) index++;
    return `${tag}:nth-of-type(${index})`;
  }

  function isShadowRoot(node: Node): node is ShadowRoot {
    return node.nodeType === 11 && 'host' in node;
  }

  /** A CSS selector that matches exactly `el` inside its own root (document or shadow root). */
  function selectorWithinRoot(el: Element): string {
    const root = el.getRootNode() as Document | ShadowRoot;
    // A unique id outlives reloads; our attribute does not, so it comes second.
    if (el.id) {
      const byId = selectorStep(el, root);
      if (byId.includes('#')) return byId;
    }
    const uid = el.getAttribute(UID_ATTRIBUTE);
    if (uid !== null && uidByElement.get(el) === uid) {
      // uids are digits and an underscore: nothing to escape inside the quotes.
      const byUid = `[${UID_ATTRIBUTE}="${uid}"]`;
      const matches = root.querySelectorAll(byUid);
      if (matches.length === 1 && matches[0] === el) return byUid;
    }
    const steps: string[] = [];
    for (let current: Element | null = el; current; current = current.parentElement) {
      const step = selectorStep(current, root);
      steps.unshift(step);
      if (step.includes('#') && root.querySelectorAll(steps.join(' > ')).length === 1) break;
    }
    return steps.join(' > ');
  }

  /** The selector of `uid` within its root, and the selectors of the shadow hosts around it, outermost first. */
  function selector(uid: string): { selector: string; shadowHosts: string[] } | null {
    const el = element(uid);
    if (!el) return null;
    const shadowHosts: string[] = [];
    for (let root = el.getRootNode(); isShadowRoot(root); root = root.host.getRootNode()) shadowHosts.unshift(selectorWithinRoot(root.host));
    return { selector: selectorWithinRoot(el), shadowHosts };
  }

  /** Forgets every uid of this document and removes the attributes it wrote. */
  function clear(): void {
    for (const ref of elementByUid.values()) ref.deref()?.removeAttribute(UID_ATTRIBUTE);
    elementByUid.clear();
    uidByElement = new WeakMap();
    snapshotsTaken.clear();
    counters.clear();
  }

  return { walk, scrollState, elements, frameWindows, adopt, lookup, element, prepareAction, selector, clear, describe, waitForQuiet, selectContent, setValue, html5Drag };
}

export type InjectedLibrary = ReturnType<typeof createLibrary>;

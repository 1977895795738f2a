/* eslint no-restricted-syntax: ["error", { "selector": "ImportDeclaration[importKind!='type']", "message": "The Markdown extractor runs in the page as source text: import types only." }] */
/**
 * The in-page Markdown extractor: one self-contained function, sent to the page as source text
 * (see index.ts `markdownSource()`) and run in the BiDi sandbox, where page scripts that override
 * built-ins cannot reach it. It walks what is visible (open shadow roots included, in order) and
 * returns ONE JSON string of an `MdDocument`: blocks (headings, paragraphs, lists, tables, code,
 * quotes, images, rules, and chrome landmarks condensed to their links) holding inline runs
 * (text, strong, em, del, code, links, images, line breaks, controls). It never changes the page.
 *
 * Constraints, as for the snapshot library: nothing may be imported at run time (types only), and
 * every helper lives inside the function. DOM reads are costly through the sandbox's wrappers, so
 * the walk reads each node's tag once and calls checkVisibility only where a box says little.
 */
import type { ChromeLandmark, MdBlock, MdCell, MdControl, MdDocument, MdInline, MdListItem, MdRow, TriState } from './types.js';

export function extractDocument(): string {
  const TEXT_NODE = 3;
  const UID_ATTRIBUTE = 'data-mcp-uid';
  // Walk flags, passed down the tree.
  /** Inside visibility:hidden: own text is not shown, but a descendant may show itself again. */
  const HIDDEN = 1;
  /** Inside a label that names a control: its plain text is the control's name, not content. */
  const MUTE = 2;
  /** Inside a link: a nested link is plain content. */
  const IN_LINK = 4;
  /** Inside article, aside, main, nav or section: a header or footer there is not the page's. */
  const IN_SECTION = 8;
  /** Inside an article: an aside there is part of the text, not a sidebar. */
  const IN_ARTICLE = 16;
  const NOT_SHOWN = -1;
  const MAX_VALUE = 300;
  const MAX_NAME = 200;
  const SEEN = { visibilityProperty: true };

  const SKIPPED = new Set([
    'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'datalist', 'param', 'source', 'track',
    'iframe', 'frame', 'frameset', 'object', 'embed', 'canvas', 'video', 'audio', 'map', 'area', 'svg', 'math', 'option', 'optgroup',
  ]);
  /** Elements that start a block of their own (custom elements too, see isBlock). */
  const BLOCK_TAGS = new Set([
    'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption',
    'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'main', 'menu',
    'nav', 'ol', 'p', 'pre', 'search', 'section', 'summary', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'ul',
  ]);
  const CONTROL_ROLES = new Set([
    'button', 'checkbox', 'radio', 'switch', 'textbox', 'searchbox', 'combobox', 'listbox', 'slider', 'spinbutton', 'tab', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'link',
  ]);
  const LANDMARK_ROLES = new Map<string, ChromeLandmark>([
    ['navigation', 'navigation'],
    ['banner', 'banner'],
    ['contentinfo', 'contentinfo'],
    ['complementary', 'complementary'],
    ['search', 'search'],
  ]);
  const JUNK = /[\u00ad\u200b-\u200d\u2060\ufeff\ue000-\uf8ff]/g;

  const registry = (globalThis as { __firefoxBidiMcp?: { element?: unknown } }).__firefoxBidiMcp;
  const resolveUid = registry && typeof registry.element === 'function' ? (registry.element as (uid: string) => Element | null) : null;
  const scrollLeft = window.scrollX;
  const labelIndex = new Map<Node, Map<Element, HTMLLabelElement[]>>();

  interface Ctx {
    out: MdBlock[];
    /** The paragraph being gathered. */
    inl: MdInline[];
  }

  interface Info {
    el: Element;
    tag: string;
    names: string[];
    role: string;
  }

  function collapse(text: string): string {
    return text.replace(JUNK, '').replace(/\s+/g, ' ').trim();
  }

  function clip(text: string, max: number): string {
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  }

  function shortenUrl(url: string): string {
    if (url.startsWith('data:') && url.length > 100) {
      const comma = url.indexOf(',');
      return `${url.slice(0, comma > 0 && comma < 100 ? comma + 1 : 40)}…`;
    }
    return url;
  }

  function attr(info: Info, name: string): string | null {
    return info.names.includes(name) ? info.el.getAttribute(name) : null;
  }

  function infoOf(el: Element, tag: string): Info {
    const names = el.getAttributeNames();
    let role = '';
    if (names.includes('role')) role = (el.getAttribute('role') ?? '').trim().toLowerCase().split(/\s+/)[0] ?? '';
    return { el, tag, names, role };
  }

  /** The uid a snapshot stamped on the element, when the sandbox's registry agrees it names this element. */
  function uidOf(info: Info): string | undefined {
    if (!registry || !info.names.includes(UID_ATTRIBUTE)) return undefined;
    const uid = info.el.getAttribute(UID_ATTRIBUTE);
    if (!uid) return undefined;
    if (resolveUid && resolveUid.call(registry, uid) !== info.el) return undefined;
    return uid;
  }

  /**
   * Whether the element shows, and the flags for its content; NOT_SHOWN when nothing in it can.
   * `block`: also check visibility:hidden (inline elements inherit their block's answer).
   */
  function shown(info: Info, flags: number, block: boolean): number {
    const { el, names } = info;
    if (names.includes('hidden')) return NOT_SHOWN;
    if (names.includes('aria-hidden') && el.getAttribute('aria-hidden') === 'true') return NOT_SHOWN;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) {
      // display:none, display:contents, an empty or clipped box, a screen-reader-only text.
      if (!el.checkVisibility()) return getComputedStyle(el).display === 'contents' ? flags : NOT_SHOWN;
      const style = getComputedStyle(el);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return NOT_SHOWN;
    } else if (rect.right + scrollLeft < -500) {
      // Moved off the left edge to hide it from the eye and keep it for screen readers.
      return NOT_SHOWN;
    }
    if (block || (flags & HIDDEN) !== 0) {
      if (el.checkVisibility(SEEN)) return flags & ~HIDDEN;
      return flags | HIDDEN;
    }
    return flags;
  }

  function isBlock(tag: string, role: string): boolean {
    return BLOCK_TAGS.has(tag) || tag.includes('-') || LANDMARK_ROLES.has(role) || role === 'heading' || role === 'list' || role === 'table' || role === 'grid';
  }

  // ------------------------------------------------------------------ children, shadow roots, slots

  /** Calls `fn` for each node that renders inside `parent`: its shadow tree (slots resolved) or its children. */
  function forContent(parent: Node, fn: (node: Node) => void): void {
    const root: Node = (parent as Element).shadowRoot ?? parent;
    for (let child = root.firstChild; child; child = child.nextSibling) {
      if ((child as Element).localName === 'slot') {
        const assigned = (child as HTMLSlotElement).assignedNodes();
        if (assigned.length > 0) for (const node of assigned) fn(node);
        else forContent(child, fn);
      } else {
        fn(child);
      }
    }
  }

  // ------------------------------------------------------------------ inline content

  function pushText(out: MdInline[], data: string): void {
    const text = data.replace(JUNK, '').replace(/\s+/g, ' ');
    if (!text) return;
    const last = out[out.length - 1];
    if (last?.k === 'text') last.v += text;
    else out.push({ k: 'text', v: text });
  }

  /** Is there anything a reader would see (more than spaces and line breaks)? */
  function hasContent(list: readonly MdInline[]): boolean {
    for (const node of list) {
      switch (node.k) {
        case 'text':
          if (node.v.trim()) return true;
          break;
        case 'br':
          break;
        case 'strong':
        case 'em':
        case 'del':
          if (hasContent(node.c)) return true;
          break;
        default:
          return true;
      }
    }
    return false;
  }

  /** Plain text of inline content: image alts and controls' names included. */
  function plain(list: readonly MdInline[]): string {
    let text = '';
    for (const node of list) {
      switch (node.k) {
        case 'text':
        case 'code':
          text += node.v;
          break;
        case 'strong':
        case 'em':
        case 'del':
        case 'link':
          text += plain(node.c);
          break;
        case 'img':
          text += ` ${node.alt} `;
          break;
        case 'control':
          text += ` ${node.name ?? ''} `;
          break;
        case 'br':
          text += ' ';
          break;
      }
    }
    return text;
  }

  function inlineChildren(parent: Node, out: MdInline[], flags: number): void {
    forContent(parent, (node) => {
      inlineNode(node, out, flags);
    });
  }

  function inlineNode(node: Node, out: MdInline[], flags: number): void {
    // localName tells elements apart (other nodes have none); nodeType is read for the rest only.
    const tag = (node as Element).localName as string | undefined;
    if (tag === undefined) {
      if (!(flags & (HIDDEN | MUTE)) && node.nodeType === TEXT_NODE) pushText(out, (node as Text).data);
      return;
    }
    if (SKIPPED.has(tag) || tag === 'wbr') return;
    if (tag === 'br') {
      if (!(flags & HIDDEN)) out.push({ k: 'br' });
      return;
    }
    const info = infoOf(node as Element, tag);
    const own = shown(info, flags, isBlock(tag, info.role));
    if (own === NOT_SHOWN) return;
    inlineElement(info, out, own);
  }

  function wrapped(kind: 'strong' | 'em' | 'del', info: Info, out: MdInline[], flags: number): void {
    const c: MdInline[] = [];
    inlineChildren(info.el, c, flags);
    if (hasContent(c)) out.push({ k: kind, c });
    else if (c.length > 0) pushText(out, ' ');
  }

  function inlineElement(info: Info, out: MdInline[], flags: number): void {
    const { el, tag } = info;
    const control = controlOf(info, flags);
    if (control !== undefined) {
      if (control && !(flags & HIDDEN)) out.push(control);
      return;
    }
    switch (tag) {
      case 'a':
        if (!(flags & IN_LINK) && info.names.includes('href')) {
          link(info, out, flags);
          return;
        }
        break;
      case 'img':
        if (!(flags & HIDDEN)) image(info, out);
        return;
      case 'strong':
      case 'b':
        wrapped('strong', info, out, flags);
        return;
      case 'em':
      case 'i':
      case 'cite':
      case 'dfn':
      case 'var':
        wrapped('em', info, out, flags);
        return;
      case 'del':
      case 's':
      case 'strike':
        wrapped('del', info, out, flags);
        return;
      case 'code':
      case 'kbd':
      case 'samp':
      case 'tt':
      case 'pre': {
        if (flags & (HIDDEN | MUTE)) return;
        const text = collapse(el.textContent);
        if (text) out.push({ k: 'code', v: text });
        return;
      }
      case 'label':
        label(info, out, flags);
        return;
    }
    if (isBlock(tag, info.role)) {
      // A block inside inline content (a card inside a link): keep its words apart.
      pushText(out, ' ');
      inlineChildren(el, out, flags);
      pushText(out, ' ');
      return;
    }
    inlineChildren(el, out, flags);
  }

  function link(info: Info, out: MdInline[], flags: number): void {
    const href = (info.el as HTMLAnchorElement).href as unknown;
    const c: MdInline[] = [];
    inlineChildren(info.el, c, (flags | IN_LINK) & ~MUTE);
    if (typeof href !== 'string' || !href) {
      out.push(...c);
      return;
    }
    if (!hasContent(c)) {
      if (flags & HIDDEN) return;
      const name = fallbackName(info);
      c.length = 0;
      if (name) c.push({ k: 'text', v: name });
    }
    const node: MdInline = { k: 'link', href, c };
    const uid = uidOf(info);
    if (uid) node.uid = uid;
    out.push(node);
  }

  /** A name for an element whose content says nothing (an icon link): aria-label, title, an SVG's title. */
  function fallbackName(info: Info): string {
    const labelledBy = attr(info, 'aria-labelledby');
    if (labelledBy) {
      const text = textOfIds(info.el, labelledBy);
      if (text) return text;
    }
    const label = collapse(attr(info, 'aria-label') ?? '') || collapse(attr(info, 'title') ?? '');
    if (label) return clip(label, MAX_NAME);
    const svg = info.el.querySelector('svg');
    if (svg) return clip(collapse(svg.getAttribute('aria-label') ?? svg.querySelector('title')?.textContent ?? ''), MAX_NAME);
    return '';
  }

  function image(info: Info, out: MdInline[]): void {
    const alt = attr(info, 'alt');
    // alt="" says the image is decoration; role none or presentation says the same.
    if (alt === '' || info.role === 'presentation' || info.role === 'none') return;
    // Tracking pixels.
    if (Number(attr(info, 'width') ?? 2) <= 1 && Number(attr(info, 'height') ?? 2) <= 1) return;
    const img = info.el as HTMLImageElement;
    const src = img.src || img.currentSrc;
    if (!src) return;
    out.push({ k: 'img', alt: clip(collapse(alt ?? attr(info, 'aria-label') ?? attr(info, 'title') ?? ''), MAX_NAME), src: shortenUrl(src) });
  }

  // ------------------------------------------------------------------ controls

  function textOfIds(el: Element, ids: string): string {
    const root = el.getRootNode() as Document | ShadowRoot;
    const parts: string[] = [];
    for (const id of ids.split(/\s+/)) {
      const target = id ? root.getElementById(id) : null;
      if (target) parts.push(target.textContent);
    }
    return clip(collapse(parts.join(' ')), MAX_NAME);
  }

  /**
   * A control's labels. A label names a control of its own tree only, so each tree (the document,
   * a shadow root) is indexed once, on first use: reading `control.labels` instead costs a scan of
   * the document per control and leaves a live list behind that slows every later DOM change.
   */
  function labelsOf(control: Element): HTMLLabelElement[] {
    const root = control.getRootNode() as Document | ShadowRoot;
    let index = labelIndex.get(root);
    if (!index) {
      index = new Map();
      labelIndex.set(root, index);
      for (const label of Array.from(root.querySelectorAll('label'))) {
        const target = label.control;
        if (!target) continue;
        const list = index.get(target);
        if (list) list.push(label);
        else index.set(target, [label]);
      }
    }
    return index.get(control) ?? [];
  }

  /** A label's text without the text of the control it wraps (or of any other control in it). */
  function labelText(label: Element, control: Element): string {
    let text = '';
    for (let child = label.firstChild; child; child = child.nextSibling) {
      if (child === control) continue;
      const tag = (child as Element).localName as string | undefined;
      if (tag === undefined) {
        if (child.nodeType === TEXT_NODE) text += (child as Text).data;
      } else if (tag !== 'select' && tag !== 'textarea' && tag !== 'input' && tag !== 'button' && !SKIPPED.has(tag)) {
        text += ` ${(child as Element).contains(control) ? labelText(child as Element, control) : (child.textContent ?? '')} `;
      }
    }
    return collapse(text);
  }

  function contentName(info: Info): string {
    const c: MdInline[] = [];
    inlineChildren(info.el, c, IN_LINK);
    return collapse(plain(c));
  }

  function controlName(info: Info, kind: 'field' | 'button' | 'content', contentAllowed = true): string {
    const labelledBy = attr(info, 'aria-labelledby');
    if (labelledBy) {
      const text = textOfIds(info.el, labelledBy);
      if (text) return text;
    }
    const ariaLabel = collapse(attr(info, 'aria-label') ?? '');
    if (ariaLabel) return clip(ariaLabel, MAX_NAME);
    if (kind !== 'content') {
      const labels = labelsOf(info.el).map((label) => labelText(label, info.el)).filter(Boolean);
      if (labels.length > 0) return clip(labels.join(' '), MAX_NAME);
    }
    if (info.tag === 'input') {
      const input = info.el as HTMLInputElement;
      if (input.type === 'image') {
        const alt = collapse(attr(info, 'alt') ?? '');
        if (alt) return clip(alt, MAX_NAME);
      }
      if (input.type === 'submit' || input.type === 'reset' || input.type === 'button') {
        const value = collapse(input.value) || (input.type === 'submit' ? 'Submit' : input.type === 'reset' ? 'Reset' : '');
        if (value) return clip(value, MAX_NAME);
      }
    }
    if (kind !== 'field' && contentAllowed) {
      const text = contentName(info);
      if (text) return clip(text, MAX_NAME);
    }
    const title = collapse(attr(info, 'title') ?? '');
    if (title) return clip(title, MAX_NAME);
    const placeholder = collapse(attr(info, 'placeholder') ?? '');
    return clip(placeholder, MAX_NAME);
  }

  function triState(value: string | null): TriState | undefined {
    return value === 'true' || value === 'false' || value === 'mixed' ? value : undefined;
  }

  /** The control's role: '' when the element is not a control, 'none' when it shows nothing (a hidden input). */
  function controlRole(info: Info): string {
    const { el, tag, role } = info;
    switch (tag) {
      case 'input': {
        const input = el as HTMLInputElement;
        if (CONTROL_ROLES.has(role)) return role;
        switch (input.type) {
          case 'hidden':
            return 'none';
          case 'checkbox':
          case 'radio':
            return input.type;
          case 'range':
            return 'slider';
          case 'number':
            return 'spinbutton';
          case 'button':
          case 'submit':
          case 'reset':
          case 'image':
          case 'file':
          case 'color':
            return 'button';
          case 'search':
            return info.names.includes('list') ? 'combobox' : 'searchbox';
          default:
            return info.names.includes('list') ? 'combobox' : 'textbox';
        }
      }
      case 'select':
        return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
      case 'textarea':
        return 'textbox';
      case 'button':
        return CONTROL_ROLES.has(role) ? role : 'button';
      case 'a':
        // A link stays a link in both views, whatever widget role it plays.
        return info.names.includes('href') ? '' : CONTROL_ROLES.has(role) ? role : '';
      default:
        return CONTROL_ROLES.has(role) && role !== 'link' ? role : role === 'link' && !info.names.includes('href') ? 'link' : '';
    }
  }

  /** The control for this element: undefined when it is not one, null when it is one that shows nothing. */
  function controlOf(info: Info, flags: number): MdControl | null | undefined {
    const role = controlRole(info);
    if (!role) return undefined;
    if (role === 'none') return null;
    const { el, tag } = info;
    const control: MdControl = { k: 'control', role, tag };
    const native = tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'button';
    const name = controlName(info, tag === 'input' || tag === 'select' || tag === 'textarea' ? 'field' : native ? 'button' : 'content');
    if (name) control.name = name;
    if (tag === 'input') {
      const input = el as HTMLInputElement;
      control.type = input.type;
      if (input.type === 'checkbox' || input.type === 'radio') {
        control.checked = input.indeterminate ? 'mixed' : input.checked ? 'true' : 'false';
      } else if (input.type === 'file') {
        const files = Array.from(input.files ?? []).map((file) => file.name).join(', ');
        if (files) control.value = clip(files, MAX_VALUE);
      } else if (input.type !== 'submit' && input.type !== 'reset' && input.type !== 'button' && input.type !== 'image') {
        // Never copy a password out of the page, only whether there is one.
        if (input.value) control.value = input.type === 'password' ? '••••••••' : clip(collapse(input.value), MAX_VALUE);
      }
      if (input.required) control.required = true;
    } else if (tag === 'textarea') {
      const value = collapse((el as HTMLTextAreaElement).value);
      if (value) control.value = clip(value, MAX_VALUE);
      if ((el as HTMLTextAreaElement).required) control.required = true;
    } else if (tag === 'select') {
      const chosen = Array.from((el as HTMLSelectElement).selectedOptions).map((option) => collapse(option.label || option.text));
      if (chosen.length > 0) control.value = clip(chosen.join(', '), MAX_VALUE);
      if ((el as HTMLSelectElement).required) control.required = true;
    } else if (!native) {
      const value = collapse(attr(info, 'aria-valuetext') ?? attr(info, 'aria-valuenow') ?? '');
      if (value) control.value = clip(value, MAX_VALUE);
    }
    const checked = triState(attr(info, 'aria-checked'));
    if (checked) control.checked = checked;
    const pressed = triState(attr(info, 'aria-pressed'));
    if (pressed) control.pressed = pressed;
    const expanded = attr(info, 'aria-expanded');
    if (expanded === 'true' || expanded === 'false') control.expanded = expanded === 'true';
    if (attr(info, 'aria-selected') === 'true') control.selected = true;
    if (attr(info, 'aria-disabled') === 'true' || (native && el.matches(':disabled'))) control.disabled = true;
    if (attr(info, 'aria-required') === 'true') control.required = true;
    const uid = uidOf(info);
    if (uid) control.uid = uid;
    // Inside visibility:hidden, nothing shows; the caller drops it.
    return flags & HIDDEN ? null : control;
  }

  /**
   * A label: when it names a control, its text is the control's name and not content (the control
   * says it). When that control is hidden (a styled checkbox), the label is what a person clicks:
   * it stands for the control.
   */
  function label(info: Info, out: MdInline[], flags: number): void {
    const control = (info.el as HTMLLabelElement).control;
    if (!control) {
      inlineChildren(info.el, out, flags);
      return;
    }
    if (control.checkVisibility(SEEN) && !(control.getAttribute('aria-hidden') === 'true')) {
      inlineChildren(info.el, out, flags | MUTE);
      return;
    }
    const controlInfo = infoOf(control, control.localName);
    const stand = controlOf(controlInfo, flags);
    if (stand) {
      const name = labelText(info.el, control);
      if (name) stand.name = clip(name, MAX_NAME);
      const uid = uidOf(info);
      if (uid) stand.uid = uid;
      out.push(stand);
    }
    // HIDDEN makes each descendant show itself again, which the hidden control cannot: it is not said twice.
    inlineChildren(info.el, out, flags | MUTE | HIDDEN);
  }

  // ------------------------------------------------------------------ blocks

  function flush(ctx: Ctx): void {
    const inl = ctx.inl;
    if (inl.length === 0) return;
    ctx.inl = [];
    if (!hasContent(inl)) return;
    // A paragraph that is one image and nothing else is an image block.
    const solid = inl.filter((node) => node.k !== 'br' && !(node.k === 'text' && !node.v.trim()));
    const only = solid.length === 1 ? solid[0] : undefined;
    if (only?.k === 'img') ctx.out.push({ k: 'image', alt: only.alt, src: only.src });
    else ctx.out.push({ k: 'paragraph', c: inl });
  }

  function blockChildren(parent: Node, ctx: Ctx, flags: number): void {
    forContent(parent, (node) => {
      blockNode(node, ctx, flags);
    });
  }

  /** The blocks inside `parent`, gathered on their own. */
  function blocksOf(parent: Node, flags: number): MdBlock[] {
    const ctx: Ctx = { out: [], inl: [] };
    blockChildren(parent, ctx, flags);
    flush(ctx);
    return ctx.out;
  }

  function landmarkOf(info: Info, flags: number): ChromeLandmark | undefined {
    const byRole = LANDMARK_ROLES.get(info.role);
    if (byRole) return byRole;
    if (info.role) return undefined;
    switch (info.tag) {
      case 'nav':
        return 'navigation';
      case 'header':
        return flags & IN_SECTION ? undefined : 'banner';
      case 'footer':
        return flags & IN_SECTION ? undefined : 'contentinfo';
      case 'aside':
        return flags & IN_ARTICLE ? undefined : 'complementary';
      case 'search':
        return 'search';
      default:
        return undefined;
    }
  }

  function blockNode(node: Node, ctx: Ctx, flags: number): void {
    const tag = (node as Element).localName as string | undefined;
    if (tag === undefined) {
      if (!(flags & (HIDDEN | MUTE)) && node.nodeType === TEXT_NODE) pushText(ctx.inl, (node as Text).data);
      return;
    }
    if (SKIPPED.has(tag) || tag === 'wbr') return;
    if (tag === 'br') {
      if (!(flags & HIDDEN)) ctx.inl.push({ k: 'br' });
      return;
    }
    const info = infoOf(node as Element, tag);
    const { el, role } = info;
    if (!isBlock(tag, role) || controlRole(info)) {
      const own = shown(info, flags, false);
      if (own !== NOT_SHOWN) inlineElement(info, ctx.inl, own);
      return;
    }
    let own = shown(info, flags, true);
    if (own === NOT_SHOWN) return;
    const plainRole = role === 'presentation' || role === 'none';
    const landmark = landmarkOf(info, own);
    if (landmark) {
      flush(ctx);
      chrome(info, landmark, ctx, own);
      return;
    }
    if (tag === 'article' || role === 'article') own |= IN_ARTICLE | IN_SECTION;
    else if (tag === 'main' || tag === 'section' || tag === 'aside' || tag === 'nav' || role === 'main' || role === 'region') own |= IN_SECTION;
    const heading = role === 'heading' ? Number(attr(info, 'aria-level') ?? 2) : !role && /^h[1-6]$/.test(tag) ? Number(tag.slice(1)) : 0;
    if (heading > 0) {
      flush(ctx);
      const c: MdInline[] = [];
      inlineChildren(el, c, own);
      if (hasContent(c)) ctx.out.push({ k: 'heading', level: Math.min(6, Math.max(1, Math.round(heading) || 2)), c });
      return;
    }
    if ((!role && (tag === 'ul' || tag === 'ol' || tag === 'menu')) || role === 'list') {
      flush(ctx);
      list(info, ctx, own);
      return;
    }
    if (tag === 'table' || role === 'table' || role === 'grid' || role === 'treegrid') {
      flush(ctx);
      if (tag === 'table') htmlTable(info, ctx, own, plainRole);
      else ariaTable(info, ctx, own);
      return;
    }
    switch (tag) {
      case 'pre':
        flush(ctx);
        if (!(own & (HIDDEN | MUTE))) code(el, ctx);
        return;
      case 'blockquote': {
        flush(ctx);
        const c = blocksOf(el, own);
        if (c.length > 0) ctx.out.push({ k: 'blockquote', c });
        return;
      }
      case 'hr':
        flush(ctx);
        if (!(own & HIDDEN)) ctx.out.push({ k: 'hr' });
        return;
      case 'details':
        // Closed, only its summary shows; text straight inside it has no box to ask.
        if (!info.names.includes('open')) {
          flush(ctx);
          for (let child = el.firstElementChild; child; child = child.nextElementSibling) if (child.localName === 'summary') blockNode(child, ctx, own);
          flush(ctx);
          return;
        }
        break;
      case 'dt': {
        flush(ctx);
        const c: MdInline[] = [];
        inlineChildren(el, c, own);
        if (hasContent(c)) ctx.out.push({ k: 'paragraph', c: [{ k: 'strong', c }] });
        return;
      }
    }
    // Every other block (div, p, section, figure, custom elements…): its content, set apart.
    flush(ctx);
    blockChildren(el, ctx, own);
    flush(ctx);
  }

  /** A code block's language, from class="language-x" (or lang-x, highlight-source-x) or data-lang. */
  function languageOf(el: Element): string | undefined {
    const inner = el.firstElementChild?.localName === 'code' ? el.firstElementChild : null;
    for (const source of [el, inner, el.parentElement]) {
      const match = /(?:^|\s)(?:lang(?:uage)?-|highlight-source-)([\w#+.-]+)/.exec(source?.getAttribute('class') ?? '');
      if (match?.[1]) return match[1].toLowerCase();
    }
    for (const source of [el, inner]) {
      const match = /^[\w#+.-]+$/.exec((source?.getAttribute('data-lang') ?? source?.getAttribute('data-language') ?? '').trim());
      if (match) return match[0].toLowerCase();
    }
    return undefined;
  }

  function code(el: Element, ctx: Ctx): void {
    const text = (el as HTMLElement).innerText.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ').replace(/^\n+|\s+$/g, '');
    if (!text.trim()) return;
    const block: MdBlock = { k: 'code', text };
    const lang = languageOf(el);
    if (lang) block.lang = lang;
    ctx.out.push(block);
  }

  function list(info: Info, ctx: Ctx, flags: number): void {
    const ordered = info.tag === 'ol';
    const items: MdListItem[] = [];
    let stray: Ctx | null = null;
    const closeStray = (): void => {
      if (!stray) return;
      flush(stray);
      if (stray.out.length > 0) items.push({ c: stray.out });
      stray = null;
    };
    forContent(info.el, (child) => {
      const tag = (child as Element).localName as string | undefined;
      const childInfo = tag === undefined ? null : infoOf(child as Element, tag);
      if (childInfo && ((tag === 'li' && !childInfo.role) || childInfo.role === 'listitem')) {
        closeStray();
        const own = shown(childInfo, flags, true);
        if (own === NOT_SHOWN) return;
        const item = listItem(childInfo, own);
        if (item) items.push(item);
        return;
      }
      const previous = items[items.length - 1];
      if (tag !== undefined && (tag === 'ul' || tag === 'ol') && previous && !stray) {
        // A list put straight inside a list: it belongs to the item before it.
        const ctxOfPrevious: Ctx = { out: previous.c, inl: [] };
        blockNode(child, ctxOfPrevious, flags);
        flush(ctxOfPrevious);
        return;
      }
      stray ??= { out: [], inl: [] };
      blockNode(child, stray, flags);
    });
    closeStray();
    if (items.length === 0) return;
    const block: MdBlock = { k: 'list', ordered, items };
    if (ordered) {
      const start = Number(info.el.getAttribute('start') ?? 1);
      if (Number.isSafeInteger(start) && start !== 1 && start >= 0) block.start = start;
    }
    ctx.out.push(block);
  }

  function listItem(info: Info, flags: number): MdListItem | null {
    const c = blocksOf(info.el, flags);
    const item: MdListItem = { c };
    // A task item: its first content is a checkbox.
    const first = c[0];
    if (first?.k === 'paragraph') {
      const index = first.c.findIndex((node) => !(node.k === 'text' && !node.v.trim()));
      const box = first.c[index];
      if (box?.k === 'control' && box.role === 'checkbox' && box.tag === 'input') {
        first.c.splice(0, index + 1);
        item.task = box.checked === 'true';
        if (box.uid) item.taskUid = box.uid;
        // A wrapping label named the box: its text is the item's text.
        if (!hasContent(first.c)) {
          if (box.name) first.c = [{ k: 'text', v: box.name }];
          else c.shift();
        }
      }
    }
    if (c.length === 0 && item.task === undefined) return null;
    return item;
  }

  function cellOf(info: Info, flags: number): MdCell {
    const cell: MdCell = { c: blocksOf(info.el, flags) };
    if (info.tag === 'th' || info.role === 'columnheader' || info.role === 'rowheader') cell.header = true;
    const colspan = Number(attr(info, 'colspan') ?? attr(info, 'aria-colspan') ?? 1);
    const rowspan = Number(attr(info, 'rowspan') ?? attr(info, 'aria-rowspan') ?? 1);
    if (Number.isSafeInteger(colspan) && colspan > 1) cell.colspan = Math.min(colspan, 100);
    if (Number.isSafeInteger(rowspan) && rowspan > 1) cell.rowspan = Math.min(rowspan, 1000);
    return cell;
  }

  function pushTable(ctx: Ctx, rows: MdRow[], caption: MdInline[] | null, layout: boolean): void {
    if (rows.length === 0 && !caption) return;
    const block: MdBlock = { k: 'table', rows };
    if (caption && hasContent(caption)) block.caption = caption;
    if (layout) block.layout = true;
    ctx.out.push(block);
  }

  function htmlTable(info: Info, ctx: Ctx, flags: number, layout: boolean): void {
    const table = info.el as HTMLTableElement;
    let caption: MdInline[] | null = null;
    const captionEl = table.caption;
    if (captionEl) {
      const captionInfo = infoOf(captionEl, 'caption');
      const own = shown(captionInfo, flags, true);
      if (own !== NOT_SHOWN) {
        caption = [];
        inlineChildren(captionEl, caption, own);
      }
    }
    const rows: MdRow[] = [];
    for (const tr of Array.from(table.rows)) {
      const rowInfo = infoOf(tr, 'tr');
      const rowFlags = shown(rowInfo, flags, false);
      if (rowFlags === NOT_SHOWN) continue;
      const cells: MdCell[] = [];
      for (const td of Array.from(tr.cells)) {
        const cellInfo = infoOf(td, td.localName);
        const own = shown(cellInfo, rowFlags, false);
        if (own === NOT_SHOWN) continue;
        cells.push(cellOf(cellInfo, own));
      }
      if (cells.length === 0) continue;
      const row: MdRow = { cells };
      if (tr.parentElement?.localName === 'thead' || cells.every((cell) => cell.header)) row.header = true;
      rows.push(row);
    }
    pushTable(ctx, rows, caption, layout);
  }

  /** A table made of ARIA roles: rows (role=row, through row groups), cells (cell, gridcell, columnheader, rowheader). */
  function ariaTable(info: Info, ctx: Ctx, flags: number): void {
    const rows: MdRow[] = [];
    const visitRows = (parent: Node, rowFlags: number, inHead: boolean): void => {
      forContent(parent, (child) => {
        const tag = (child as Element).localName as string | undefined;
        if (tag === undefined) return;
        const childInfo = infoOf(child as Element, tag);
        const own = shown(childInfo, rowFlags, false);
        if (own === NOT_SHOWN) return;
        if (childInfo.role === 'row') {
          const cells: MdCell[] = [];
          const visitCells = (rowParent: Node, cellFlags: number): void => {
            forContent(rowParent, (cellNode) => {
              const cellTag = (cellNode as Element).localName as string | undefined;
              if (cellTag === undefined) return;
              const cellInfo = infoOf(cellNode as Element, cellTag);
              const cellOwn = shown(cellInfo, cellFlags, false);
              if (cellOwn === NOT_SHOWN) return;
              if (['cell', 'gridcell', 'columnheader', 'rowheader'].includes(cellInfo.role)) cells.push(cellOf(cellInfo, cellOwn));
              else visitCells(cellNode, cellOwn);
            });
          };
          visitCells(child, own);
          if (cells.length === 0) return;
          const row: MdRow = { cells };
          if (inHead || cells.every((cell) => cell.header)) row.header = true;
          rows.push(row);
        } else if (childInfo.role !== 'table' && childInfo.role !== 'grid' && childInfo.role !== 'treegrid') {
          visitRows(child, own, inHead);
        }
      });
    };
    visitRows(info.el, flags, false);
    pushTable(ctx, rows, null, false);
  }

  /** Flattens gathered blocks into chrome items: links, controls and short texts, in order. */
  function chromeItems(blocks: readonly MdBlock[], items: MdInline[], nested: MdBlock[]): void {
    const fromInline = (list: readonly MdInline[]): void => {
      let run = '';
      const endRun = (): void => {
        const text = collapse(run);
        if (text) items.push({ k: 'text', v: clip(text, MAX_NAME) });
        run = '';
      };
      for (const node of list) {
        if (node.k === 'link' || node.k === 'control') {
          endRun();
          items.push(node);
        } else if (node.k === 'br') {
          endRun();
        } else if (node.k === 'img') {
          run += node.alt ? ` ${node.alt} ` : '';
        } else {
          const inner = node.k === 'strong' || node.k === 'em' || node.k === 'del' ? node.c : null;
          if (inner && inner.some((child) => child.k === 'link' || child.k === 'control')) {
            endRun();
            fromInline(inner);
          } else {
            run += plain([node]);
          }
        }
      }
      endRun();
    };
    for (const block of blocks) {
      switch (block.k) {
        case 'chrome':
          nested.push(block);
          break;
        case 'heading':
        case 'paragraph':
          fromInline(block.c);
          break;
        case 'list':
          for (const item of block.items) chromeItems(item.c, items, nested);
          break;
        case 'table':
          for (const row of block.rows) for (const cell of row.cells) chromeItems(cell.c, items, nested);
          break;
        case 'blockquote':
          chromeItems(block.c, items, nested);
          break;
        case 'image':
          if (block.alt) items.push({ k: 'text', v: block.alt });
          break;
        case 'code':
        case 'hr':
          break;
      }
    }
  }

  function chrome(info: Info, landmark: ChromeLandmark, ctx: Ctx, flags: number): void {
    const items: MdInline[] = [];
    const nested: MdBlock[] = [];
    // Inside a landmark, a header or footer is part of it, and an aside is too.
    chromeItems(blocksOf(info.el, flags | IN_SECTION | IN_ARTICLE), items, nested);
    if (items.length > 0) {
      const block: MdBlock = { k: 'chrome', landmark, items };
      const labelledBy = attr(info, 'aria-labelledby');
      const name = (labelledBy ? textOfIds(info.el, labelledBy) : '') || clip(collapse(attr(info, 'aria-label') ?? ''), MAX_NAME);
      if (name) block.label = name;
      ctx.out.push(block);
    }
    ctx.out.push(...nested);
  }

  // A document may have no body (an SVG or XML document) or, while it is being replaced, no element at all.
  const body = document.body as HTMLElement | null;
  const result: MdDocument = { url: location.href, title: document.title, blocks: blocksOf(body ?? document.documentElement, 0) };
  return JSON.stringify(result);
}

/** DOM facts and text helpers every part of the engine shares. */

export const UID_ATTRIBUTE = 'data-mcp-uid';
export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

/** Elements that never render content of their own. */
export const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'meta',
  'link',
  'title',
  'base',
  'datalist',
  'param',
  'source',
  'track',
]);
/** Elements laid out inline by default: they do not part the words around them. */
export const INLINE_TAGS = new Set([
  'span',
  'b',
  'i',
  'em',
  'strong',
  'small',
  'mark',
  'abbr',
  'sub',
  'sup',
  'u',
  's',
  'time',
  'cite',
  'q',
  'kbd',
  'var',
  'samp',
  'font',
  'bdi',
  'bdo',
  'data',
  'del',
  'ins',
  'dfn',
  'code',
  'tt',
  'big',
  'strike',
  'nobr',
  'wbr',
  'br',
  'label',
  'picture',
]);
export const LABELABLE_TAGS = new Set(['input', 'select', 'textarea', 'button', 'meter', 'progress', 'output']);
export const TEXT_INPUT_TYPES = new Set([
  'text',
  'email',
  'password',
  'search',
  'tel',
  'url',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
  '',
]);

/** The element that has focus, looking into shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

export function isShadowRoot(node: Node): node is ShadowRoot {
  return node.nodeType === 11 && 'host' in node;
}

/**
 * Elements that attachShadow() accepts (custom elements and these); asking any other for its shadow root is a wasted
 * trip through the sandbox's wrappers.
 */
const SHADOW_HOST_TAGS = new Set([
  'article',
  'aside',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'main',
  'nav',
  'p',
  'section',
  'span',
]);

export function mayHostShadow(tag: string): boolean {
  return SHADOW_HOST_TAGS.has(tag) || tag.includes('-');
}

/**
 * The nodes that render inside `node`: a slot's assigned nodes (or its fallback), a shadow tree rather than the light
 * children.
 */
export function renderedChildren(node: Node): Node[] {
  if ((node as Element).localName === 'slot') {
    const assigned = (node as HTMLSlotElement).assignedNodes();
    if (assigned.length) return assigned;
  }
  return Array.from(((node as Element).shadowRoot ?? node).childNodes);
}

/** Blocks an editor writes its document in: paragraphs, headings, lists, lines. */
const BLOCK_CHILD = ':scope > :is(p, div, h1, h2, h3, h4, h5, h6, ul, ol, pre, blockquote, table)';

/** Whether editable content is a document of blocks (a rich or code editor), not a one-line field. */
export function hasBlockContent(el: Element): boolean {
  return el.querySelector(BLOCK_CHILD) !== null;
}

/**
 * The element a click at (x, y) lands on, looked up from the document down through shadow
 * roots: a shadow root's own lookup misses what covers it from outside (a modal's backdrop).
 */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let hit = document.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** The node a node renders under: its slot, its parent, or a shadow root's host. */
export function flatParent(node: Node): Node | null {
  const slot = (node as Partial<Element>).assignedSlot;
  if (slot) return slot;
  return node.parentNode ?? (node as Partial<ShadowRoot>).host ?? null;
}

/** The element a node renders inside: across slots and shadow roots; null above the document's root. */
export function flatParentElement(node: Node): Element | null {
  let parent = flatParent(node);
  if (parent && isShadowRoot(parent)) parent = parent.host;
  return parent?.nodeType === ELEMENT_NODE ? (parent as Element) : null;
}

/** A test for one of an element's attributes that costs no DOM read. */
export type Has = (name: string) => boolean;

/** A `has` for an element: its attribute names, read once. */
export function attributeTest(el: Element): { names: string[]; has: Has } {
  // Most elements have no attributes: a yes/no costs less than an array through the sandbox's wrappers.
  if (!el.hasAttributes()) return NO_ATTRIBUTES;
  const names = el.getAttributeNames();
  return { names, has: (name: string) => names.includes(name) };
}

const NO_ATTRIBUTES: { names: string[]; has: Has } = { names: [], has: () => false };

/**
 * The inline half of the renderer: text, marks, code spans, links and images on a line, and in
 * the agent view the controls in brackets and the uids after links. It counts the uids it shows;
 * render.ts builds blocks on it, render-table.ts tables. Pure.
 */
import { jsonString } from '../../util/text.js';
import { SILENT_TYPES } from '../in-page/text.js';
import { plainText } from './plain-text.js';
import { codeSpan, destination, escapeAlt, escapeLineStart, escapeText, squeeze, wrap } from './syntax.js';
import type { MarkdownView, MdControl, MdInline } from './types.js';

const PASSWORD_MASK = '••••••••';

/**
 * The marks and the link the inline content sits in: a mark inside the same mark, or a link inside a link, is not
 * written again.
 */
interface InlineState {
  strong: boolean;
  em: boolean;
  del: boolean;
  link: boolean;
}

const NO_STATE: InlineState = { strong: false, em: false, del: false, link: false };

function quote(text: string): string {
  return jsonString(text);
}

export class InlineRenderer {
  readonly #agent: boolean;
  readonly #uids = new Set<string>();

  constructor(
    view: MarkdownView,
    /** Sets apart a line of page text that would start like a line around the Markdown. */
    protected readonly setApart: (line: string) => string,
  ) {
    this.#agent = view === 'agent';
  }

  /** Distinct uids shown so far. */
  get refsCount(): number {
    return this.#uids.size;
  }

  /** The uid as the output shows it (counted): only in the agent view. */
  shownUid(uid: string | undefined): string | undefined {
    if (!this.#agent || !uid) return undefined;
    this.#uids.add(uid);
    return uid;
  }

  /** Inline content as text with `\n` for line breaks; spaces not yet squeezed. */
  inline(nodes: readonly MdInline[], state: InlineState = NO_STATE): string {
    let out = '';
    let afterControl = false;
    for (const node of nodes) {
      const piece = this.#inlineOne(node, state);
      if (!piece) continue;
      // A control's brackets right before ( or [ could read as a link: keep them apart.
      if (afterControl && /^[[(]/.test(piece)) out += ' ';
      // Text ending in ! right before a link would make it an image.
      else if (piece.startsWith('[') && out.endsWith('!')) out = `${out.slice(0, -1)}\\!`;
      out += piece;
      afterControl = node.k === 'control';
    }
    return out;
  }

  #inlineOne(node: MdInline, state: InlineState): string {
    switch (node.k) {
      case 'text':
        return escapeText(squeeze(node.v));
      case 'strong':
        return state.strong ? this.inline(node.c, state) : wrap(this.inline(node.c, { ...state, strong: true }), '**');
      case 'em':
        return state.em ? this.inline(node.c, state) : wrap(this.inline(node.c, { ...state, em: true }), '*');
      case 'del':
        return state.del ? this.inline(node.c, state) : wrap(this.inline(node.c, { ...state, del: true }), '~~');
      case 'code':
        return codeSpan(node.v);
      case 'link':
        return state.link ? this.inline(node.c, state) : this.#link(node, state);
      case 'img':
        return node.src ? `![${escapeAlt(node.alt)}](${destination(node.src)})` : '';
      case 'br':
        return state.link ? ' ' : '\n';
      case 'control':
        return this.#agent ? this.control(node) : '';
    }
  }

  #link(node: Extract<MdInline, { k: 'link' }>, state: InlineState): string {
    let text = squeeze(this.inline(node.c, { ...state, link: true })).trim();
    const scripted = /^\s*javascript:/i.test(node.href);
    const uid = this.shownUid(node.uid);
    if (scripted) {
      // Not a place to go: in the agent view it is something to click, in the document view its words.
      if (uid) return `[link${text ? ` ${quote(squeeze(plainText(node.c)).trim())}` : ''} uid=${uid}]`;
      return text;
    }
    if (!text) text = escapeText(node.href);
    return `[${text}](${destination(node.href)})${uid ? `{uid=${uid}}` : ''}`;
  }

  /** A control in the agent view: `[role "name" type=… value="…" states… uid=…]`. */
  control(node: MdControl): string {
    // As in the snapshot, an element with no role of its own is called by its tag.
    const parts = [node.role === 'generic' ? node.tag : node.role];
    if (node.name) parts.push(quote(squeeze(node.name).trim()));
    if (node.type && !SILENT_TYPES.has(node.type)) parts.push(`type=${node.type}`);
    if (node.value !== undefined && node.value !== '')
      parts.push(`value=${quote(node.type === 'password' ? PASSWORD_MASK : squeeze(node.value).trim())}`);
    if (node.checked !== undefined)
      parts.push(node.checked === 'true' ? 'checked' : node.checked === 'mixed' ? 'checked=mixed' : 'unchecked');
    if (node.pressed !== undefined)
      parts.push(node.pressed === 'true' ? 'pressed' : node.pressed === 'mixed' ? 'pressed=mixed' : 'not-pressed');
    if (node.expanded !== undefined) parts.push(node.expanded ? 'expanded' : 'collapsed');
    if (node.selected) parts.push('selected');
    if (node.disabled) parts.push('disabled');
    if (node.required) parts.push('required');
    const uid = this.shownUid(node.uid);
    if (uid) parts.push(`uid=${uid}`);
    return `[${parts.join(' ')}]`;
  }

  /** A paragraph's lines (split at line breaks), each squeezed, trimmed and made safe at its start. */
  lines(nodes: readonly MdInline[]): string[] {
    return this.inline(nodes)
      .split('\n')
      .map((line) => escapeLineStart(squeeze(line).trim(), this.setApart))
      .filter((line) => line !== '');
  }

  /** Inline content on one line that starts after other syntax (a heading's #, a table's |): breaks become spaces. */
  line(nodes: readonly MdInline[]): string {
    return squeeze(this.inline(nodes).replace(/\n/g, ' ')).trim();
  }
}

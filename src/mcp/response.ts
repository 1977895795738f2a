import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { pageOfText, type ActionResult, type Dialog, type FirefoxClient } from '../firefox/index.js';

/** Characters of one text output (snapshot, Markdown, console, network) unless maxChars says otherwise. */
export const DEFAULT_MAX_CHARS = 40_000;

/** Describes a dialog the way a model should act on it. */
export function dialogLine(dialog: Dialog): string {
  const prompt = dialog.type === 'prompt' ? ` (default value ${JSON.stringify(dialog.defaultValue ?? '')})` : '';
  return `A ${dialog.type} dialog is open: ${JSON.stringify(dialog.message)}${prompt}. Answer it with handle_dialog (accept or dismiss) before anything else on this page.`;
}

/**
 * What a tool answers: its lines first, then an open dialog, then the page list when more than
 * one page is open, then a snapshot when asked for. Short Markdown for the model, plus
 * structuredContent for programs.
 */
export class ToolResponse {
  readonly #lines: string[] = [];
  readonly #structured: Record<string, unknown> = {};
  readonly #images: { data: string; mimeType: string }[] = [];
  #includeSnapshot = false;
  #includePages = false;

  constructor(private readonly toolName: string) {}

  line(text: string): this {
    this.#lines.push(text);
    return this;
  }

  structured(key: string, value: unknown): this {
    this.#structured[key] = value;
    return this;
  }

  /** Adds a long text within a budget: one page of it, a note saying what was cut, and the paging fields. */
  budgeted(text: string, page: { offset?: number | undefined; maxChars?: number | undefined }): this {
    const result = pageOfText(text, { offset: page.offset ?? 0, maxChars: page.maxChars ?? DEFAULT_MAX_CHARS });
    this.line(result.text);
    return this.structured('totalChars', result.totalChars)
      .structured('offset', result.offset)
      .structured('hasMore', result.hasMore)
      .structured('nextOffset', result.nextOffset)
      .structured('truncated', result.truncated);
  }

  image(data: Buffer, mimeType: string): this {
    this.#images.push({ data: data.toString('base64'), mimeType });
    return this;
  }

  includeSnapshot(include = true): this {
    this.#includeSnapshot = include;
    return this;
  }

  includePages(): this {
    this.#includePages = true;
    return this;
  }

  /** Reports what an action led to: the action, a navigation, a dialog, an unsettled page. */
  action(result: ActionResult): this {
    this.line(result.action);
    if (result.navigated) {
      this.line(result.navigated.sameDocument ? `The page moved to ${result.navigated.url} (same document).` : `The page navigated to ${result.navigated.url}${result.navigated.complete ? '' : ' (still loading)'}.`);
    }
    if (!result.settled && !result.dialog) this.line('The page was still changing when the wait ended; take a snapshot to see where it is.');
    return this;
  }

  async build(client: FirefoxClient | undefined, notes: string[]): Promise<CallToolResult> {
    const sections = [`# ${this.toolName} response`, ...notes.map((note) => `Note: ${note}`), ...this.#lines];
    if (client && !client.closed) {
      const dialog = client.getDialog();
      if (dialog) {
        sections.push('## Open dialog', dialogLine(dialog));
        this.#structured.dialog = dialog;
      }
      if (!dialog) {
        const pages = await client.listPages();
        if (this.#includePages || pages.length > 1) {
          sections.push('## Pages', ...pages.map((page) => `${page.index}: ${page.title || '(no title)'} (${page.url})${page.selected ? ' [selected]' : ''}`));
          this.#structured.pages = pages;
        }
        if (this.#includeSnapshot) {
          const snapshot = await client.takeSnapshot();
          sections.push('## Page snapshot', snapshot.text);
        }
      }
    }
    return {
      content: [{ type: 'text', text: sections.join('\n') }, ...this.#images.map((image) => ({ type: 'image' as const, ...image }))],
      ...(Object.keys(this.#structured).length ? { structuredContent: this.#structured } : {}),
    };
  }
}

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { SecretStore } from '../firefox/index.js';

/**
 * The one output boundary: every answer, its text and its structuredContent alike, is masked on
 * its way out, whichever tool built it and whatever page text, URL, note or error it carries.
 * Images are left as they are (pixels are not text).
 */
export function maskAnswer(result: CallToolResult, secrets: SecretStore): CallToolResult {
  const content = result.content.map((part) =>
    part.type === 'text' ? { ...part, text: secrets.mask(part.text) } : part,
  );
  return {
    ...result,
    content,
    ...(result.structuredContent === undefined
      ? {}
      : { structuredContent: secrets.maskDeep(result.structuredContent) }),
  };
}

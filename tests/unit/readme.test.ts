import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCommandReference } from '../../src/cli/commands.js';
import { renderFlagTable, renderToolList, replaceSection } from '../../src/mcp/docs.js';
import { ALL_TOOLS } from '../../src/mcp/tools/index.js';
import { schemaTokens } from '../../scripts/lib/schema-tokens.js';

describe('README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it("lists every tool and flag exactly as the definitions say, with each tool set's schema tokens (run `npm run readme` after changing them)", async () => {
    expect(
      replaceSection(replaceSection(readme, 'tools', renderToolList(await schemaTokens())), 'flags', renderFlagTable()),
    ).toBe(readme);
  });

  it("lists firefox-bidi's commands exactly as their definitions say (run `npm run readme` after changing them)", () => {
    expect(replaceSection(readme, 'cli', renderCommandReference())).toBe(readme);
  });

  it('names each tool once', () => {
    for (const tool of ALL_TOOLS) expect(readme.split(`\`${tool.name}(`).length - 1, tool.name).toBe(1);
  });
});

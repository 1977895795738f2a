// Writes the README's tool list and flag table from the definitions (a unit test keeps them in step).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderCommandReference } from '../src/cli/commands.js';
import { renderFlagTable, renderToolList, replaceSection } from '../src/mcp/docs.js';
import { schemaTokens } from './lib/schema-tokens.js';

const path = new URL('../README.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = replaceSection(
  replaceSection(replaceSection(before, 'tools', renderToolList(await schemaTokens())), 'flags', renderFlagTable()),
  'cli',
  renderCommandReference(),
);
writeFileSync(path, after);
console.log(after === before ? 'README.md was up to date.' : 'README.md updated.');

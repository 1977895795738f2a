import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { z } from 'zod';
import { BrowserHolder } from './browser.js';
import { flagsHelp } from './flags.js';
import { parseOptions } from './options.js';
import { createServer } from './server.js';
import { DEFAULT_TOOL_SETS, inputSchema, TOOL_CATEGORIES, type ToolCategory } from './tool.js';
import { ALL_TOOLS } from './tools/index.js';

const CATEGORY_TITLES: Record<ToolCategory, string> = {
  pages: 'Pages',
  snapshot: 'Snapshot',
  input: 'Input (each takes `includeSnapshot`)',
  script: 'Script',
  console: 'Console',
  network: 'Network and downloads',
  routes: 'Request rules and init scripts (block, mock, modify, stub)',
  storage: 'Cookies and storage',
  emulation: 'Emulation',
  extensions: 'Extensions',
  screenshot: 'Screenshot and PDF',
  witness: "Witness (Firefox's own accessibility engine checks a reading)",
  recording: 'Recording (every session keeps its steps; export them as a script)',
};

/**
 * What each tool set's entries of tools/list are, as the server sends them (JSON), for counting
 * what a set costs a model on every request. No browser starts: listing tools needs none.
 */
export async function toolListBySet(): Promise<Record<ToolCategory, string>> {
  const options = parseOptions(['--tools', 'all'], {});
  const server = createServer(
    options,
    new BrowserHolder(() => Promise.reject(new Error('no browser when listing tools'))),
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'readme', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    const category = (name: string): ToolCategory | undefined =>
      ALL_TOOLS.find((tool) => tool.name === name)?.annotations.category;
    return Object.fromEntries(
      TOOL_CATEGORIES.map((set) => [set, JSON.stringify(tools.filter((tool) => category(tool.name) === set))]),
    ) as Record<ToolCategory, string>;
  } finally {
    await client.close();
    await server.close();
  }
}

/** The README's tool list, from the tool definitions, with each set's schema tokens when given. */
export function renderToolList(tokens?: Record<ToolCategory, number>): string {
  const lines: string[] = [];
  for (const category of TOOL_CATEGORIES) {
    const tools = ALL_TOOLS.filter((tool) => tool.annotations.category === category);
    if (tools.length === 0) continue;
    const served = DEFAULT_TOOL_SETS.includes(category) ? 'default' : 'not in the default set';
    const cost = tokens ? `, ${tokens[category]} tokens of schema` : '';
    lines.push(`**${CATEGORY_TITLES[category]}** (\`--tools ${category}\`: ${served}${cost})`, '');
    for (const tool of tools) {
      // What the kind adds to every tool of it (pageId, includeSnapshot) is said once, not per tool.
      const params = Object.entries(inputSchema(tool, false))
        .filter(([name]) => name !== 'includeSnapshot' && name !== 'pageId')
        .map(([name, schema]) => ((schema as z.ZodType).safeParse(undefined).success ? `${name}?` : name));
      lines.push(`- \`${tool.name}(${params.join(', ')})\`: ${tool.description}`);
    }
    lines.push('');
  }
  if (tokens) {
    const sum = (sets: readonly ToolCategory[]): number => sets.reduce((total, set) => total + tokens[set], 0);
    lines.push(
      `Schema cost of tools/list (o200k tokens, on every request): the default sets ${sum(DEFAULT_TOOL_SETS)}, all sets ${sum(TOOL_CATEGORIES)}.`,
    );
  }
  return lines.join('\n').trimEnd();
}

/** The README's flag table, from the flag definitions. */
export function renderFlagTable(): string {
  return ['| flag | environment | what it does |', '| --- | --- | --- |', flagsHelp()].join('\n');
}

/** Replaces what stands between `<!-- name:start -->` and `<!-- name:end -->` in `text`. */
export function replaceSection(text: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`The README has no ${start} … ${end} section.`);
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

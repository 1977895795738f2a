import type { z } from 'zod';
import { flagsHelp } from './options.js';
import { ALL_TOOLS } from './tools/index.js';

const CATEGORY_TITLES: Record<string, string> = {
  pages: 'Pages',
  snapshot: 'Snapshot',
  input: 'Input (each takes `includeSnapshot`)',
  script: 'Script',
  console: 'Console',
  network: 'Network and downloads',
  storage: 'Cookies',
  emulation: 'Emulation',
  screenshot: 'Screenshot and PDF',
};

/** The README's tool list, from the tool definitions. */
export function renderToolList(): string {
  const lines: string[] = [];
  for (const [category, title] of Object.entries(CATEGORY_TITLES)) {
    const tools = ALL_TOOLS.filter((tool) => tool.annotations.category === category);
    if (tools.length === 0) continue;
    lines.push(`**${title}**`, '');
    for (const tool of tools) {
      const params = Object.entries(tool.schema)
        .filter(([name]) => name !== 'includeSnapshot')
        .map(([name, schema]) => ((schema as z.ZodType).safeParse(undefined).success ? `${name}?` : name));
      lines.push(`- \`${tool.name}(${params.join(', ')})\`: ${tool.description}`);
    }
    lines.push('');
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

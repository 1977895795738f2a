import { z } from 'zod';
import { inputSchema, type ToolDefinition } from '../mcp/tool.js';
import { ALL_TOOLS } from '../mcp/tools/index.js';

/** A usage error: exit code 2, with what to type instead. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A short form for an everyday tool: its positional arguments, in order, become these parameters. */
interface ShortForm {
  tool: string;
  positional: string[];
  /** Fixed arguments, such as navigate_page's type for `back`. */
  fixed?: Record<string, unknown>;
  help: string;
}

export const SHORT_FORMS: Record<string, ShortForm> = {
  open: { tool: 'navigate_page', positional: ['url'], help: 'open <url>: load a URL in the selected page' },
  back: { tool: 'navigate_page', positional: [], fixed: { type: 'back' }, help: 'back: go back' },
  snapshot: {
    tool: 'take_snapshot',
    positional: [],
    help: 'snapshot [--file <path>]: the page as text with uids (--file keeps it in the session folder and prints its path and size)',
  },
  click: { tool: 'click', positional: ['uid'], help: 'click <uid>: click an element by its uid' },
  fill: {
    tool: 'fill',
    positional: ['uid', 'value'],
    help: 'fill <uid> <value>: set a field (text, an option, true/false)',
  },
  type: { tool: 'type_text', positional: ['text'], help: 'type <text>: type into the focused element' },
  press: { tool: 'press_key', positional: ['key'], help: 'press <key>: such as Enter or Control+A' },
  eval: {
    tool: 'evaluate_script',
    positional: ['function'],
    help: "eval '<function>': such as '() => document.title'",
  },
  console: { tool: 'list_console_messages', positional: [], help: 'console: the console messages' },
  network: { tool: 'list_network_requests', positional: [], help: 'network: the network requests' },
  screenshot: { tool: 'take_screenshot', positional: ['filePath'], help: 'screenshot [file]: save a screenshot' },
  pages: { tool: 'list_pages', positional: [], help: 'pages: the open pages' },
  wait: { tool: 'wait_for', positional: ['text'], help: 'wait <text>: until the text appears' },
  timeline: {
    tool: 'save_timeline',
    positional: ['filePath'],
    help: "timeline [file]: the session's calls, the person's acts and pictures of the page, as one HTML file",
  },
};

/** Options of short forms that are not the tool's own: snapshot's --file is take_snapshot's filePath. */
const RENAMED: Record<string, Record<string, string>> = { snapshot: { file: 'filePath' } };

interface JsonProperty {
  type?: string;
  items?: { type?: string };
  description?: string;
}

/** The JSON Schema properties of a tool's parameters, as a model sees them. */
export function parametersOf(tool: ToolDefinition): { properties: Record<string, JsonProperty>; required: string[] } {
  const schema = z.toJSONSchema(z.object(inputSchema(tool)), { io: 'input' }) as {
    properties?: Record<string, JsonProperty>;
    required?: string[];
  };
  return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

export function findTool(name: string): ToolDefinition | undefined {
  return ALL_TOOLS.find((tool) => tool.name === name);
}

/** A value typed on the command line, as the parameter's type wants it. */
function valueOf(tool: string, name: string, property: JsonProperty, text: string): unknown {
  switch (property.type) {
    case 'integer':
    case 'number': {
      const number = Number(text);
      if (text.trim() === '' || !Number.isFinite(number))
        throw new UsageError(`--${name} of ${tool} takes a number; got ${JSON.stringify(text)}.`);
      return number;
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false')
        throw new UsageError(`--${name} of ${tool} is true or false; got ${JSON.stringify(text)}.`);
      return text === 'true';
    case 'array':
      if (text.trim().startsWith('[')) return parseJson(tool, name, text);
      return [property.items?.type === 'integer' || property.items?.type === 'number' ? Number(text) : text];
    case 'object':
      return parseJson(tool, name, text);
    default:
      return text;
  }
}

function parseJson(tool: string, name: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`--${name} of ${tool} takes JSON; got ${JSON.stringify(text)}.`);
  }
}

/** The tool and its arguments for a command line after the global options: `<command> [args…] [--param value…]`. */
export function toolCall(command: string, rest: string[]): { tool: string; args: Record<string, unknown> } {
  if (command === 'call') {
    const [name, json] = rest;
    if (!name) throw new UsageError("call needs a tool name: firefox-bidi call <tool_name> '<json arguments>'.");
    if (!findTool(name))
      throw new UsageError(`No tool is named ${JSON.stringify(name)}; firefox-bidi --help lists them.`);
    const args = json === undefined ? {} : parseJson(name, 'arguments', json);
    if (args === null || typeof args !== 'object' || Array.isArray(args))
      throw new UsageError(`The arguments of call are a JSON object, such as '{"url": "https://example.com/"}'.`);
    return { tool: name, args: args as Record<string, unknown> };
  }
  const short = SHORT_FORMS[command];
  const tool = findTool(short?.tool ?? command);
  if (!tool)
    throw new UsageError(`Unknown command ${JSON.stringify(command)}; firefox-bidi --help lists the commands.`);
  const { properties, required } = parametersOf(tool);
  const args: Record<string, unknown> = { ...(short?.fixed ?? {}) };
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const token = rest[index] ?? '';
    if (!token.startsWith('--')) {
      positional.push(token);
      continue;
    }
    const [flag = '', inline] = token.slice(2).split(/=(.*)/s, 2);
    const name = RENAMED[command]?.[flag] ?? flag;
    const property = properties[name];
    if (!property)
      throw new UsageError(
        `${command} has no option --${flag}; its options: ${
          Object.keys(properties)
            .map((key) => `--${key}`)
            .join(', ') || 'none'
        }.`,
      );
    // A boolean option may stand alone: --fullPage means --fullPage true.
    const next = rest[index + 1];
    const text =
      inline ?? (property.type === 'boolean' && (next === undefined || next.startsWith('--')) ? 'true' : next);
    if (text === undefined) throw new UsageError(`--${flag} of ${command} needs a value.`);
    if (inline === undefined && text === next) index++;
    const value = valueOf(tool.name, name, property, text);
    const before = args[name];
    // A list option may be given again: --text a --text b.
    args[name] =
      Array.isArray(value) && Array.isArray(before) ? [...(before as unknown[]), ...(value as unknown[])] : value;
  }
  const names = short?.positional ?? [];
  if (positional.length > names.length)
    throw new UsageError(
      `${command} takes ${names.length ? names.map((name) => `<${name}>`).join(' ') : 'no arguments'}; got ${positional.length}.`,
    );
  for (const [index, text] of positional.entries()) {
    const name = names[index] ?? '';
    args[name] = valueOf(tool.name, name, properties[name] ?? {}, text);
  }
  const missing = required.filter((name) => args[name] === undefined);
  if (missing.length)
    throw new UsageError(
      `${command} needs ${missing.map((name) => (names.includes(name) ? `<${name}>` : `--${name}`)).join(' and ')}; firefox-bidi ${command} --help says more.`,
    );
  return { tool: tool.name, args };
}

/** The help of one command: its tool's description and parameters. */
export function commandHelp(command: string): string {
  const short = SHORT_FORMS[command];
  const tool = findTool(short?.tool ?? command);
  if (!tool)
    throw new UsageError(`Unknown command ${JSON.stringify(command)}; firefox-bidi --help lists the commands.`);
  const { properties, required } = parametersOf(tool);
  const lines = [
    short ? `firefox-bidi ${short.help}  (the ${tool.name} tool)` : `firefox-bidi ${tool.name} [--param value…]`,
    '',
    tool.description,
    '',
  ];
  for (const [name, property] of Object.entries(properties)) {
    lines.push(
      `  --${name} <${property.type ?? 'value'}>${required.includes(name) ? ' (required)' : ''}  ${property.description ?? ''}`,
    );
  }
  return lines.join('\n');
}

/** The README's command reference: the short forms with the tool each runs, from the definitions. */
export function renderCommandReference(): string {
  const lines = ['| command | runs | does |', '| --- | --- | --- |'];
  for (const [name, form] of Object.entries(SHORT_FORMS)) {
    const [usage, does = ''] = form.help.split(/: (.*)/s, 2);
    const fixed = form.fixed
      ? ` ${Object.entries(form.fixed)
          .map(([key, value]) => `${key}=${String(value)}`)
          .join(' ')}`
      : '';
    lines.push(`| \`firefox-bidi ${usage ?? name}\` | \`${form.tool}\`${fixed} | ${does} |`);
  }
  lines.push("| `firefox-bidi call <tool_name> '<json>'` | any tool | its arguments as one JSON object |");
  lines.push(
    '| `firefox-bidi <tool_name> --<param> <value>…` | that tool | each parameter as an option; `--help` lists them |',
  );
  lines.push('| `firefox-bidi sessions` / `close` / `stop` | — | list the sessions, end this one, stop the daemon |');
  lines.push(
    '| `firefox-bidi install-skill [dir]` | — | write a Claude Code skill and an AGENTS.md snippet into dir |',
  );
  lines.push(
    "| `firefox-bidi --help`, `firefox-bidi <command> --help` | — | the commands; a command's parameters, from its schema |",
  );
  return lines.join('\n');
}

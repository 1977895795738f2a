import { z } from 'zod';
import { InvalidArgumentError, oneLine, type ConsoleMessage } from '../../firefox/index.js';
import { defineTool } from '../tool.js';
import { paginate } from './paging.js';
import { maxChars, offset, pageIdx, pageSize } from './schemas.js';

/** Levels, the console methods that name a message's type, and `exception` for uncaught errors. */
const CONSOLE_TYPES = ['error', 'warn', 'info', 'debug', 'log', 'exception', 'assert', 'trace', 'dir', 'dirxml', 'table', 'count', 'countReset', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeLog', 'timeEnd', 'timeStamp', 'clear', 'profile', 'profileEnd'] as const;

function line(message: ConsoleMessage): string {
  const where = message.source ? ` (${oneLine(message.source.url)}:${message.source.line})` : '';
  const frame = message.frame === undefined ? '' : ` [in frame ${oneLine(message.frame)}]`;
  // Escaped to one line: a message with line breaks must not pose as further entries.
  return `msgid=${message.id} [${oneLine(message.type)}] ${oneLine(message.text)}${where}${frame}`;
}

export const listConsoleMessages = defineTool({
  name: 'list_console_messages',
  description: 'List the console messages and uncaught errors of the selected page since it opened, oldest first.',
  annotations: { category: 'console', readOnlyHint: true },
  pageScoped: true,
  blockedByDialog: false,
  schema: {
    types: z.array(z.enum(CONSOLE_TYPES)).optional().describe('Only these levels or types, such as ["error", "warn"], ["log"], ["exception"] (uncaught errors). Default: all.'),
    pageSize,
    pageIdx,
    maxChars,
    offset,
  },
  handler: ({ types, pageSize: size, pageIdx: index, maxChars: budget, offset: start }, { page }, response) => {
    const wanted: readonly string[] | undefined = types;
    const messages = page.getConsoleMessages().filter((message) => !wanted || wanted.includes(message.type) || wanted.includes(message.level));
    const kinds = wanted ? ` of type ${wanted.join(', ')}` : '';
    const listed = paginate(messages, [`console message${kinds}`, `console messages${kinds}`], size, index);
    response.budgeted([listed.summary, ...listed.items.map(line)].join('\n'), { offset: start, maxChars: budget });
    response.structured('messages', listed.items);
  },
});

export const getConsoleMessage = defineTool({
  name: 'get_console_message',
  description: 'Show one console message in full, by its msgid from list_console_messages.',
  annotations: { category: 'console', readOnlyHint: true },
  pageScoped: true,
  blockedByDialog: false,
  schema: { msgid: z.number().int().positive().describe('The msgid from list_console_messages.'), maxChars, offset },
  handler: ({ msgid, maxChars: budget, offset: start }, { page }, response) => {
    const message = page.getConsoleMessage(msgid);
    if (!message) throw new InvalidArgumentError(`No console message has msgid ${msgid} on the selected page; list them with list_console_messages.`);
    response.budgeted(`${line(message)}\nLevel: ${message.level}. Time: ${new Date(message.timestamp).toISOString()}.`, { offset: start, maxChars: budget });
    response.structured('message', message);
  },
});

export const consoleTools = [listConsoleMessages, getConsoleMessage];

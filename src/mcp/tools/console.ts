import { z } from 'zod';
import { InvalidArgumentError, oneLine, type ConsoleMessage } from '../../firefox/index.js';
import { countForms, lineWriter, type Noun } from '../answer-frame.js';
import { pageTool } from '../tool.js';
import { oneOf } from './schemas.js';

/** Levels, the console methods that name a message's type, and `exception` for uncaught errors. */
const CONSOLE_TYPES = [
  'error',
  'warn',
  'info',
  'debug',
  'log',
  'exception',
  'assert',
  'trace',
  'dir',
  'dirxml',
  'table',
  'count',
  'countReset',
  'group',
  'groupCollapsed',
  'groupEnd',
  'time',
  'timeLog',
  'timeEnd',
  'timeStamp',
  'clear',
  'profile',
  'profileEnd',
] as const;

const MESSAGES: Noun = ['console message', 'console messages'];
/** A message the forms' examples are written from. */
const SAMPLE_MESSAGE: ConsoleMessage = { id: 3, level: 'info', type: 'log', text: 'hello', timestamp: 0 };

/** One message as a list shows it: its msgid, type and text, where it came from. */
const line = lineWriter(
  'console entry',
  'msgid=',
  (message: ConsoleMessage) => {
    const where = message.source ? ` (${oneLine(message.source.url)}:${message.source.line})` : '';
    const frame = message.frame === undefined ? '' : ` [in frame ${oneLine(message.frame)}]`;
    // Escaped to one line: a message with line breaks must not pose as further entries.
    return `${message.id} [${oneLine(message.type)}] ${oneLine(message.text)}${where}${frame}`;
  },
  [SAMPLE_MESSAGE],
);

/** The line under a message shown alone: its level and time. */
function levelLine(message: ConsoleMessage): string {
  return `Level: ${message.level}. Time: ${new Date(message.timestamp).toISOString()}.`;
}

export const listConsoleMessages = pageTool({
  name: 'list_console_messages',
  description: "List the page's console messages and uncaught errors, oldest first.",
  category: 'console',
  readOnly: true,
  whileDialog: true,
  paged: 'offset',
  lines: [...countForms(MESSAGES), line.form],
  schema: {
    // Checked in the handler, not listed in the schema: 23 names would cost every request tokens for what examples tell
    // as well.
    types: z
      .array(z.string())
      .optional()
      .describe(
        'Only these levels or console methods, e.g. ["error", "warn"], ["log"], ["exception"] (uncaught errors).',
      ),
  },
  handler: ({ types }, { page }, response) => {
    const wanted: readonly string[] | undefined = types && oneOf(types, CONSOLE_TYPES, 'types');
    const messages = page
      .getConsoleMessages()
      .filter((message) => !wanted || wanted.includes(message.type) || wanted.includes(message.level));
    const kinds = wanted ? ` of type ${wanted.join(', ')}` : '';
    response.list('messages', messages, [`${MESSAGES[0]}${kinds}`, `${MESSAGES[1]}${kinds}`], line);
  },
});

export const getConsoleMessage = pageTool({
  name: 'get_console_message',
  description: 'One console message in full, by msgid.',
  category: 'console',
  readOnly: true,
  whileDialog: true,
  paged: 'offset',
  lines: [
    line.form,
    // A hand-written start: "Level:" alone would take in ordinary prose.
    { form: 'console entry', start: String.raw`level: \w+\. time:`, example: levelLine(SAMPLE_MESSAGE) },
  ],
  schema: { msgid: z.number().int().positive().describe('From list_console_messages.') },
  handler: ({ msgid }, { page }, response) => {
    const message = page.getConsoleMessage(msgid);
    if (!message)
      throw new InvalidArgumentError(
        `No console message has msgid ${msgid} on the selected page; list them with list_console_messages.`,
      );
    response.text(`${line(message)}\n${levelLine(message)}`);
    response.structured('message', message);
  },
});

export const consoleTools = [listConsoleMessages, getConsoleMessage];

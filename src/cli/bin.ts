#!/usr/bin/env node
// firefox-bidi: every tool of the MCP server as a shell command, against a Firefox a background
// daemon keeps between commands. Exit codes: 0 done, 1 the tool answered with an error, 2 a usage error.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cliHome, endStuckDaemon, logPath, pidPath, socketPath, startOnce } from './home.js';
import { sessionNameProblem, type DaemonRequest, type DaemonResponse } from './protocol.js';
import { ask, askWatched, daemonAnswers, DaemonLostError } from './client.js';

// What a warm command needs is above: the tool definitions, the flag parser and the help load only
// when asked for (--help) or when a daemon is to start, and the daemon parses the command line.

/** A usage error: exit code 2, with what to type instead. */
class UsageError extends Error {}

const DEFAULT_IDLE_MINUTES = 30;
/** The longest a command waits for its answer, by default: longer than any tool's own time-out. */
const DEFAULT_TIMEOUT_S = 300;

/** The bin's help, from the tool definitions. */
async function usage(): Promise<string> {
  const { SHORT_FORMS } = await import('./commands.js');
  const { ALL_TOOLS } = await import('../mcp/tools/index.js');
  const { RECORDING_HELP } = await import('./recordings.js');
  return `firefox-bidi [options] <command> [arguments] [--param value…]

Drives a real Firefox kept by a background daemon (started by the first command, stopped after
--idle-timeout minutes without a command, default ${DEFAULT_IDLE_MINUTES}, or by \`firefox-bidi stop\`).

Options (before the command):
  -s, --session <name>    a named session: a user context of its own (default "default")
  --json                  print the answer's structured content as JSON
  --idle-timeout <min>    minutes the daemon waits for a command before it stops (0: never)
  --timeout <seconds>     the longest a command waits for its answer (default ${DEFAULT_TIMEOUT_S}, none for
                          request_human, which has its own; 0: no limit);
                          a daemon that stops answering ends the command within 10 s whatever it says
  any flag of firefox-bidi-mcp (--headed, --firefox-path, --webdriver-url, --output-dir, …),
  used when the daemon starts (output goes to .firefox-bidi/ unless --output-dir says otherwise)

Commands:
${Object.values(SHORT_FORMS)
  .map((form) => `  ${form.help}`)
  .join('\n')}
  call <tool_name> '<json arguments>'
  <tool_name> [--param value…]: any tool: ${ALL_TOOLS.map((tool) => tool.name).join(', ')}
  sessions: the open sessions      close: end the session      stop: stop the daemon
  show [--no-open]: the link of the live view (watch the sessions, take over a page), opened in
                    a browser where there is a desktop; the link is yours alone
  install-skill [dir]: write a Claude Code skill and an AGENTS.md snippet for agents
${Object.values(RECORDING_HELP)
  .map((help) => `  ${help}`)
  .join('\n')}
  <command> --help: the command's parameters`;
}

interface Global {
  session: string;
  json: boolean;
  idleMinutes: number;
  /**
   * Undefined when not given: DEFAULT_TIMEOUT_S, or no limit for a wait for a person (request_human bounds it itself).
   */
  timeoutSeconds: number | undefined;
  daemonFlags: string[];
}

/** The options before the command, the command, and what follows it. */
async function parseGlobal(argv: string[]): Promise<{ global: Global; command: string | undefined; rest: string[] }> {
  const global: Global = {
    session: 'default',
    json: false,
    idleMinutes: DEFAULT_IDLE_MINUTES,
    timeoutSeconds: undefined,
    daemonFlags: [],
  };
  let index = 0;
  for (; index < argv.length; index++) {
    const token = argv[index] ?? '';
    if (!token.startsWith('-')) break;
    const value = (): string => {
      const next = argv[++index];
      if (next === undefined) throw new UsageError(`${token} needs a value.`);
      return next;
    };
    if (token === '-s' || token === '--session') global.session = value();
    else if (token === '--json') global.json = true;
    else if (token === '--idle-timeout') global.idleMinutes = Number(value());
    else if (token === '--timeout') global.timeoutSeconds = Number(value());
    else if (token === '-h' || token === '--help') return { global, command: 'help', rest: [] };
    else {
      // A daemon flag, with its value when it takes one (parseOptions checks it).
      global.daemonFlags.push(token);
      const next = argv[index + 1];
      if (!token.includes('=') && next !== undefined && !next.startsWith('-') && (await takesValue(token)))
        global.daemonFlags.push(argv[++index] ?? '');
    }
  }
  const badName = sessionNameProblem(global.session);
  if (badName) throw new UsageError(badName);
  if (!(global.idleMinutes >= 0)) throw new UsageError('--idle-timeout takes minutes, 0 or more.');
  if (global.timeoutSeconds !== undefined && !(global.timeoutSeconds >= 0))
    throw new UsageError('--timeout takes seconds, 0 or more.');
  return { global, command: argv[index], rest: argv.slice(index + 1) };
}

/** Whether a server flag takes a value: parseOptions says so by refusing it without one. */
async function takesValue(flag: string): Promise<boolean> {
  const { OptionsError, parseOptions } = await import('../mcp/options.js');
  try {
    parseOptions([flag], {});
    return false;
  } catch (error) {
    return error instanceof OptionsError && /value|argument/i.test(error.message);
  }
}

/** Starts the daemon (detached, so it outlives this command) and waits until it answers. */
async function startDaemon(home: string, global: Global): Promise<void> {
  const given = (name: string): boolean => global.daemonFlags.some((flag) => flag.startsWith(name));
  // Every tool, as the help lists them: a command line sends no schema to a model, so none is left out to save tokens.
  const flags = [
    ...(given('--output-dir') ? [] : ['--output-dir', '.firefox-bidi']),
    ...(given('--tools') ? [] : ['--tools', 'all']),
    ...global.daemonFlags,
  ];
  const { OptionsError, parseOptions } = await import('../mcp/options.js');
  try {
    parseOptions(flags);
  } catch (error) {
    if (error instanceof OptionsError) throw new UsageError(error.message);
    throw error;
  }
  const socket = socketPath(home);
  const entry = fileURLToPath(new URL('./daemon-main.js', import.meta.url));
  const log = openSync(logPath(home), 'a', 0o600);
  const daemon = spawn(
    process.execPath,
    [entry, JSON.stringify({ flags, idleMs: global.idleMinutes * 60_000, socket })],
    {
      detached: true,
      stdio: ['ignore', log, log],
    },
  );
  let ended: string | undefined;
  daemon.once('exit', (code, signal) => (ended = signal ?? `exit ${code}`));
  daemon.unref();
  // A daemon that still runs is still starting (Firefox starts in seconds, more on a busy machine); one that ended
  // will not answer.
  for (const started = Date.now(); Date.now() - started < START_MS; await delay(50)) {
    if (await daemonAnswers(socket)) return;
    if (ended !== undefined) throw new Error(`The daemon ended (${ended}) before it answered; see ${logPath(home)}.`);
  }
  throw new Error(`The daemon did not start within ${START_MS / 1000} s; see ${logPath(home)}.`);
}

/** How long a daemon that still runs may take to answer its first call. */
const START_MS = 60_000;

/** How long stop, sessions and close wait for the daemon's answer before taking it for stuck. */
const ANSWER_MS = 10_000;

/** A daemon that answers nothing (frozen): `stop` ends it by its pid; the others say so. */
async function stopStuck(home: string, socket: string, command: string): Promise<number> {
  if (command !== 'stop')
    throw new Error(
      `The daemon did not answer within ${ANSWER_MS / 1000} s: it is stuck. firefox-bidi stop ends it, and its Firefox with it.`,
    );
  const pid = await endStuckDaemon(home, socket);
  if (pid === undefined)
    throw new Error(
      `The daemon did not answer within ${ANSWER_MS / 1000} s, and ${pidPath(home)} names no daemon that runs; see ${logPath(home)}.`,
    );
  process.stdout.write(
    `The daemon did not answer within ${ANSWER_MS / 1000} s; it was ended (pid ${pid}), and its Firefox with it.\n`,
  );
  return 0;
}

function print(result: CallToolResult, json: boolean): number {
  // The MCP answer's header names the tool; in a shell the agent typed the command, so it goes.
  const text = result.content
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n')
    .replace(/^# \w+ response\n/, '');
  if (result.isError) {
    process.stderr.write(`${text}\n`);
    return 1;
  }
  process.stdout.write(json ? `${JSON.stringify(result.structuredContent ?? {}, null, 2)}\n` : `${text}\n`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const { global, command, rest } = await parseGlobal(argv);
  if (command === undefined || command === 'help') {
    process.stdout.write(`${await usage()}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === 'replay' || command === 'export') {
    const { exportCommand, RECORDING_HELP, replayCommand } = await import('./recordings.js');
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(`firefox-bidi ${RECORDING_HELP[command]}\n`);
      return 0;
    }
    return command === 'replay' ? replayCommand(rest, global.daemonFlags) : exportCommand(rest);
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const { commandHelp } = await import('./commands.js');
    process.stdout.write(`${commandHelp(command)}\n`);
    return 0;
  }
  if (command === 'install-skill') {
    const { installSkill } = await import('./skill.js');
    if (rest.length > 1)
      throw new UsageError('install-skill takes one folder at most: firefox-bidi install-skill [dir].');
    process.stdout.write(`Wrote ${installSkill(rest[0] ?? '.').join(' and ')}.\n`);
    return 0;
  }
  const home = cliHome();
  const socket = socketPath(home);
  if (command === 'stop' || command === 'sessions' || command === 'close') {
    const request: DaemonRequest = command === 'close' ? { op: 'close', session: global.session } : { op: command };
    let answer: DaemonResponse | undefined;
    try {
      answer = await ask(socket, request, ANSWER_MS);
    } catch (error) {
      if (!(error instanceof DaemonLostError)) throw error;
      return stopStuck(home, socket, command);
    }
    if (!answer) {
      process.stdout.write(command === 'sessions' ? 'No daemon runs: no sessions.\n' : 'No daemon runs.\n');
      return 0;
    }
    if (!answer.ok) throw new Error(answer.error);
    process.stdout.write(
      `${answer.sessions ? (answer.sessions.length ? answer.sessions.join('\n') : 'No sessions.') : (answer.text ?? '')}\n`,
    );
    return 0;
  }
  if (command === 'show' && rest.some((arg) => arg !== '--no-open'))
    throw new UsageError('show takes --no-open alone: firefox-bidi show [--no-open].');
  const request: DaemonRequest =
    command === 'show'
      ? { op: 'show', session: global.session }
      : { op: 'run', session: global.session, command, rest };
  const waitsForPerson = command === 'request_human' || (command === 'call' && rest[0] === 'request_human');
  const timeoutSeconds = global.timeoutSeconds ?? (waitsForPerson ? 0 : DEFAULT_TIMEOUT_S);
  const send = (): Promise<DaemonResponse | undefined> =>
    askWatched(socket, request, timeoutSeconds * 1000, logPath(home));
  let answer = await send();
  if (!answer) {
    // Commands run together with no daemon yet start one between them (a lock in the home folder).
    await startOnce(
      home,
      () => daemonAnswers(socket),
      () => startDaemon(home, global),
    );
    answer = await send();
  }
  if (!answer) throw new Error('The daemon went away before it answered; run the command again.');
  if (!answer.ok) {
    process.stderr.write(`${answer.error}\n`);
    return answer.usage ? 2 : 1;
  }
  if (command === 'show') return show(answer.text ?? '', !rest.includes('--no-open'));
  return answer.result ? print(answer.result, global.json) : 0;
}

/** Prints the live view's link, and opens it in the desktop's browser when there is a desktop and `open`. */
function show(url: string, open: boolean): number {
  const desktop =
    process.platform === 'darwin' ||
    process.platform === 'win32' ||
    Boolean(process.env.DISPLAY ?? process.env.WAYLAND_DISPLAY);
  const opener =
    process.platform === 'darwin'
      ? ['open', url]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '', url]
        : ['xdg-open', url];
  if (open && desktop) {
    const [program = '', ...args] = opener;
    spawn(program, args, { detached: true, stdio: 'ignore' })
      .on('error', () => process.stderr.write(`Could not start ${program}: open the link yourself.\n`))
      .unref();
  }
  process.stdout.write(
    `Live view of this daemon's sessions (yours alone: keep this link to yourself):\n${url}\n${open && desktop ? `Asked ${opener[0] ?? ''} to open it in your browser.` : 'Open it in a browser on this machine.'}\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof UsageError || (error instanceof Error && error.name === 'UsageError') ? 2 : 1;
  },
);

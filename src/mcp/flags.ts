/**
 * The command-line flags of the MCP server (and the CLI's daemon): each flag's name, value, environment variable and
 * description, and the table --help and the README print from them. options.ts reads them.
 */
import { DEFAULT_TOOL_SETS } from './tool-sets.js';

interface FlagSpec {
  name: string;
  type: 'boolean' | 'string';
  /** Environment variable that gives the same setting. */
  env?: string;
  multiple?: boolean;
  value?: string;
  description: string;
}

/** The flags, in the order the README and --help list them. */
export const FLAGS: readonly FlagSpec[] = [
  {
    name: 'headless',
    type: 'boolean',
    env: 'FIREFOX_HEADLESS',
    description: 'Run Firefox without a window (the default).',
  },
  { name: 'headed', type: 'boolean', description: 'Show the Firefox window.' },
  {
    name: 'firefox-path',
    type: 'string',
    env: 'FIREFOX_BIN',
    value: 'path',
    description: 'Firefox binary (default: firefox or firefox-esr on PATH, then the usual install paths).',
  },
  {
    name: 'profile',
    type: 'string',
    env: 'FIREFOX_PROFILE',
    value: 'dir',
    description: 'Use this profile directory (kept) instead of a fresh temporary one (deleted on exit).',
  },
  {
    name: 'ws-endpoint',
    type: 'string',
    env: 'FIREFOX_WS_ENDPOINT',
    value: 'url',
    description: 'Connect to a running Firefox started with --remote-debugging-port (ws://127.0.0.1:9222).',
  },
  {
    name: 'isolated',
    type: 'boolean',
    env: 'FIREFOX_MCP_ISOLATED',
    description:
      'Work in a user context of its own (its own tabs, cookies and storage, closed when the server ends), not the ' +
      "browser's default one: so an agent on a Firefox you connect to (--ws-endpoint, --webdriver-url) or a profile " +
      'you keep (--profile) neither sees nor changes your tabs and logins. HTTP sessions always have one.',
  },
  {
    name: 'webdriver-url',
    type: 'string',
    env: 'WEBDRIVER_URL',
    value: 'url',
    description:
      'Get the browser from a WebDriver server (Selenium Grid, geckodriver, chromedriver) with BiDi enabled.',
  },
  {
    name: 'webdriver-wait',
    type: 'string',
    env: 'WEBDRIVER_WAIT',
    value: 'seconds',
    description:
      'With --webdriver-url: how long to wait for a free slot when the server (a full Grid) queues a new ' +
      'session, before saying so (default 60).',
  },
  {
    name: 'browser',
    type: 'string',
    env: 'WEBDRIVER_BROWSER',
    value: 'name',
    description:
      'With --webdriver-url: firefox (the default) or chrome, which the server starts; see "Chrome through ' +
      'WebDriver" for what differs.',
  },
  { name: 'viewport', type: 'string', value: 'WxH', description: 'Viewport of every page, such as 1280x720.' },
  {
    name: 'color-scheme',
    type: 'string',
    value: 'light|dark',
    description:
      'What prefers-color-scheme tells every page (a launch pref: Firefox has no BiDi command to set it per page).',
  },
  {
    name: 'accept-insecure-certs',
    type: 'boolean',
    description: 'Accept self-signed and otherwise invalid TLS certificates.',
  },
  {
    name: 'pref',
    type: 'string',
    multiple: true,
    value: 'name=value',
    description:
      'A Firefox pref for the temporary profile (repeatable), such as --pref dom.webnotifications.enabled=false.',
  },
  {
    name: 'layer',
    type: 'string',
    multiple: true,
    value: 'name=selectors',
    description:
      'A named part of the page for take_snapshot({ layers }) (repeatable), such as --layer content=#main,article.',
  },
  {
    name: 'default-layers',
    type: 'string',
    value: 'names',
    description: 'Layers a snapshot is limited to when it names none, comma-separated (default: the whole page).',
  },
  {
    name: 'compress',
    type: 'boolean',
    env: 'FIREFOX_MCP_COMPRESS',
    description: 'Collapse long runs of identical rows or items in snapshots unless a call says compress: false.',
  },
  {
    name: 'no-uid-attributes',
    type: 'boolean',
    description:
      'Never write data-mcp-uid on elements (they are never written inside editable content anyway): for apps ' +
      'that save or send their own DOM, such as "copy as HTML" or form builders. Uids work the same.',
  },
  {
    name: 'secrets',
    type: 'string',
    env: 'FIREFOX_MCP_SECRETS',
    value: 'file.env',
    description:
      'NAME=value lines; fill fields with <secret>NAME</secret>, and every output shows that instead of the value.',
  },
  {
    name: 'require-approval',
    type: 'boolean',
    description:
      'A person approves, in the live view, every action that reads as irreversible (a click, Enter or Space on ' +
      'what is named or submits a form named delete, pay, buy, order, send, transfer, confirm… in seven languages; ' +
      'a dialog that says so) and every call that runs code the agent wrote in the page; over stdio, with no view, ' +
      'they are refused.',
  },
  {
    name: 'approval-rule',
    type: 'string',
    multiple: true,
    value: '[role:]pattern',
    description:
      'Also needs approval (repeatable; implies --require-approval): a target whose name matches the pattern (a ' +
      'case-insensitive regular expression), of that role when one is given, such as button:^Archive.',
  },
  {
    name: 'no-timeline-pictures',
    type: 'boolean',
    description:
      "Keep the session's timeline (save_timeline) without pictures of the page: no screenshot after each step.",
  },
  {
    name: 'output-dir',
    type: 'string',
    env: 'FIREFOX_MCP_OUTPUT_DIR',
    value: 'dir',
    description:
      'Where screenshots, snapshots, PDFs, bodies, storage states and downloads (in downloads/) are saved ' +
      '(default temp/); files are written only here, never in the working directory. Over HTTP each session gets a folder of its own, sessions/<random id>/.',
  },
  {
    name: 'allow-file-urls',
    type: 'boolean',
    description: 'Let tools load file: URLs (blocked by default: a page could make the agent read local files).',
  },
  {
    name: 'allow-data-urls',
    type: 'boolean',
    description: 'Let tools load data: URLs as pages (blocked by default: a data: page can pose as any site).',
  },
  {
    name: 'allowed-origins',
    type: 'string',
    value: 'origins',
    description:
      'Only these origins may be loaded, by tools or by the pages, separated by ; such as ' +
      'https://example.com;*.test.org;http://localhost:*.',
  },
  {
    name: 'blocked-origins',
    type: 'string',
    value: 'origins',
    description:
      'These origins may never be loaded, by tools or by the pages (; separated); wins over --allowed-origins.',
  },
  {
    name: 'allowed-dir',
    type: 'string',
    multiple: true,
    value: 'dir',
    description:
      'A folder files may be read from (repeatable) by upload_file, load_storage_state, route bodyFile and ' +
      "install_extension, besides the output directory (and, over stdio, the client's MCP roots).",
  },
  {
    name: 'port',
    type: 'string',
    env: 'FIREFOX_MCP_PORT',
    value: 'n',
    description: 'Serve Streamable HTTP at /mcp on this port instead of stdio (0 picks a free port).',
  },
  {
    name: 'host',
    type: 'string',
    env: 'FIREFOX_MCP_HOST',
    value: 'address',
    description: 'Address to listen on with --port (default 127.0.0.1); beyond loopback a bearer token is required.',
  },
  {
    name: 'token',
    type: 'string',
    env: 'FIREFOX_MCP_TOKEN',
    value: 'secret',
    description:
      'Bearer token HTTP clients must send; generated and printed when listening beyond loopback without one.',
  },
  {
    name: 'tools',
    type: 'string',
    env: 'FIREFOX_MCP_TOOLS',
    value: 'sets',
    description: `Tool sets to serve, comma-separated, or all (default ${DEFAULT_TOOL_SETS.join(',')}); the README lists each set's tools and schema tokens.`,
  },
  {
    name: 'session-idle-timeout',
    type: 'string',
    env: 'FIREFOX_MCP_SESSION_IDLE_TIMEOUT',
    value: 'minutes',
    description:
      'With --port: close an HTTP session (its pages and user context) after this many minutes without a call ' +
      '(default 30; fractions allowed; 0 never).',
  },
  {
    name: 'isolated-browser',
    type: 'boolean',
    description:
      'With --port: give each HTTP session a Firefox of its own (process isolation; about 2.5 s and 500 MB ' +
      'each) instead of a user context of its own in one shared Firefox.',
  },
];

/** The flag list for --help and the README. */
export function flagsHelp(): string {
  return FLAGS.map((flag) => {
    const name = `--${flag.name}${flag.value ? ` <${flag.value}>` : ''}`;
    return `| \`${name}\` | ${flag.env ? `\`${flag.env}\`` : ''} | ${flag.description} |`;
  }).join('\n');
}

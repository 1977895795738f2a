import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseSecretsFile } from '../firefox/policy/secrets.js';
import { colorSchemePrefs, type ApprovalRule, type PrefValue } from '../firefox/index.js';
import { FLAGS } from './flags.js';
import { DEFAULT_TOOL_SETS, TOOL_CATEGORIES, type ToolCategory } from './tool-sets.js';

/** Everything the server can be told at start-up. */
export interface ServerOptions {
  headless: boolean;
  firefoxPath?: string;
  profile?: string;
  wsEndpoint?: string;
  webdriverUrl?: string;
  /** The browser a WebDriver server starts: firefox (default) or chrome. */
  browser: 'firefox' | 'chrome';
  viewport?: { width: number; height: number };
  acceptInsecureCerts: boolean;
  prefs: Record<string, PrefValue>;
  outputDir: string;
  /** Folders (besides the output directory) that tools may read files from. */
  allowedDirs: string[];
  /** Which URLs the tools may load. */
  urlPolicy: { allowedSchemes: string[]; allowedOrigins: string[]; blockedOrigins: string[] };
  /** Snapshots collapse long repeated runs unless a call says otherwise. */
  compress: boolean;
  /** Uids are written on elements as data-mcp-uid (off with --no-uid-attributes). */
  stampUids: boolean;
  /** Named layers for snapshots (name → selectors), and the ones used when a call names none. */
  layers: Record<string, string[]>;
  defaultLayers: string[];
  /** Named secrets from --secrets (values never printed). */
  secrets: Record<string, string>;
  /** Streamable HTTP on this port (0: any free port); stdio when absent. */
  port?: number;
  host: string;
  token?: string;
  /** A stdio server works in a user context of its own, not the browser's default one. */
  isolated: boolean;
  /** With --port: each HTTP session gets its own Firefox instead of its own user context in a shared one. */
  isolatedBrowser: boolean;
  /** With webdriverUrl: how long a queued new session may wait for a free slot, in ms. */
  webdriverWait: number;
  /** With --port: milliseconds an HTTP session may go without a call before it is closed (0: never). */
  sessionIdleTimeout: number;
  /** The tool sets served (--tools). */
  toolSets: ToolCategory[];
  /**
   * With --require-approval (or an --approval-rule): what needs a person's approval besides the irreversible words;
   * undefined when nothing does.
   */
  requireApproval?: ApprovalRule[];
  /** Whether the session's timeline pictures the page after each step (--no-timeline-pictures turns it off). */
  timelinePictures: boolean;
}

/** Minutes an HTTP session may go without a call: long enough for a person to come back to a conversation. */
const DEFAULT_SESSION_IDLE_MINUTES = 30;
const DEFAULT_WEBDRIVER_WAIT_SECONDS = 60;

/** Bad start-up input: the message says what to change. */
export class OptionsError extends Error {
  override name = 'OptionsError';
}

function parseViewport(text: string): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/i.exec(text.trim());
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || width < 1 || height < 1 || width > 10_000 || height > 10_000) {
    throw new OptionsError(`--viewport "${text}" is not WIDTHxHEIGHT in pixels, such as 1280x720.`);
  }
  return { width, height };
}

function parseLayer(text: string): [string, string[]] {
  const at = text.indexOf('=');
  const selectors =
    at > 0
      ? text
          .slice(at + 1)
          .split(',')
          .map((selector) => selector.trim())
          .filter(Boolean)
      : [];
  if (at <= 0 || selectors.length === 0)
    throw new OptionsError(`--layer "${text}" is not name=selectors, such as --layer content=#main,article.`);
  return [text.slice(0, at).trim(), selectors];
}

function parsePref(text: string): [string, PrefValue] {
  const at = text.indexOf('=');
  if (at <= 0)
    throw new OptionsError(`--pref "${text}" is not name=value, such as --pref browser.tabs.warnOnClose=false.`);
  const name = text.slice(0, at).trim();
  const raw = text.slice(at + 1).trim();
  if (raw === 'true' || raw === 'false') return [name, raw === 'true'];
  if (/^-?\d+$/.test(raw)) return [name, Number(raw)];
  return [name, raw.replace(/^"(.*)"$/, '$1')];
}

function parseColorScheme(scheme: string | undefined): Record<string, PrefValue> {
  if (scheme === undefined) return {};
  if (scheme !== 'light' && scheme !== 'dark')
    throw new OptionsError(`--color-scheme "${scheme}" is neither light nor dark.`);
  return colorSchemePrefs(scheme);
}

function originList(text: string | undefined): string[] {
  return (text ?? '')
    .split(';')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** An on/off environment variable: off when 0, false or no; `unset` when absent. */
function envSwitch(value: string | undefined, unset: boolean): boolean {
  return value === undefined ? unset : !['0', 'false', 'no'].includes(value.toLowerCase());
}

/** Reads flags, then the environment for what the flags left unset. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): ServerOptions {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: Object.fromEntries(
        FLAGS.map((flag) => [flag.name, { type: flag.type, multiple: flag.multiple ?? false }]),
      ),
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new OptionsError(`${error instanceof Error ? error.message : String(error)}. Run with --help for the flags.`);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const text = (name: string): string | undefined => {
    const value = values[name];
    if (typeof value === 'string') return value;
    const spec = FLAGS.find((flag) => flag.name === name);
    return spec?.env ? env[spec.env] || undefined : undefined;
  };
  if (values.headed === true && values.headless === true)
    throw new OptionsError('--headed and --headless contradict each other; give one.');
  const headless = values.headed === true ? false : values.headless === true || envSwitch(env.FIREFOX_HEADLESS, true);
  const wsEndpoint = text('ws-endpoint');
  const webdriverUrl = text('webdriver-url');
  if (wsEndpoint && webdriverUrl)
    throw new OptionsError('--ws-endpoint and --webdriver-url are two ways to reach a browser; give one.');
  const toolSets = parseToolSets(text('tools'));
  const browser = text('browser') ?? 'firefox';
  if (browser !== 'firefox' && browser !== 'chrome')
    throw new OptionsError(`--browser must be firefox or chrome, not "${browser}".`);
  if (browser === 'chrome' && !webdriverUrl)
    throw new OptionsError(
      '--browser chrome needs --webdriver-url: start chromedriver (or a Grid with Chrome nodes) and pass its URL.',
    );
  const portText = text('port');
  let port: number | undefined;
  if (portText !== undefined) {
    port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new OptionsError(`--port "${portText}" is not a port number from 0 to 65535.`);
  }
  const waitText = text('webdriver-wait');
  const waitSeconds = waitText === undefined ? DEFAULT_WEBDRIVER_WAIT_SECONDS : Number(waitText);
  if (waitText?.trim() === '' || !Number.isFinite(waitSeconds) || waitSeconds <= 0 || waitSeconds > 3600) {
    throw new OptionsError(
      `--webdriver-wait "${waitText}" is not a number of seconds above 0 and at most 3600, such as 60.`,
    );
  }
  const idleText = text('session-idle-timeout');
  const idleMinutes = idleText === undefined ? DEFAULT_SESSION_IDLE_MINUTES : Number(idleText);
  // A timer longer than 2^31-1 ms would fire at once.
  if (
    idleText?.trim() === '' ||
    !Number.isFinite(idleMinutes) ||
    idleMinutes < 0 ||
    idleMinutes * 60_000 > 2 ** 31 - 1
  ) {
    throw new OptionsError(
      `--session-idle-timeout "${idleText}" is not a number of minutes from 0 to 35000, such as 30 or 0.5 (0: never).`,
    );
  }
  const viewport = text('viewport');
  const firefoxPath = text('firefox-path');
  const profile = text('profile');
  const token = text('token');
  const layers = Object.fromEntries(((values.layer as string[] | undefined) ?? []).map(parseLayer));
  const defaultLayers = (text('default-layers') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of defaultLayers) {
    if (!layers[name])
      throw new OptionsError(
        `--default-layers names "${name}", which no --layer defines; define it with --layer ${name}=<selectors>.`,
      );
  }
  const approvalRules = ((values['approval-rule'] as string[] | undefined) ?? []).map(parseApprovalRule);
  const compressEnv = env.FIREFOX_MCP_COMPRESS;
  const secretsFile = text('secrets');
  let secrets: Record<string, string> = {};
  if (secretsFile !== undefined) {
    let content: string;
    try {
      content = readFileSync(secretsFile, 'utf8');
    } catch (error) {
      throw new OptionsError(
        `--secrets "${secretsFile}" cannot be read (${error instanceof Error ? error.message : String(error)}); give the path of a NAME=value file.`,
      );
    }
    try {
      secrets = parseSecretsFile(content, secretsFile);
    } catch (error) {
      throw new OptionsError(error instanceof Error ? error.message : String(error));
    }
  }
  return {
    secrets,
    compress:
      values.compress === true ||
      (compressEnv !== undefined && ['1', 'true', 'yes'].includes(compressEnv.toLowerCase())),
    stampUids: values['no-uid-attributes'] !== true,
    layers,
    defaultLayers,
    headless,
    acceptInsecureCerts: values['accept-insecure-certs'] === true,
    prefs: {
      ...parseColorScheme(text('color-scheme')),
      ...Object.fromEntries(((values.pref as string[] | undefined) ?? []).map(parsePref)),
    },
    outputDir: text('output-dir') ?? 'temp',
    allowedDirs: ((values['allowed-dir'] as string[] | undefined) ?? []).map((dir) => resolve(dir)),
    urlPolicy: {
      allowedSchemes: [
        ...(values['allow-file-urls'] === true ? ['file'] : []),
        ...(values['allow-data-urls'] === true ? ['data'] : []),
      ],
      allowedOrigins: originList(text('allowed-origins')),
      blockedOrigins: originList(text('blocked-origins')),
    },
    host: text('host') ?? '127.0.0.1',
    isolated: values.isolated === true || envSwitch(env.FIREFOX_MCP_ISOLATED, false),
    isolatedBrowser: values['isolated-browser'] === true,
    sessionIdleTimeout: Math.round(idleMinutes * 60_000),
    webdriverWait: Math.round(waitSeconds * 1000),
    toolSets,
    browser,
    ...(firefoxPath === undefined ? {} : { firefoxPath }),
    ...(profile === undefined ? {} : { profile }),
    ...(wsEndpoint === undefined ? {} : { wsEndpoint }),
    ...(webdriverUrl === undefined ? {} : { webdriverUrl }),
    ...(viewport === undefined ? {} : { viewport: parseViewport(viewport) }),
    ...(port === undefined ? {} : { port }),
    ...(token === undefined ? {} : { token }),
    ...(values['require-approval'] === true || approvalRules.length ? { requireApproval: approvalRules } : {}),
    timelinePictures: values['no-timeline-pictures'] !== true,
  };
}

/** `--approval-rule [role:]pattern`: a role in lower-case letters, then a case-insensitive regular expression. */
function parseApprovalRule(text: string): ApprovalRule {
  const [, role, pattern = text] = /^([a-z]+):(.*)$/s.exec(text) ?? [];
  if (pattern.trim() === '')
    throw new OptionsError(`--approval-rule "${text}" has no pattern; give one, such as button:^Archive or Publish.`);
  try {
    return { ...(role === undefined ? {} : { role }), name: new RegExp(pattern, 'iu') };
  } catch (error) {
    throw new OptionsError(
      `--approval-rule "${text}": ${error instanceof Error ? error.message : String(error)}; give a regular expression, such as button:^Archive.`,
    );
  }
}

/** `--tools` as a list of sets: names from TOOL_CATEGORIES, or all; the default set when absent. */
function parseToolSets(value: string | undefined): ToolCategory[] {
  if (value === undefined) return [...DEFAULT_TOOL_SETS];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('all')) return [...TOOL_CATEGORIES];
  const unknown = names.filter((name) => !(TOOL_CATEGORIES as readonly string[]).includes(name));
  if (unknown.length || names.length === 0)
    throw new OptionsError(
      `--tools takes sets from ${TOOL_CATEGORIES.join(', ')}, or all; ${unknown.length ? `not ${unknown.map((name) => `"${name}"`).join(', ')}` : 'it got none'}.`,
    );
  return TOOL_CATEGORIES.filter((category) => names.includes(category));
}

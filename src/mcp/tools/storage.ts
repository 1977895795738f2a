import { z } from 'zod';
import {
  InvalidArgumentError,
  oneLine,
  openingForm,
  parseStorageState,
  readFileWithin,
  type Cookie,
} from '../../firefox/index.js';
import { lineWriter, noneLine } from '../answer-frame.js';
import { userContextTool, pageTool } from '../tool.js';

/** The largest storage state file read: far above what cookies and localStorage (about 5 MB per site) can hold. */
const MAX_STORAGE_STATE_BYTES = 64 * 1024 * 1024;

/** A cookie the forms' examples are written from. */
const SAMPLE_COOKIE: Cookie = {
  name: 'session',
  value: 'abc',
  domain: 'bank.example',
  path: '/',
  httpOnly: false,
  secure: false,
  sameSite: 'lax',
  size: 10,
};

/** A cookie as its name and value, then what it holds to (hand-written: page data leads the line). */
const COOKIE_FORM = {
  form: 'cookie entry',
  start: String.raw`\S+=.*\(domain \S+, path\b`,
  example: line(SAMPLE_COOKIE),
};
const noCookies = noneLine('cookies');
const setCookieLine = lineWriter('browser state', 'Set cookie ', (cookie: Cookie) => `${line(cookie)}.`, [
  SAMPLE_COOKIE,
]);
const deletedLine = lineWriter(
  'browser state',
  'Deleted ',
  (deleted: number) => `${deleted} cookie${deleted === 1 ? '' : 's'}.`,
  [2],
);

function line(cookie: Cookie): string {
  const flags = [
    cookie.httpOnly ? 'httpOnly' : '',
    cookie.secure ? 'secure' : '',
    `sameSite=${cookie.sameSite}`,
    cookie.expiry === undefined ? 'session' : `expires ${new Date(cookie.expiry * 1000).toISOString()}`,
  ]
    .filter(Boolean)
    .join(' ');
  return `${oneLine(cookie.name)}=${oneLine(cookie.value)} (domain ${oneLine(cookie.domain)}, path ${oneLine(cookie.path)}, ${flags})`;
}

const name = z.string().min(1).optional().describe('Only the cookie with this name.');
const domain = z.string().min(1).optional().describe('Only cookies of this domain, such as example.com.');

export const getCookies = userContextTool({
  name: 'get_cookies',
  description: "List the cookies of this session's pages (values that look like secrets are shown as <redacted>).",
  category: 'storage',
  readOnly: true,
  lines: [COOKIE_FORM, noCookies.form],
  schema: { name, domain },
  handler: async ({ name: wanted, domain: where }, { userContext }, response) => {
    const cookies = await userContext.cookies.list({
      ...(wanted === undefined ? {} : { name: wanted }),
      ...(where === undefined ? {} : { domain: where }),
    });
    response.line(cookies.length ? cookies.map(line).join('\n') : noCookies()).structured('cookies', cookies);
  },
});

export const setCookie = userContextTool({
  name: 'set_cookie',
  description:
    "Set a cookie for a domain in this session's pages; it is read back to show it took. The page sees it on " +
    'its next request.',
  category: 'storage',
  readOnly: false,
  lines: [setCookieLine.form],
  schema: {
    name: z.string().min(1).describe('The cookie name.'),
    value: z.string().describe('The value (<secret>NAME</secret> for a named secret).'),
    domain: z.string().min(1).describe('The host it belongs to, such as example.com (no scheme or port).'),
    path: z.string().optional().describe('Path (default /).'),
    httpOnly: z.boolean().optional().describe('Hidden from page scripts. Default false.'),
    secure: z.boolean().optional().describe('Sent over https only. Default false.'),
    sameSite: z.enum(['strict', 'lax', 'none']).optional().describe('SameSite policy.'),
    expiry: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Expiry in seconds since the epoch (default: a session cookie).'),
  },
  handler: async (cookie, { userContext }, response) => {
    const set = await userContext.cookies.set(cookie);
    response.line(setCookieLine(set)).structured('cookie', set);
  },
});

export const deleteCookies = userContextTool({
  name: 'delete_cookies',
  description: "Delete cookies of this session's pages: by name and/or domain, or all of them.",
  category: 'storage',
  readOnly: false,
  destructive: true,
  lines: [deletedLine.form],
  schema: { name, domain },
  handler: async ({ name: wanted, domain: where }, { userContext }, response) => {
    const deleted = await userContext.cookies.delete({
      ...(wanted === undefined ? {} : { name: wanted }),
      ...(where === undefined ? {} : { domain: where }),
    });
    response.line(deletedLine(deleted)).structured('deleted', deleted);
  },
});

/** What each kind of storage is called, as the lines say it. */
const STORAGE = { local: 'localStorage', session: 'sessionStorage' } as const;
const STORAGE_NAMES = Object.values(STORAGE);
/** An entry as get_storage lists it: `localStorage theme=dark`. */
const entryLine = (type: keyof typeof STORAGE, key: string, value: string): string =>
  `${STORAGE[type]} ${oneLine(key)}=${oneLine(value)}`;
const noEntries = { local: noneLine(`${STORAGE.local} entries`), session: noneLine(`${STORAGE.session} entries`) };
/** How the line opens that says an entry was set. */
const SET = 'Set ';
const setEntry = (type: keyof typeof STORAGE, key: string, value: string): string =>
  `${SET}${entryLine(type, key, value)}.`;
const removedEntry = lineWriter(
  'browser state',
  'Removed ',
  (type: keyof typeof STORAGE, key: string) => `${JSON.stringify(key)} from ${STORAGE[type]}.`,
  ['local', 'theme'],
);

const kind = z
  .enum(['local', 'session'])
  .describe('localStorage ("local") or sessionStorage ("session") of the page\'s origin.');

export const getStorage = pageTool({
  name: 'get_storage',
  description:
    "Read the page's localStorage or sessionStorage: every key, or one (values that look like secrets are " +
    'shown as <redacted>).',
  category: 'storage',
  readOnly: true,
  lines: [
    openingForm('storage entry', STORAGE_NAMES, entryLine('local', 'theme', 'dark')),
    noEntries.local.form,
    noEntries.session.form,
  ],
  schema: { type: kind, key: z.string().optional().describe('Only this key.') },
  handler: async ({ type, key }, { page }, response) => {
    const entries = await page.getStorage(type, key);
    const lines = Object.entries(entries).map(([name, value]) => entryLine(type, name, value));
    response
      .line(lines.length ? lines.join('\n') : noEntries[type](key === undefined ? '' : ` named ${JSON.stringify(key)}`))
      .structured('entries', entries);
  },
});

export const setStorage = pageTool({
  name: 'set_storage',
  description: "Set a key of the page's localStorage or sessionStorage (read back); leave value out to remove the key.",
  category: 'storage',
  readOnly: false,
  lines: [
    removedEntry.form,
    openingForm(
      'browser state',
      STORAGE_NAMES.map((storage) => `${SET}${storage}`),
      setEntry('local', 'theme', 'dark'),
    ),
  ],
  schema: {
    type: kind,
    key: z.string().min(1).describe('The key.'),
    value: z
      .string()
      .optional()
      .describe('The value (<secret>NAME</secret> for a named secret); leave it out to remove the key.'),
  },
  handler: async ({ type, key, value }, { page }, response) => {
    const held = await page.setStorage(type, { [key]: value ?? null });
    response
      .line(value === undefined ? removedEntry(type, key) : setEntry(type, key, held[key] ?? ''))
      .structured('entries', held);
  },
});

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
const savedLine = lineWriter(
  'files',
  'Saved ',
  (cookies: number, origins: string[], path: string) =>
    `${plural(cookies, 'cookie')} and the localStorage of ${origins.length ? origins.join(', ') : 'no origin'} to ${path}.`,
  [2, ['https://bank.example (1 localStorage key)'], '/out/state.json'],
);
const leftOutLine = lineWriter(
  'files',
  'Left out, ',
  (skipped: string[]) => `their page did not answer: ${skipped.map(oneLine).join('; ')}.`,
  [['https://busy.example']],
);
const restoredLine = lineWriter(
  'files',
  'Restored ',
  (cookies: number, keys: number, origins: number) =>
    `${plural(cookies, 'cookie')} and ${plural(keys, 'localStorage key')} of ${plural(origins, 'origin')}.`,
  [2, 1, 1],
);

export const saveStorageState = userContextTool({
  name: 'save_storage_state',
  description:
    "Save this session's cookies and the localStorage of its pages' origins to a JSON file (Playwright's " +
    'storage state format), to log in once and reuse it with load_storage_state. The file holds real values; the answer shows none.',
  category: 'storage',
  readOnly: false,
  fileArgs: ['filePath'],
  lines: [savedLine.form, leftOutLine.form],
  schema: {
    filePath: z
      .string()
      .min(1)
      .describe('Where to save it (relative: in the output directory), such as state/login.json.'),
  },
  handler: async ({ filePath }, { userContext, files }, response) => {
    const { state, skipped } = await userContext.storageState();
    // Only the owner may read it: it holds session cookies.
    const saved = files.write(filePath, `${JSON.stringify(state, null, 2)}\n`, 0o600);
    const origins = state.origins.map(
      (entry) =>
        `${oneLine(entry.origin)} (${entry.localStorage.length} localStorage key${entry.localStorage.length === 1 ? '' : 's'})`,
    );
    response.line(savedLine(state.cookies.length, origins, saved));
    if (skipped.length) response.line(leftOutLine(skipped));
    response.structured('saved', {
      path: saved,
      cookies: state.cookies.length,
      origins: state.origins.map((entry) => entry.origin),
      skipped,
    });
  },
});

export const loadStorageState = userContextTool({
  name: 'load_storage_state',
  description:
    'Restore cookies and localStorage from a storage state file (from save_storage_state, or Playwright). ' +
    'Reload or navigate afterwards for pages to use them.',
  category: 'storage',
  readOnly: false,
  fileArgs: ['filePath'],
  lines: [restoredLine.form],
  schema: { filePath: z.string().min(1).describe('The storage state file (relative: in the output directory).') },
  handler: async ({ filePath }, { userContext, files }, response) => {
    const path = await files.readable(filePath);
    const content = readFileWithin(path, MAX_STORAGE_STATE_BYTES, 'a storage state file', filePath).toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (error) {
      // The parser's message quotes the file's text, which may be a secret: only where it broke is told.
      const position = /at position (\d+)/.exec((error as Error).message)?.[1];
      const where = position === undefined ? '' : ` (it breaks at character ${Number(position) + 1})`;
      throw new InvalidArgumentError(
        `${filePath} is not JSON${where}; its content is not shown, as it may hold secrets. Give a storage state file, as save_storage_state writes.`,
      );
    }
    const state = parseStorageState(parsed, filePath);
    await userContext.setStorageState(state);
    const keys = state.origins.reduce((sum, entry) => sum + entry.localStorage.length, 0);
    response.line(restoredLine(state.cookies.length, keys, state.origins.length));
    response.structured('restored', {
      cookies: state.cookies.length,
      origins: state.origins.map((entry) => entry.origin),
    });
  },
});

export const storageTools = [
  getCookies,
  setCookie,
  deleteCookies,
  getStorage,
  setStorage,
  saveStorageState,
  loadStorageState,
];

import { ActionNotTakenError } from '../errors.js';
import type { SecretStore } from '../policy/secrets.js';
import { quote } from '../util/text.js';
import type { PageScripts } from './scripts.js';

/** localStorage or sessionStorage. */
export type StorageKind = 'local' | 'session';

/** The page's sandbox, where its own scripts cannot reach (nor tamper with what the storage answers). */
type Sandbox = Pick<PageScripts, 'inSandbox'>;

/** How long the page's storage has to answer. */
const STORAGE_TIMEOUT_MS = 5000;

const READ =
  '(kind, key) => { const store = kind === "local" ? localStorage : sessionStorage; const out = {}; for (let i = 0; i < store.length; i++) { const name = store.key(i); if (key === null || name === key) out[name] = store.getItem(name); } return out; }';
const WRITE =
  '(kind, entries) => { const store = kind === "local" ? localStorage : sessionStorage; for (const [key, value] of Object.entries(entries)) { if (value === null) store.removeItem(key); else store.setItem(key, value); } return Object.fromEntries(Object.keys(entries).map((key) => [key, store.getItem(key)])); }';

/** The storage of the page's origin, unmasked: all of it, or one key. */
export async function readStorage(sandbox: Sandbox, kind: StorageKind, key?: string): Promise<Record<string, string>> {
  return (await sandbox.inSandbox(READ, STORAGE_TIMEOUT_MS, [kind, key ?? null])) as Record<string, string>;
}

/**
 * Sets keys of the page's storage exactly as given, or removes them (null); what it holds afterwards, or an error when
 * it did not keep a value.
 */
export async function writeStorage(
  sandbox: Sandbox,
  kind: StorageKind,
  entries: Record<string, string | null>,
): Promise<Record<string, string | null>> {
  const stored = (await sandbox.inSandbox(WRITE, STORAGE_TIMEOUT_MS, [kind, entries])) as Record<string, string | null>;
  for (const [key, value] of Object.entries(entries)) {
    if (stored[key] !== value)
      throw new ActionNotTakenError(
        `The page's ${kind}Storage did not keep ${quote(key)}; storage may be full or blocked for this origin.`,
      );
  }
  return stored;
}

/** readStorage as answers show it: values masked, token-shaped ones too. */
export async function readMaskedStorage(
  sandbox: Sandbox,
  secrets: SecretStore,
  kind: StorageKind,
  key?: string,
): Promise<Record<string, string>> {
  return secrets.maskDeep(await readStorage(sandbox, kind, key), { entropy: true });
}

/** The entries with their `<secret>NAME</secret>` values made the secret (null, a removal, stays). */
export function revealEntries(
  secrets: SecretStore,
  entries: Record<string, string | null>,
): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(entries).map(([key, value]) => [key, value === null ? null : secrets.reveal(value)]),
  );
}

/** writeStorage as answers show it: what the storage holds afterwards, masked (token-shaped values too). */
export async function writeMaskedStorage(
  sandbox: Sandbox,
  secrets: SecretStore,
  kind: StorageKind,
  entries: Record<string, string | null>,
): Promise<Record<string, string | null>> {
  return secrets.maskDeep(await writeStorage(sandbox, kind, entries), { entropy: true });
}

import { InvalidArgumentError } from './errors.js';

/** Shapes that are credentials whatever the page says about them. */
const TOKEN_PATTERNS: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{4,}/g, // JSON Web Token
  /\b(?:sk|pk|rk)_(?:live|test)_\w{16,}/g, // Stripe-style keys
  /\bsk-[\w-]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g,
  /\bgithub_pat_\w{30,}/g,
  /\bxox[abprs]-[\w-]{10,}/g, // Slack
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\bAIza[\w-]{35}/g, // Google API key
];
/** `Bearer <token>` and `Basic <credentials>` keep their scheme. */
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[\w.~+/-]{12,}=*/gi;
/** Query or form parameters that carry credentials keep their name. */
const SECRET_PARAMETER = /([?&;](?:access_?token|refresh_?token|id_?token|token|api_?key|apikey|client_?secret|secret|password|passwd|pwd|auth|signature|sig|session_?id|sessionid)=)[^&#\s"']+/gi;
/** A long run of mixed-case letters and digits, as random tokens are (only for values people type or scripts print). */
const HIGH_ENTROPY = /(?<![\w/.-])(?=[\w+/-]*\d)(?=[\w+/-]*[a-z])(?=[\w+/-]*[A-Z])[\w+/-]{32,}={0,2}(?![\w/.-])/g;

export const REDACTED = '<redacted>';

/** Headers whose values are credentials whatever they hold: shown as REDACTED, never printed. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-auth-token', 'x-csrf-token']);

/**
 * Hides what looks like a secret in text bound for a model or a log: tokens of known shapes,
 * authorization values, credential parameters; with `entropy`, also long random-looking runs
 * (kept off URLs and names, where document ids look alike).
 */
export function redactTokens(text: string, options: { entropy?: boolean } = {}): string {
  let out = text;
  for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  out = out.replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${REDACTED}`);
  out = out.replace(SECRET_PARAMETER, (_match, name: string) => `${name}${REDACTED}`);
  if (options.entropy) out = out.replace(HIGH_ENTROPY, REDACTED);
  return out;
}

/** Parses a .env file: NAME=value lines, # comments, optional quotes around values. */
export function parseSecretsFile(text: string, source = 'the secrets file'): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][\w.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match?.[1]) throw new InvalidArgumentError(`Line ${index + 1} of ${source} is not NAME=value.`);
    const value = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    if (value) secrets[match[1]] = value;
  }
  return secrets;
}

const SECRET_REFERENCE = /<secret>([\w.-]+)<\/secret>/g;

/**
 * Named secrets: an agent writes `<secret>NAME</secret>` where a value goes, the value is typed
 * into the page, and every output shows the reference again instead of the value.
 */
export class SecretStore {
  readonly #values: [name: string, value: string][];

  constructor(secrets: Record<string, string> = {}) {
    // Longest first, so a secret that contains another is masked whole.
    this.#values = Object.entries(secrets)
      .filter(([, value]) => value.length > 0)
      .sort((a, b) => b[1].length - a[1].length);
  }

  get names(): string[] {
    return this.#values.map(([name]) => name).sort();
  }

  /** Replaces `<secret>NAME</secret>` with the value; an unknown name is an error that lists the known ones. */
  reveal(text: string): string {
    return text.replace(SECRET_REFERENCE, (_match, name: string) => {
      const found = this.#values.find(([candidate]) => candidate === name);
      if (!found) {
        throw new InvalidArgumentError(`There is no secret named "${name}"; ${this.#values.length ? `the secrets are ${this.names.join(', ')}` : 'no secrets were given (start the server with --secrets <file.env>)'}.`);
      }
      return found[1];
    });
  }

  /** Shows every secret value as `<secret>NAME</secret>`, then hides token-shaped values. */
  mask(text: string, options: { entropy?: boolean } = {}): string {
    let out = text;
    for (const [name, value] of this.#values) out = out.split(value).join(`<secret>${name}</secret>`);
    return redactTokens(out, options);
  }

  /**
   * A network request as it may be shown: the URLs and header values masked, and the values of
   * credential headers (authorization, cookie, API keys…) replaced whole.
   */
  maskRequest<T extends { url: string; frame?: string; requestHeaders: Record<string, string>; responseHeaders: Record<string, string> }>(request: T): T {
    const masked = { ...request, url: this.mask(request.url), requestHeaders: this.#maskHeaders(request.requestHeaders), responseHeaders: this.#maskHeaders(request.responseHeaders) };
    if (request.frame !== undefined) masked.frame = this.mask(request.frame);
    return masked;
  }

  /** A console message as it may be shown: its text masked, random-looking runs too (pages log tokens), and its URLs. */
  maskMessage<T extends { text: string; frame?: string; source?: { url: string } }>(message: T): T {
    const masked = { ...message, text: this.mask(message.text, { entropy: true }) };
    if (message.frame !== undefined) masked.frame = this.mask(message.frame);
    if (message.source !== undefined) masked.source = { ...message.source, url: this.mask(message.source.url) };
    return masked;
  }

  #maskHeaders(headers: Record<string, string>): Record<string, string> {
    const masked = Object.create(null) as Record<string, string>; // No prototype, as the collector keeps them: any header name is a plain key.
    for (const [name, value] of Object.entries(headers)) masked[name] = CREDENTIAL_HEADERS.has(name.toLowerCase()) ? REDACTED : this.mask(value);
    return masked;
  }

  /** `mask` applied to every string inside a JSON-like value. */
  maskDeep<T>(value: T, options: { entropy?: boolean } = {}): T {
    if (typeof value === 'string') return this.mask(value, options) as T;
    if (Array.isArray(value)) return value.map((item: unknown) => this.maskDeep(item, options)) as T;
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.maskDeep(item, options)])) as T;
    }
    return value;
  }
}

/** Masks the names, texts, values and links of a snapshot tree in place (values also by entropy). */
export function maskNodes(nodes: { name?: string; text?: string; value?: string; href?: string; children?: unknown[] }[], secrets: SecretStore): void {
  for (const node of nodes) {
    if (node.name !== undefined) node.name = secrets.mask(node.name);
    if (node.text !== undefined) node.text = secrets.mask(node.text);
    if (node.value !== undefined) node.value = secrets.mask(node.value, { entropy: true });
    if (node.href !== undefined) node.href = secrets.mask(node.href);
    if (node.children) maskNodes(node.children as typeof nodes, secrets);
  }
}

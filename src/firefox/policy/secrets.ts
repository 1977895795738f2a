import { InvalidArgumentError } from '../errors.js';
import { secretForms } from './secret-forms.js';

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
/** The shapes of credentials, as regular expression sources: what a picture of a page must not show either. */
export const CREDENTIAL_SHAPES: readonly string[] = TOKEN_PATTERNS.map((pattern) => pattern.source);
/** `Bearer <token>` and `Basic <credentials>` keep their scheme. */
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[\w.~+/-]{12,}=*/gi;
/** Query or form parameters that carry credentials keep their name. */
const SECRET_PARAMETER =
  /([?&;](?:access_?token|refresh_?token|id_?token|token|api_?key|apikey|client_?secret|secret|password|passwd|pwd|auth|signature|sig|session_?id|sessionid)=)[^&#\s"']+/gi;
/** A long run of mixed-case letters and digits, as random tokens are (only for values people type or scripts print). */
const HIGH_ENTROPY = /(?<![\w/.-])(?=[\w+/-]*\d)(?=[\w+/-]*[a-z])(?=[\w+/-]*[A-Z])[\w+/-]{32,}={0,2}(?![\w/.-])/g;

/**
 * Text that may hold one of those shapes: a single scan, case aside (so it finds a superset), rules out the many texts
 * that hold none before each shape is looked for alone.
 */
const MAY_HOLD_TOKEN = new RegExp(
  [...TOKEN_PATTERNS, AUTH_SCHEME, SECRET_PARAMETER].map((pattern) => `(?:${pattern.source})`).join('|'),
  'i',
);

export const REDACTED = '<redacted>';

/** Headers whose values are credentials whatever they hold: shown as REDACTED, never printed. */
const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
  'x-csrf-token',
]);

/**
 * Hides what looks like a secret in text bound for a model or a log: tokens of known shapes,
 * authorization values, credential parameters; with `entropy`, also long random-looking runs
 * (kept off URLs and names, where document ids look alike).
 */
export function redactTokens(text: string, options: { entropy?: boolean } = {}): string {
  if (!MAY_HOLD_TOKEN.test(text) && !(options.entropy && text.length >= 32)) return text;
  let out = text;
  for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  out = out.replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${REDACTED}`);
  out = out.replace(SECRET_PARAMETER, (_match, name: string) => `${name}${REDACTED}`);
  if (options.entropy) out = out.replace(HIGH_ENTROPY, REDACTED);
  return out;
}

/** A secret's name, as a NAME=value file gives it: a letter or _, then letters, digits, _ . or -. */
const NAME = '[A-Za-z_][\\w.-]*';

/** Whether `name` can be a secret's name (a recording's list of secrets is checked with it). */
export function isSecretName(name: string): boolean {
  return new RegExp(`^${NAME}$`).test(name);
}

/** Parses a .env file: NAME=value lines, # comments, optional quotes around values. */
export function parseSecretsFile(text: string, source = 'the secrets file'): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = new RegExp(`^(?:export\\s+)?(${NAME})\\s*=\\s*(.*)$`).exec(line);
    if (!match?.[1]) throw new InvalidArgumentError(`Line ${index + 1} of ${source} is not NAME=value.`);
    const value = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    if (value) secrets[match[1]] = value;
  }
  return secrets;
}

/** How a value names a secret: `<secret>NAME</secret>` (in arguments, recordings and masked output alike). */
export const SECRET_REFERENCE = /<secret>([\w.-]+)<\/secret>/g;

/** The secrets `text` names with `<secret>NAME</secret>`, in order. */
export function referencedSecretNames(text: string): string[] {
  return [...text.matchAll(SECRET_REFERENCE)].map((match) => match[1] ?? '');
}
/**
 * A field's value shorter than this is not masked everywhere (it would hide ordinary words); the field itself still is.
 */
const MIN_REMEMBERED = 4;
/** The fewest first characters of a cut secret that are masked. */
const MIN_CUT_PREFIX = 4;

/** The name what a person typed into a secret-looking field shows as: `<secret>typed-by-a-person</secret>`. */
export const TYPED_SECRET = 'typed-by-a-person';

/**
 * Named secrets: an agent writes `<secret>NAME</secret>` where a value goes, the value is typed
 * into the page, and every output shows the reference again instead of the value, in whatever
 * form the page or a protocol gave it (see secretForms).
 */
export class SecretStore {
  readonly #values: [name: string, value: string][];
  /** Each form of each value, and the name it stands for. */
  readonly #forms = new Map<string, string>();
  /**
   * What a person typed into each secret-looking field (the live view), and whether it is only what the keys were to
   * make of it.
   */
  readonly #typed = new Map<string, { value: string; foreseen: boolean }>();
  #pattern: RegExp | undefined;
  #version = 0;
  #confinedTo: string | undefined;

  constructor(secrets: Record<string, string> = {}) {
    this.#values = Object.entries(secrets).filter(([, value]) => value.length > 0);
    for (const [name, value] of this.#values) this.#addForms(name, value);
  }

  /** Goes up whenever what is masked changes: text masked before may read differently now. */
  get version(): number {
    return this.#version;
  }

  /**
   * Every form of every value (as typed, encoded, or what a field kept of it): what a picture of the page must not show
   * either.
   */
  get forms(): string[] {
    return [...this.#forms.keys()];
  }

  /**
   * The one origin secrets are typed into now, when confined (a replay types a secret where it was recorded, or
   * nowhere).
   */
  get confinedTo(): string | undefined {
    return this.#confinedTo;
  }

  /**
   * From now on, secrets are typed only into documents of `origin` (checked before each key); undefined: anywhere, as
   * the agent asks.
   */
  confine(origin: string | undefined): void {
    this.#confinedTo = origin;
  }

  get names(): string[] {
    return [...new Set(this.#values.map(([name]) => name))].sort();
  }

  /** The names `text` refers to with `<secret>NAME</secret>`, in order. */
  referencedNames(text: string): string[] {
    return referencedSecretNames(text);
  }

  /** Replaces `<secret>NAME</secret>` with the value; an unknown name is an error that lists the known ones. */
  reveal(text: string): string {
    return text.replace(SECRET_REFERENCE, (_match, name: string) => {
      const found = this.#values.find(([candidate]) => candidate === name);
      if (!found) {
        throw new InvalidArgumentError(
          `There is no secret named "${name}"; ${this.#values.length ? `the secrets are ${this.names.join(', ')}` : 'no secrets were given (start the server with --secrets <file.env>)'}.`,
        );
      }
      return found[1];
    });
  }

  /**
   * Masks `value` as secret `name` from now on: what a field filled from the secret came to hold
   * when the page cut or trimmed it (maxlength), so that the rest of the secret's life (the URL a
   * form sends, a script's result) shows the name, not its first characters.
   */
  remember(name: string, value: string): void {
    if (value.length < MIN_REMEMBERED || this.#forms.has(value)) return;
    this.#addForms(name, value);
  }

  /**
   * Masks `value`, what a person typed into secret-looking field `field` (in the live view), as
   * TYPED_SECRET from now on; `foreseen` when it is what the keys about to go in will make of the
   * field (a page may send it before it can be read back). The next value of the field replaces a
   * foreseen one, and one it grows from (typed on); any other value stays masked: it may have been sent.
   */
  rememberTyped(field: string, value: string, foreseen = false): void {
    const before = this.#typed.get(field);
    this.#typed.set(field, { value, foreseen });
    if (before && before.value !== value && (before.foreseen || value.startsWith(before.value)))
      this.#forgetTyped(before.value);
    if (value.length >= MIN_REMEMBERED && !this.#forms.has(value)) this.#addForms(TYPED_SECRET, value);
  }

  /** Stops masking the forms of `value`, typed by a person, that no other typed value shares. */
  #forgetTyped(value: string): void {
    const kept = new Set([...this.#typed.values()].flatMap((typed) => secretForms(typed.value)));
    for (const form of secretForms(value))
      if (this.#forms.get(form) === TYPED_SECRET && !kept.has(form)) this.#forms.delete(form);
    this.#compile();
  }

  /**
   * Masks from now on every run of MIN_REMEMBERED characters or more that `held` (what a field
   * filled from secret `name` holds now, after keys, scripts or the page changed it) shares with
   * the secret: a secret shortened by Backspace shows none of what is left of it.
   */
  rememberParts(name: string, held: string): void {
    const secret = this.#values.find(([candidate]) => candidate === name)?.[1];
    if (secret === undefined) return;
    for (let start = 0; start + MIN_REMEMBERED <= held.length; start++) {
      let end = start + MIN_REMEMBERED;
      if (!secret.includes(held.slice(start, end))) continue;
      while (end < held.length && secret.includes(held.slice(start, end + 1))) end++;
      this.remember(name, held.slice(start, end));
      start = end - 1;
    }
  }

  /** Shows every form of every secret value as `<secret>NAME</secret>`, then hides token-shaped values. */
  mask(text: string, options: { entropy?: boolean } = {}): string {
    const out = this.#pattern
      ? text.replace(this.#pattern, (form) => `<secret>${this.#forms.get(form) ?? ''}</secret>`)
      : text;
    return redactTokens(this.#maskCutForms(out), options);
  }

  #addForms(name: string, value: string): void {
    this.#version++;
    for (const form of secretForms(value)) if (!this.#forms.has(form)) this.#forms.set(form, name);
    this.#compile();
  }

  #compile(): void {
    this.#version++;
    // Longest first, so a secret that contains another (or a longer form of it) is masked whole.
    const forms = [...this.#forms.keys()].sort((a, b) => b.length - a.length);
    this.#pattern = new RegExp(forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  }

  /**
   * A secret cut short by a list or a message (`shorten` and `quote` end a cut value with an
   * ellipsis) keeps its first characters: those are masked too, when at least four are left.
   */
  #maskCutForms(text: string): string {
    if (this.#forms.size === 0 || !text.includes('…')) return text;
    const longest = Math.max(...[...this.#forms.keys()].map((form) => form.length));
    let out = '';
    let from = 0;
    for (let at = text.indexOf('…'); at !== -1; at = text.indexOf('…', at + 1)) {
      const end = text[at - 1] === '"' ? at - 1 : at; // `quote` closes the cut value before its ellipsis.
      const cut = this.#cutForm(text.slice(Math.max(from, end - longest), end));
      if (!cut) continue;
      out += `${text.slice(from, end - cut.length)}<secret>${cut.name}</secret>`;
      from = end;
    }
    return out + text.slice(from);
  }

  /** The longest end of `before` that is a secret form's beginning (four characters at least, never the whole form). */
  #cutForm(before: string): { length: number; name: string } | undefined {
    for (let start = 0; start <= before.length - MIN_CUT_PREFIX; start++) {
      const rest = before.slice(start);
      for (const [form, name] of this.#forms) {
        if (rest.length < form.length && form.startsWith(rest)) return { length: rest.length, name };
      }
    }
    return undefined;
  }

  /**
   * A network request as it may be shown: the URLs and header values masked, and the values of
   * credential headers (authorization, cookie, API keys…) replaced whole.
   */
  maskRequest<
    T extends {
      url: string;
      frame?: string;
      requestHeaders: Record<string, string>;
      responseHeaders: Record<string, string>;
    },
  >(request: T): T {
    const masked = {
      ...request,
      url: this.mask(request.url),
      requestHeaders: this.#maskHeaders(request.requestHeaders),
      responseHeaders: this.#maskHeaders(request.responseHeaders),
    };
    if (request.frame !== undefined) masked.frame = this.mask(request.frame);
    return masked;
  }

  /**
   * A console message as it may be shown: its text masked, random-looking runs too (pages log tokens), and its URLs.
   */
  maskMessage<T extends { text: string; frame?: string; source?: { url: string } }>(message: T): T {
    const masked = { ...message, text: this.mask(message.text, { entropy: true }) };
    if (message.frame !== undefined) masked.frame = this.mask(message.frame);
    if (message.source !== undefined) masked.source = { ...message.source, url: this.mask(message.source.url) };
    return masked;
  }

  #maskHeaders(headers: Record<string, string>): Record<string, string> {
    // No prototype, as the collector keeps them: any header name is a plain key.
    const masked = Object.create(null) as Record<string, string>;
    for (const [name, value] of Object.entries(headers))
      masked[name] = CREDENTIAL_HEADERS.has(name.toLowerCase()) ? REDACTED : this.mask(value);
    return masked;
  }

  /** `mask` applied to every string inside a JSON-like value. */
  maskDeep<T>(value: T, options: { entropy?: boolean } = {}): T {
    if (typeof value === 'string') return this.mask(value, options) as T;
    if (Array.isArray(value)) return value.map((item: unknown) => this.maskDeep(item, options)) as T;
    if (value !== null && typeof value === 'object') {
      // Keys too: a storage key or a header name can carry a secret as well as a value.
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [this.mask(key), this.maskDeep(item, options)]),
      ) as T;
    }
    return value;
  }
}

/** Masks the names, texts, values and links of a snapshot tree in place (values also by entropy). */
export function maskNodes(
  nodes: {
    name?: string;
    text?: string;
    value?: string;
    placeholder?: string;
    shows?: string;
    href?: string;
    children?: unknown[];
  }[],
  secrets: SecretStore,
): void {
  for (const node of nodes) {
    if (node.placeholder !== undefined) node.placeholder = secrets.mask(node.placeholder);
    if (node.shows !== undefined) node.shows = secrets.mask(node.shows);
    if (node.name !== undefined) node.name = secrets.mask(node.name);
    if (node.text !== undefined) node.text = secrets.mask(node.text);
    if (node.value !== undefined) node.value = secrets.mask(node.value, { entropy: true });
    if (node.href !== undefined) node.href = secrets.mask(node.href);
    if (node.children) maskNodes(node.children as typeof nodes, secrets);
  }
}

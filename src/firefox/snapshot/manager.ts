import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve as resolvePath } from 'node:path';
import type { Script } from 'webdriver-bidi-protocol';
import { fromRemoteValue, toLocalValue, type CommandName, type CommandParams, type CommandResult, type JsonValue } from '../../bidi/index.js';
import { EvaluationError, InvalidArgumentError, StaleUidError } from '../errors.js';
import { formatSnapshotText, type Snapshot } from './format.js';
import { libraryCall, SANDBOX } from './injected/source.js';
import type { InjectedLibrary } from './injected/library.js';
import type { ActionTarget, UidLookup, WalkResult } from './injected/types.js';

/** What the snapshot layer needs from the client: a way to send commands, and page numbers for messages. */
export interface PageAccess {
  send<M extends CommandName>(method: M, params: CommandParams<M>, what: string, timeout?: number): Promise<CommandResult<M>>;
  pageIndexOf(context: string): number;
}

export interface SnapshotOptions {
  /** Write `data-mcp-uid` on kept elements (default true); off for pages that react badly to DOM changes. */
  stamp?: boolean;
  /** Also save the text and JSON under this directory (inside the working directory; `true` means `temp/`). */
  saveTo?: string | true;
}

export interface TakenSnapshot extends Snapshot {
  /** The text export, for a model. */
  text: string;
  /** Where the snapshot was saved, with `saveTo`. */
  savedTo?: { text: string; json: string };
}

/** A uid's CSS path: a selector inside its own root, and the shadow hosts around it (outermost first). */
export interface UidSelector {
  selector: string;
  shadowHosts: string[];
  /** One string for Playwright (`>>` pierces each shadow root). */
  full: string;
}

const UID_PATTERN = /^(\d+)_(\d+)$/;

/**
 * Takes snapshots and owns uids: which snapshot (and so which page) each uid came from, and what
 * the in-page registry says of it now. The registry lives in a sandbox of the page, out of the
 * page's reach, and dies with the document, which is how navigation clears uids.
 */
export class SnapshotManager {
  #nextId = 1;
  readonly #pageOfSnapshot = new Map<number, string>();
  readonly #cleared = new Set<number>();

  constructor(private readonly page: PageAccess) {}

  async take(context: string, options: SnapshotOptions = {}): Promise<TakenSnapshot> {
    const id = this.#nextId++;
    this.#pageOfSnapshot.set(id, context);
    const json = await this.#call(context, 'walk', [{ snapshotId: id, stamp: options.stamp !== false }], 'Taking a snapshot');
    if (typeof json !== 'string') throw new EvaluationError('The snapshot walker returned nothing; the page may have navigated during the walk. Try again.');
    const walked = JSON.parse(json) as WalkResult;
    const snapshot: TakenSnapshot = {
      id,
      pageId: context,
      url: walked.url,
      title: walked.title,
      viewport: walked.viewport,
      stats: walked.stats,
      nodes: walked.nodes,
      text: '',
    };
    snapshot.text = formatSnapshotText(snapshot);
    if (options.saveTo !== undefined) snapshot.savedTo = saveSnapshot(snapshot, options.saveTo === true ? 'temp' : options.saveTo);
    return snapshot;
  }

  /** Checks `uid` against the page's registry; throws a StaleUidError that says what happened. */
  async check(context: string, uid: string): Promise<void> {
    const snapshotId = this.#snapshotOf(context, uid);
    const lookup = (await this.#call(context, 'lookup', [uid], 'Resolving a uid')) as UidLookup | undefined;
    switch (lookup?.status) {
      case 'ok':
        return;
      case 'unknown-snapshot':
        throw new StaleUidError(`uid ${uid} is from snapshot ${snapshotId}, taken before the page navigated or reloaded; take a new snapshot and use its uids.`, 'navigated');
      case 'removed':
        throw new StaleUidError(`The element with uid ${uid} was removed from the page; take a new snapshot to see what is there now.`, 'removed');
      default:
        throw new StaleUidError(`No element has uid ${uid} in snapshot ${snapshotId}; take a new snapshot and use a uid from it.`, 'unknown');
    }
  }

  /** Scrolls the element into view and returns its BiDi reference with what a click there would hit. */
  async prepareAction(context: string, uid: string): Promise<{ sharedId: string; target: ActionTarget }> {
    this.#snapshotOf(context, uid);
    const result = await this.#evaluate(context, 'prepareAction', [uid], 'Finding the element');
    if (result.type === 'array') {
      const [element, json] = result.value ?? [];
      if (element?.type === 'node' && element.sharedId && json?.type === 'string') {
        return { sharedId: element.sharedId, target: JSON.parse(json.value) as ActionTarget };
      }
    }
    await this.check(context, uid);
    throw new StaleUidError(`The element with uid ${uid} could not be found; take a new snapshot.`, 'removed');
  }

  /** The BiDi reference (sharedId) of the element behind `uid`, without touching the page. */
  async elementRef(context: string, uid: string): Promise<string> {
    this.#snapshotOf(context, uid);
    const result = await this.#evaluate(context, 'element', [uid], 'Finding the element');
    if (result.type === 'node' && result.sharedId) return result.sharedId;
    await this.check(context, uid);
    throw new StaleUidError(`The element with uid ${uid} could not be found; take a new snapshot.`, 'removed');
  }

  /** Gives the elements behind these BiDi references uids (keeping the ones they have). */
  async adopt(context: string, sharedIds: string[], stamp = true): Promise<string[]> {
    if (sharedIds.length === 0) return [];
    const id = this.#nextId++;
    this.#pageOfSnapshot.set(id, context);
    const result = await this.page.send(
      'script.callFunction',
      {
        functionDeclaration: libraryCall('adopt'),
        arguments: [{ type: 'number', value: id }, { type: 'boolean', value: stamp }, ...sharedIds.map((sharedId) => ({ sharedId }))],
        awaitPromise: false,
        target: { context, sandbox: SANDBOX },
        resultOwnership: 'none',
      },
      'Giving elements uids',
    );
    if (result.type === 'exception') throw new EvaluationError(`Giving elements uids failed in the page: ${result.exceptionDetails.text}`);
    const uids = fromRemoteValue(result.result);
    return Array.isArray(uids) ? uids.map(String) : [];
  }

  async selector(context: string, uid: string): Promise<UidSelector> {
    await this.check(context, uid);
    const found = (await this.#call(context, 'selector', [uid], 'Building a selector')) as { selector: string; shadowHosts: string[] } | null | undefined;
    if (!found) throw new StaleUidError(`The element with uid ${uid} was removed from the page; take a new snapshot.`, 'removed');
    return { ...found, full: [...found.shadowHosts, found.selector].join(' >> ') };
  }

  /** Runs an operation of the in-page library on the element behind `uid` (checked first). */
  async call(context: string, operation: keyof InjectedLibrary, args: JsonValue[], what: string): Promise<JsonValue | undefined> {
    return this.#call(context, operation, args, what);
  }

  /** Forgets every uid of the page and removes the attributes. */
  async clear(context: string): Promise<void> {
    for (const [id, page] of this.#pageOfSnapshot) if (page === context) this.#cleared.add(id);
    await this.#call(context, 'clear', [], 'Clearing uids');
  }

  /** The snapshot id of a well-formed uid taken on this page, or a StaleUidError that says why not. */
  #snapshotOf(context: string, uid: string): number {
    const match = UID_PATTERN.exec(uid);
    if (!match) throw new StaleUidError(`"${uid}" is not a uid; uids look like 3_14. Take a snapshot and use a uid from it.`, 'malformed');
    const snapshotId = Number(match[1]);
    const page = this.#pageOfSnapshot.get(snapshotId);
    if (page === undefined) throw new StaleUidError(`uid ${uid} names snapshot ${snapshotId}, which was never taken; take a snapshot and use a uid from it.`, 'unknown');
    if (this.#cleared.has(snapshotId)) throw new StaleUidError(`uid ${uid} was cleared with the snapshot; take a new snapshot.`, 'cleared');
    if (page !== context) {
      const index = this.page.pageIndexOf(page);
      throw new StaleUidError(
        index < 0 ? `uid ${uid} belongs to a page that has been closed; take a snapshot of this page.` : `uid ${uid} belongs to page ${index}, not the selected page; select page ${index} first, or take a snapshot of this one.`,
        'other-page',
      );
    }
    return snapshotId;
  }

  async #evaluate(context: string, operation: keyof InjectedLibrary, args: JsonValue[], what: string): Promise<Script.RemoteValue> {
    const result = await this.page.send(
      'script.callFunction',
      {
        functionDeclaration: libraryCall(operation),
        arguments: args.map(toLocalValue),
        awaitPromise: true,
        target: { context, sandbox: SANDBOX },
        resultOwnership: 'none',
        serializationOptions: { maxDomDepth: 0, maxObjectDepth: 2 },
      },
      what,
    );
    if (result.type === 'exception') throw new EvaluationError(`${what} failed in the page: ${result.exceptionDetails.text}`);
    return result.result;
  }

  async #call(context: string, operation: keyof InjectedLibrary, args: JsonValue[], what: string): Promise<JsonValue | undefined> {
    return fromRemoteValue(await this.#evaluate(context, operation, args, what));
  }
}

/** Writes `<time>-<host>.txt` and `.json` under `dir`, which must lie inside the working directory. */
function saveSnapshot(snapshot: TakenSnapshot, dir: string): { text: string; json: string } {
  const cwd = process.cwd();
  const target = resolvePath(cwd, dir);
  const inside = relative(cwd, target);
  if (inside.startsWith('..') || isAbsolute(inside)) {
    throw new InvalidArgumentError(`saveTo "${dir}" is outside the working directory (${cwd}); give a directory inside it, such as temp/.`);
  }
  mkdirSync(target, { recursive: true });
  let host = 'page';
  try {
    host = new URL(snapshot.url).host.replace(/[^a-z0-9.-]/gi, '_') || 'page';
  } catch {
    // about:blank and friends have no host.
  }
  const base = join(target, `snapshot-${new Date().toISOString().replace(/[:.]/g, '-')}-${host}-${snapshot.id}`);
  const { text, savedTo, ...json } = snapshot;
  writeFileSync(`${base}.txt`, `${text}\n`);
  writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  return { text: `${base}.txt`, json: `${base}.json` };
}

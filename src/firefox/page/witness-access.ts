/**
 * How the witness asks: Firefox's accessibility engine through BiDi (`browsingContext.locateNodes`), the engine in each
 * document's sandbox for what it knows of the elements Firefox found, and how long Firefox may take to answer.
 */
import type { BrowsingContext, Script } from 'webdriver-bidi-protocol';
import type { EngineGateway } from '../engine/gateway.js';
import type { WitnessFact } from '../engine/types.js';
import { TimeoutError, type Send } from '../errors.js';

/**
 * How long Firefox may take to answer a first, small accessibility query in a document. It
 * answers within milliseconds, but never in some documents holding a frame written by script
 * (TinyMCE's, once the accessibility service runs): such a document is reported as not
 * witnessed rather than waited for.
 */
export const LOCATE_TIMEOUT_MS = 5_000;
/** Firefox walks the whole document for each query, an await per element: a long page takes seconds a query. */
export const QUERY_TIMEOUT_MS = 120_000;

/** Firefox did not answer an accessibility query in time. */
export class Unanswered extends Error {}

/** What the witness needs of a page: BiDi, and the engine in each document's sandbox. */
export interface WitnessAccess {
  /** Nodes matching a locator; rejects with Unanswered when Firefox does not answer in time. */
  locate(params: BrowsingContext.LocateNodesParameters, timeoutMs: number): Promise<Script.NodeRemoteValue[]>;
  /**
   * Where to ask in a document for each of `roles` (see witnessScope in the engine): BiDi references by role, none
   * where markup cannot give it. `ours`: what the reading gave each role.
   */
  scope(frame: string, roles: readonly string[], ours: { uid: string; role: string }[]): Promise<Map<string, string[]>>;
  facts(frame: string, sharedIds: string[], names?: boolean): Promise<WitnessFact[]>;
  /** The BiDi references of elements behind uids ('' where gone). */
  refs(frame: string, uids: string[]): Promise<string[]>;
}

/** References in a serialized array ('' where an item is not a node). */
function sharedIds(value: Script.RemoteValue): string[] {
  const items = value.type === 'array' ? (value.value ?? []) : [];
  return items.map((item) => (item.type === 'node' ? (item.sharedId ?? '') : ''));
}

/** The witness's access to one page: BiDi through the page's sender, the engine through its gateway. */
export function pageWitnessAccess(send: Send, engine: EngineGateway): WitnessAccess {
  return {
    locate: async (params, timeoutMs) => {
      try {
        return (
          await send(
            'browsingContext.locateNodes',
            { ...params, serializationOptions: { maxDomDepth: 0 } },
            'Asking Firefox for its accessibility tree',
            timeoutMs,
          )
        ).nodes;
      } catch (error) {
        if (error instanceof TimeoutError)
          throw new Unanswered(`Firefox's accessibility engine did not answer within ${timeoutMs} ms`, {
            cause: error,
          });
        throw error;
      }
    },
    scope: async (frame, roles, ours) => {
      const value = await engine.raw(
        frame,
        'witnessScope',
        [roles.join(' '), ...ours.map(({ uid, role }) => `${uid} ${role}`)],
        'Finding where to ask Firefox',
      );
      const header = value.type === 'array' && value.value?.[0]?.type === 'string' ? value.value[0].value : '';
      const starts = sharedIds(value).slice(1);
      const byRole = new Map<string, string[]>();
      const counts = header.split(' ');
      for (let index = 0; index + 1 < counts.length; index += 2) {
        const count = Number(counts[index + 1]);
        byRole.set(counts[index] ?? '', starts.splice(0, count));
      }
      return byRole;
    },
    facts: async (frame, refs, names = false) =>
      JSON.parse(
        (await engine.call(
          frame,
          'witnessFacts',
          [names, ...refs.map((sharedId) => ({ sharedId }))],
          'Reading what Firefox found',
        )) ?? '[]',
      ) as WitnessFact[],
    refs: async (frame, uids) =>
      uids.length ? sharedIds(await engine.raw(frame, 'elements', uids, 'Finding elements')) : [],
  };
}

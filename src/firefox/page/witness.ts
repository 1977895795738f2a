/**
 * The witness of a reading: Firefox's own accessibility engine, asked through BiDi
 * (`browsingContext.locateNodes` with an accessibility locator), must agree with what a snapshot
 * lists. For every role an agent acts on, every node Firefox exposes that a person can see must be
 * in the snapshot with a uid, the same role and the same name; every node the snapshot gives such
 * a role must have it in Firefox too. What differs on purpose is in DELIBERATE, each with its
 * reason; everything else is a difference to fix. Firefox's locator answers yes or no to a role
 * and a name, never "what is the name", and it does not look into shadow roots from the document:
 * each root is asked as a start node of its own.
 */
import type { BrowsingContext, Script } from 'webdriver-bidi-protocol';
import { ICON_GLYPHS, INVISIBLE_CHARACTERS } from '../engine/in-page/text.js';
import type { SnapshotNode } from '../engine/snapshot/format.js';
import type { WitnessFact } from '../engine/types.js';
import { TimeoutError, type Send } from '../errors.js';
import { jsonString, oneLine } from '../util/text.js';
import type { TakenSnapshot } from './snapshots.js';
import type { EngineGateway } from '../engine/gateway.js';

/**
 * The roles an agent acts on, and the panels whose content it reads: what the witness checks.
 * Rows count only with a selection state, cells only with content.
 */
export const WITNESS_ROLES = [
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'combobox',
  'listbox',
  'option',
  'textbox',
  'searchbox',
  'spinbutton',
  'slider',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'treeitem',
  'row',
  'gridcell',
  'tabpanel',
  'dialog',
  'alertdialog',
] as const;

/**
 * Roles whose content is what a person reads there: listed with nothing under it while it holds content, it is read
 * empty.
 */
const PANEL_ROLES: ReadonlySet<string> = new Set(['tabpanel', 'dialog', 'alertdialog']);

export type WitnessRole = (typeof WITNESS_ROLES)[number];

/**
 * - missing: Firefox exposes a node a person can see with this role; the snapshot has no uid for it.
 * - role: the snapshot lists it with another role.
 * - name: same role, but Firefox does not give it the snapshot's name.
 * - unconfirmed: the snapshot gives it this role; Firefox does not.
 * - empty: a panel (a tab panel, a dialog) that holds content is listed with nothing under it.
 */
export type DifferenceKind = 'missing' | 'role' | 'name' | 'unconfirmed' | 'empty';

export interface WitnessDifference {
  kind: DifferenceKind;
  /** Firefox's role (missing, role, name), or the snapshot's (unconfirmed). */
  role: string;
  /** The element, as a person finds it in the page's source: tag, id, classes, first words. */
  element: string;
  uid?: string;
  /** What the snapshot says of it. */
  ours?: { role: string; name: string };
  /** Firefox's name for it, when a name differs and Firefox's is one of the texts the witness tried. */
  firefoxName?: string;
  /** The browsing context (the page or a frame) it is in. */
  frame: string;
  /** The DELIBERATE entry that explains it, when one does. */
  deliberate?: string;
}

export interface WitnessReport {
  url: string;
  snapshotId: number;
  /** Nodes Firefox exposes with a checked role that a person can see, plus the snapshot's nodes of those roles. */
  checked: number;
  /** Differences no DELIBERATE entry explains: each one is a defect of the reading. */
  differences: WitnessDifference[];
  /** Differences made on purpose, each with its reason. */
  deliberate: WitnessDifference[];
  /** Frames whose accessibility tree Firefox did not give within LOCATE_TIMEOUT_MS: not witnessed. */
  unanswered: string[];
}

/**
 * How long Firefox may take to answer a first, small accessibility query in a document. It
 * answers within milliseconds, but never in some documents holding a frame written by script
 * (TinyMCE's, once the accessibility service runs): such a document is reported as not
 * witnessed rather than waited for.
 */
export const LOCATE_TIMEOUT_MS = 5_000;
/** Firefox walks the whole document for each query, an await per element: a long page takes seconds a query. */
const QUERY_TIMEOUT_MS = 120_000;
/** A witness that found differences looks again once the page has been quiet this long (at most the max). */
const WITNESS_QUIET_MS = 300;
const WITNESS_QUIET_MAX_MS = 3_000;

/** Firefox did not answer an accessibility query in time. */
class Unanswered extends Error {}

/** What the witness needs of a page: BiDi, and the engine in each document's sandbox. */
export interface WitnessAccess {
  /** Nodes matching a locator; rejects with Unanswered when Firefox does not answer in time. */
  locate(params: BrowsingContext.LocateNodesParameters, timeoutMs: number): Promise<Script.NodeRemoteValue[]>;
  /**
   * Where to ask in a document and which roles its markup may give (see witnessScope in the engine): BiDi references,
   * roles.
   */
  scope(frame: string, uids: string[]): Promise<{ starts: string[]; roles: Set<string> }>;
  facts(frame: string, sharedIds: string[], names?: boolean): Promise<WitnessFact[]>;
  /** The BiDi references of elements behind uids ('' where gone). */
  refs(frame: string, uids: string[]): Promise<string[]>;
}

interface Deliberate {
  id: string;
  reason: string;
  applies(difference: WitnessDifference, fact: WitnessFact | undefined, node: SnapshotNode | undefined): boolean;
}

/** A name difference that goes when Firefox's name loses these characters (and its spaces collapse). */
function sameNameWithout(difference: WitnessDifference, characters: RegExp): boolean {
  return (
    difference.kind === 'name' &&
    difference.firefoxName !== undefined &&
    difference.firefoxName.replace(characters, '').replace(/\s+/g, ' ').trim() === difference.ours?.name
  );
}

/** Differences made on purpose: the one short list, each with its reason (the README lists them too). */
export const DELIBERATE: readonly Deliberate[] = [
  {
    id: 'behind-widget',
    reason:
      "a native field that a script's widget draws anew (hidden, or transparent under it): the widget is listed, named by the field's label, and acting on it drives the field",
    applies: (difference, fact) => difference.kind === 'missing' && fact?.behindWidget === true,
  },
  {
    id: 'inert',
    reason:
      'a control inside inert content shows, so it is listed, marked inert (actions on it are refused); Firefox leaves inert content out of the accessibility tree',
    applies: (difference, _fact, node) => difference.kind === 'unconfirmed' && node?.inert === true,
  },
  {
    id: 'behind-modal',
    reason:
      'a control behind an open modal dialog shows, so it is listed, marked blocked (actions on it are refused); Firefox leaves it out of the accessibility tree',
    applies: (difference, _fact, node) => difference.kind === 'unconfirmed' && node?.blocked === true,
  },
  {
    id: 'invisible-characters',
    reason:
      'names leave out zero-width spaces, word joiners and soft hyphens, which show nothing, so that a search for the words a person sees finds them; Firefox keeps them',
    applies: (difference) => sameNameWithout(difference, INVISIBLE_CHARACTERS),
  },
  {
    id: 'icon-glyphs',
    reason:
      'names leave out the private-use characters icon fonts draw with (CSS content on an <i class="fa fa-…">), which say nothing to a reader; Firefox keeps them',
    applies: (difference) => sameNameWithout(difference, ICON_GLYPHS),
  },
  {
    id: 'widget-label',
    reason:
      "a script's widget that stands for a native field (a custom select over a hidden <select>) is named by that field's label, which a person reads beside it; Firefox names the widget by its own markup",
    applies: (difference, fact) => difference.kind === 'name' && fact?.standsForField === true,
  },
  {
    id: 'label-across-shadow',
    reason:
      "a label around a component (or for its id) names the control inside the component's shadow root, as a person reads it; Firefox's names do not cross the shadow boundary",
    applies: (difference, fact) =>
      difference.kind === 'name' && difference.firefoxName === '' && fact?.labelledAcrossShadow === true,
  },
  {
    id: 'editable-region',
    reason:
      "an editable region (contenteditable: a rich-text editor's body) is listed as the textbox a person types into; Firefox gives it no widget role",
    applies: (difference, fact) =>
      difference.kind === 'unconfirmed' && difference.role === 'textbox' && fact?.editable === true,
  },
  {
    id: 'outside-context',
    reason:
      "an item role given outside the container it needs (role=option on a plain list's item, with no listbox) is read as what its element is, as WAI-ARIA 1.3 and the web-platform-tests say; Firefox keeps the author's role",
    applies: (difference, fact) => difference.kind === 'role' && fact?.outsideContext === true,
  },
  {
    id: 'clipped-name',
    reason: 'a name taken from long content is clipped (it ends with …), so it cannot equal the whole name Firefox has',
    applies: (difference) => difference.kind === 'name' && (difference.ours?.name.endsWith('…') ?? false),
  },
];

/** Each node of the snapshot with the browsing context whose document holds it. */
function nodesByFrame(snapshot: TakenSnapshot): Map<string, { nodes: SnapshotNode[]; url: string }> {
  const frames = new Map<string, { nodes: SnapshotNode[]; url: string }>();
  const visit = (nodes: readonly SnapshotNode[], frame: string): void => {
    for (const node of nodes) {
      if (node.uid) frames.get(frame)?.nodes.push(node);
      if (node.frame?.context && !frames.has(node.frame.context))
        frames.set(node.frame.context, { nodes: [], url: node.frame.url });
      if (node.children) visit(node.children, node.frame?.context ?? frame);
    }
  };
  frames.set(snapshot.pageId, { nodes: [], url: snapshot.url });
  visit(snapshot.nodes, snapshot.pageId);
  return frames;
}

/** Compares a snapshot with what Firefox's accessibility engine exposes, document by document. */
export async function witnessSnapshot(
  access: WitnessAccess,
  snapshot: TakenSnapshot,
  silent = new Set<string>(),
): Promise<WitnessReport> {
  const report: WitnessReport = {
    url: snapshot.url,
    snapshotId: snapshot.id,
    checked: 0,
    differences: [],
    deliberate: [],
    unanswered: [],
  };
  for (const [frame, { nodes, url }] of nodesByFrame(snapshot)) {
    // A document Firefox did not answer for will not answer later (see LOCATE_TIMEOUT_MS): `silent` remembers it.
    const document = `${frame} ${url}`;
    if (silent.has(document)) {
      report.unanswered.push(frame);
      continue;
    }
    // A frame is witnessed whole or not at all: its findings are kept only when every query was answered.
    const part: WitnessReport = { ...report, checked: 0, differences: [], deliberate: [] };
    try {
      await witnessDocument(access, frame, nodes, part);
    } catch (error) {
      if (!(error instanceof Unanswered)) throw error;
      silent.add(document);
      report.unanswered.push(frame);
      continue;
    }
    report.checked += part.checked;
    report.differences.push(...part.differences);
    report.deliberate.push(...part.deliberate);
  }
  return report;
}

async function witnessDocument(
  access: WitnessAccess,
  frame: string,
  nodes: SnapshotNode[],
  report: WitnessReport,
): Promise<void> {
  // A first query that stops at the first match tells a document whose accessibility Firefox never answers for.
  await access.locate(
    { context: frame, locator: { type: 'accessibility', value: { role: 'generic' } }, maxNodeCount: 1 },
    LOCATE_TIMEOUT_MS,
  );
  const scope = await access.scope(
    frame,
    nodes.map((node) => node.uid),
  );
  /**
   * Every node Firefox gives `value` (a role, and a name) among `among` and inside them (a start node matches itself);
   * by default, where markup may give widget roles.
   */
  const locate = async (value: { role: string; name?: string }, among = scope.starts): Promise<Set<string>> => {
    const [first, ...rest] = among.map((sharedId) => ({ sharedId }));
    if (!first) return new Set();
    const found = await access.locate(
      { context: frame, locator: { type: 'accessibility', value }, startNodes: [first, ...rest] },
      QUERY_TIMEOUT_MS,
    );
    return new Set(found.flatMap((node) => (node.sharedId ? [node.sharedId] : [])));
  };
  /** Which of `candidates` is Firefox's name of the node, if any. */
  const nameAmong = async (role: string, sharedId: string, candidates: string[]): Promise<string | undefined> => {
    for (const candidate of candidates)
      if ((await locate({ role, name: candidate }, [sharedId])).has(sharedId)) return candidate;
    return undefined;
  };
  const byUid = new Map(nodes.map((node) => [node.uid, node]));
  const firefox = new Map<string, Set<string>>();
  const record = (
    difference: WitnessDifference,
    fact: WitnessFact | undefined,
    node: SnapshotNode | undefined,
  ): void => {
    const why = DELIBERATE.find((entry) => entry.applies(difference, fact, node));
    if (why) report.deliberate.push({ ...difference, deliberate: why.id });
    else report.differences.push(difference);
  };
  /** Name checks to make, by role and name: the references that should answer to them. */
  const names = new Map<
    string,
    {
      role: string;
      name: string;
      refs: { sharedId: string; difference: WitnessDifference; fact: WitnessFact; node: SnapshotNode }[];
    }
  >();
  // Firefox walks the start nodes once per query, an await per element: only the roles markup may give, or the reading
  // gives, are asked; asked together, the walks overlap their round trips.
  const roles = WITNESS_ROLES.filter((role) => scope.roles.has(role) || nodes.some((node) => node.role === role));
  const located = await Promise.all(roles.map((role) => locate({ role })));
  const found = roles.flatMap((role, index) => [...(located[index] ?? [])].map((sharedId) => ({ role, sharedId })));
  for (const [index, role] of roles.entries()) firefox.set(role, located[index] ?? new Set<string>());
  const exposed = found.length
    ? await access.facts(
        frame,
        found.map((entry) => entry.sharedId),
      )
    : [];
  for (const [index, fact] of exposed.entries()) {
    const { role, sharedId } = found[index] ?? { role: '', sharedId: '' };
    if (!fact.seen || (role === 'row' && !fact.selectable) || (role === 'gridcell' && !fact.content)) continue;
    report.checked++;
    const node = fact.uid ? byUid.get(fact.uid) : undefined;
    const difference: WitnessDifference = {
      kind: 'missing',
      role,
      element: fact.element,
      frame,
      ...(node ? { uid: node.uid, ours: { role: node.role, name: node.name ?? '' } } : {}),
    };
    if (!node) record(difference, fact, node);
    else if (node.role !== role) record({ ...difference, kind: 'role' }, fact, node);
    else {
      if (PANEL_ROLES.has(role) && fact.content && !node.children?.length && !node.text)
        record({ ...difference, kind: 'empty' }, fact, node);
      const key = JSON.stringify([role, node.name ?? '']);
      const entry = names.get(key) ?? { role, name: node.name ?? '', refs: [] };
      entry.refs.push({ sharedId, difference: { ...difference, kind: 'name' }, fact, node });
      names.set(key, entry);
    }
  }
  for (const { role, name, refs } of names.values()) {
    const named = await locate(
      { role, name },
      refs.map((ref) => ref.sharedId),
    );
    const wrong = refs.filter((ref) => !named.has(ref.sharedId));
    if (wrong.length === 0) continue;
    const facts = await access.facts(
      frame,
      wrong.map((ref) => ref.sharedId),
      true,
    );
    for (const [index, ref] of wrong.entries()) {
      const fact = facts[index] ?? ref.fact;
      const firefoxName = await nameAmong(role, ref.sharedId, fact.nameCandidates ?? []);
      record(firefoxName === undefined ? ref.difference : { ...ref.difference, firefoxName }, fact, ref.node);
    }
  }
  // The other way: what the snapshot gives a checked role must have it in Firefox.
  const ours = nodes.filter(
    (node) =>
      (WITNESS_ROLES as readonly string[]).includes(node.role) && node.role !== 'row' && node.role !== 'gridcell',
  );
  const refs = await access.refs(
    frame,
    ours.map((node) => node.uid),
  );
  const unconfirmed = ours.flatMap((node, index) => {
    const sharedId = refs[index] ?? '';
    return sharedId && !firefox.get(node.role)?.has(sharedId) ? [{ node, sharedId }] : [];
  });
  report.checked += ours.length;
  const facts = unconfirmed.length
    ? await access.facts(
        frame,
        unconfirmed.map((entry) => entry.sharedId),
      )
    : [];
  for (const [index, { node }] of unconfirmed.entries()) {
    const fact = facts[index];
    record(
      {
        kind: 'unconfirmed',
        role: node.role,
        element: fact?.element ?? node.tag,
        uid: node.uid,
        ours: { role: node.role, name: node.name ?? '' },
        frame,
      },
      fact,
      node,
    );
  }
}

/** One line per difference, for a person reading a report. */
export function formatWitnessReport(report: WitnessReport): string {
  const line = (difference: WitnessDifference): string => {
    // Names and elements are page text: quoted or on one line, hidden characters escaped.
    const ours = difference.ours
      ? `snapshot: ${difference.uid} ${difference.ours.role}${difference.ours.name ? ` ${jsonString(difference.ours.name)}` : ''}`
      : 'not in the snapshot';
    const firefoxName =
      difference.firefoxName === undefined
        ? `does not name this ${difference.role} so`
        : `names this ${difference.role} ${jsonString(difference.firefoxName)}`;
    const what = {
      missing: `Firefox: ${difference.role}; ${ours}`,
      role: `Firefox: ${difference.role}; ${ours}`,
      name: `Firefox ${firefoxName}; ${ours}`,
      unconfirmed: `Firefox does not give it the role ${difference.role}; ${ours}`,
      empty: `it holds content; ${ours} lists nothing under it`,
    }[difference.kind];
    return `${difference.kind.padEnd(11)} ${oneLine(difference.element)} — ${what}${difference.deliberate ? ` (deliberate: ${difference.deliberate})` : ''}`;
  };
  const head = `${oneLine(report.url)}: ${report.differences.length} difference(s), ${report.deliberate.length} deliberate, ${report.checked} checked (snapshot ${report.snapshotId})`;
  const unanswered = report.unanswered.map(
    (frame) =>
      `not witnessed: Firefox's accessibility engine did not answer for frame ${frame} within ${LOCATE_TIMEOUT_MS} ms`,
  );
  return [head, ...report.differences.map(line), ...report.deliberate.map(line), ...unanswered].join('\n');
}

/** References in a serialized array ('' where an item is not a node). */
function sharedIds(value: Script.RemoteValue): string[] {
  const items = value.type === 'array' ? (value.value ?? []) : [];
  return items.map((item) => (item.type === 'node' ? (item.sharedId ?? '') : ''));
}

/**
 * Witnesses a snapshot of the page (`take`). The reading and Firefox's answers are milliseconds
 * apart: a page still changing (a button redrawn after a submit) differs from both, so one that
 * differs is witnessed again once it has been quiet (`waitForQuiet`), and only that counts.
 */
export async function witnessPage(
  access: WitnessAccess,
  take: () => Promise<TakenSnapshot>,
  waitForQuiet: (quietMs: number, maxMs: number) => Promise<unknown>,
  silent: Set<string>,
): Promise<WitnessReport> {
  const first = await witnessSnapshot(access, await take(), silent);
  if (first.differences.length === 0) return first;
  await waitForQuiet(WITNESS_QUIET_MS, WITNESS_QUIET_MAX_MS);
  return witnessSnapshot(access, await take(), silent);
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
    scope: async (frame, uids) => {
      const value = await engine.raw(frame, 'witnessScope', uids, 'Finding where to ask Firefox');
      const roles = value.type === 'array' && value.value?.[0]?.type === 'string' ? value.value[0].value : '';
      return { roles: new Set(roles.split(' ')), starts: sharedIds(value).slice(1) };
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

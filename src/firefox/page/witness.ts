/**
 * The witness of a reading: Firefox's own accessibility engine, asked through BiDi
 * (`browsingContext.locateNodes` with an accessibility locator), must agree with what a snapshot
 * lists. For every role an agent acts on, every node Firefox exposes that a person can see must be
 * in the snapshot with a uid, the same role and the same name; every node the snapshot gives such
 * a role must have it in Firefox too. What differs on purpose is in DELIBERATE (witness-deliberate.ts), each with
 * its reason; everything else is a difference to fix. Firefox's locator answers yes or no to a role
 * and a name, never "what is the name", and it does not look into shadow roots from the document:
 * each root is asked as a start node of its own.
 */
import type { SnapshotNode } from '../engine/snapshot/format.js';
import type { WitnessFact } from '../engine/types.js';
import type { SnapshotOptions, TakenSnapshot } from './snapshots.js';
import { LOCATE_TIMEOUT_MS, QUERY_TIMEOUT_MS, Unanswered, type WitnessAccess } from './witness-access.js';
import { DELIBERATE } from './witness-deliberate.js';
import { readingFreshness } from './witness-freshness.js';
import type { RoleReport, WitnessDifference, WitnessReport } from './witness-report.js';

/** page.ts names the report's type from here, with the witness that makes it. */
export type { WitnessReport } from './witness-report.js';

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

/** A witness that found differences looks again once the page has been quiet this long (at most the max). */
const WITNESS_QUIET_MS = 300;
const WITNESS_QUIET_MAX_MS = 3_000;

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
): Promise<RoleReport> {
  const report: RoleReport = {
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
    const part: RoleReport = { ...report, checked: 0, differences: [], deliberate: [] };
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
  report: RoleReport,
): Promise<void> {
  // A first query that stops at the first match tells a document whose accessibility Firefox never answers for.
  await access.locate(
    { context: frame, locator: { type: 'accessibility', value: { role: 'generic' } }, maxNodeCount: 1 },
    LOCATE_TIMEOUT_MS,
  );
  const scope = await access.scope(
    frame,
    WITNESS_ROLES,
    nodes.flatMap(({ uid, role }) => ((WITNESS_ROLES as readonly string[]).includes(role) ? [{ uid, role }] : [])),
  );
  /** Every node Firefox gives `value` (a role, and a name) among `among` and inside them (a start matches itself). */
  const locate = async (value: { role: string; name?: string }, among: string[]): Promise<Set<string>> => {
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
  // Firefox walks the start nodes once per query, an await per element: each role is asked where markup may give it, or
  // the reading gives it; asked together, the walks overlap their round trips.
  const roles = WITNESS_ROLES.filter((role) => scope.get(role)?.length);
  const located = await Promise.all(roles.map((role) => locate({ role }, scope.get(role) ?? [])));
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
  // Asked together, like the roles: a grid's page has dozens of names to check.
  const checks = [...names.values()];
  const named = await Promise.all(
    checks.map(({ role, name, refs }) =>
      locate(
        { role, name },
        refs.map((ref) => ref.sharedId),
      ),
    ),
  );
  for (const [index, { role, refs }] of checks.entries()) {
    const wrong = refs.filter((ref) => !named[index]?.has(ref.sharedId));
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

/**
 * Witnesses a snapshot of the page (`take`). The reading and Firefox's answers are milliseconds
 * apart: a page still changing (a button redrawn after a submit) differs from both, so one that
 * differs is witnessed again once it has been quiet (`waitForQuiet`), and only that counts.
 */
export async function witnessPage(
  access: WitnessAccess,
  take: (options: SnapshotOptions) => Promise<TakenSnapshot>,
  waitForQuiet: (quietMs: number, maxMs: number) => Promise<unknown>,
  silent: Set<string>,
): Promise<WitnessReport> {
  const settle = (): Promise<unknown> => waitForQuiet(WITNESS_QUIET_MS, WITNESS_QUIET_MAX_MS);
  const freshness = await readingFreshness(take, settle);
  const first = await witnessSnapshot(access, await take({}), silent);
  if (first.differences.length === 0) return { ...first, freshness };
  await settle();
  return { ...(await witnessSnapshot(access, await take({}), silent)), freshness };
}

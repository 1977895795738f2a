/** What a witness of a reading finds, and how it reads for a person. */
import type { LineForm } from '../util/set-apart.js';
import { jsonString, oneLine } from '../util/text.js';
import { LOCATE_TIMEOUT_MS } from './witness-access.js';
import type { Freshness } from './witness-freshness.js';

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

/** What Firefox's accessibility engine says of one snapshot. */
export interface RoleReport {
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

export interface WitnessReport extends RoleReport {
  /** Whether the incremental reading an agent gets says what a full walk says (witness-freshness.ts). */
  freshness: Freshness;
}

/** Characters of a node shown where an incremental reading and a full walk differ. */
const NODE_CHARS = 300;

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
  return [
    head,
    ...freshnessLines(report.freshness),
    ...report.differences.map(line),
    ...report.deliberate.map(line),
    ...unanswered,
  ].join('\n');
}

function freshnessLines(freshness: Freshness): string[] {
  if (!freshness.checked) return ['incremental reading not checked: the page changed between readings each time'];
  if (freshness.same) return ['incremental reading: the same as a full walk'];
  const node = (line: string): string => {
    const own = line.trimStart();
    return oneLine(own.length > NODE_CHARS ? `${own.slice(0, NODE_CHARS)}…` : own);
  };
  return [
    'STALE incremental reading: it differs from a full walk of the same page, first at',
    `  incremental: ${node(freshness.incremental)}`,
    `  full walk:   ${node(freshness.full)}`,
  ];
}

/** The form of a report's lines (see util/set-apart.ts): its count line, a difference, a frame not witnessed. */
export const WITNESS_REPORT_FORM: LineForm = {
  form: 'witness report',
  start: String.raw`\S+: \d+ difference\(s\)|(?:missing|role|name|unconfirmed|empty) +\S+ — |not witnessed:|incremental reading|STALE incremental|  (?:incremental|full walk): `,
  example: 'https://bank.example/: 1 difference(s), 0 deliberate, 18 checked (snapshot 11)',
};

/**
 * A recorded target found again in a new snapshot: by its role, exact name, container, frame and
 * place among look-alikes as recorded; when that misses, healed by role and name alone (the
 * name's case and spacing aside, or outside the container it was in), and only when exactly one
 * element then answers. A target renamed or removed is not healed: the step fails there.
 */
import type { SnapshotNode } from '../engine/snapshot/format.js';
import { LocatorError } from '../errors.js';
import { matches, resolveQuery, type LocateQuery } from '../page/locator.js';
import type { TakenSnapshot } from '../page/snapshots.js';
import { quote } from '../util/text.js';
import type { RecordedTarget } from './types.js';

export interface FoundTarget {
  node: SnapshotNode;
  /** How it was healed, when the recorded locator missed it. */
  healed?: string;
}

/** The query of a recorded target, as the recording and its scripts name it. */
export function targetQuery(target: RecordedTarget): LocateQuery {
  const frame = target.frames[target.frames.length - 1];
  return {
    role: target.role,
    ...(target.name === undefined ? {} : { name: target.name }),
    ...(target.text === undefined ? {} : { text: target.text }),
    exact: true,
    ...(target.within ? { within: target.within } : {}),
    ...(frame === undefined ? {} : { frame }),
    // Exactly the recorded frames: a target of the top document is never found in a frame inside it (of another origin,
    // maybe).
    frames: target.frames,
    ...(target.nth === undefined ? {} : { nth: target.nth }),
  };
}

/** Looser queries, each tried in turn when the recorded one misses, with what it says of the heal. */
function heals(target: RecordedTarget, query: LocateQuery): [LocateQuery, string][] {
  const { nth: _nth, ...single } = query;
  const found: [LocateQuery, string][] = [];
  if (query.nth !== undefined)
    found.push([single, `the only ${target.role} of its name left (it was number ${query.nth + 1} of several)`]);
  const shown = target.name ?? target.text;
  if (shown !== undefined)
    found.push([
      { ...single, exact: false },
      `its ${target.name === undefined ? 'text' : 'name'} differs in case or spacing from ${quote(shown, 80)}`,
    ]);
  if (target.within) {
    const { within: _within, ...outside } = single;
    found.push([outside, `found outside its recorded ${target.within.role} ${quote(target.within.name ?? '', 80)}`]);
  }
  return found;
}

/** The target in `snapshot`, or a LocatorError saying what the page holds instead. */
export function findTarget(snapshot: Pick<TakenSnapshot, 'nodes'>, target: RecordedTarget): FoundTarget {
  const query = targetQuery(target);
  try {
    return { node: resolveQuery(snapshot, query) };
  } catch (error) {
    if (!(error instanceof LocatorError)) throw error;
    for (const [looser, healed] of heals(target, query)) {
      const [only, ...more] = matches(snapshot.nodes, looser);
      if (only && more.length === 0) return { node: only, healed };
    }
    throw error;
  }
}

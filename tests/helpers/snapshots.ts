import type { Snapshot, SnapshotNode } from '../../src/index.js';

/** A box for hand-made nodes, where geometry does not matter. */
export const box: [number, number, number, number] = [0, 0, 10, 10];

/** A hand-made snapshot of `nodes` on an 800×600 page; `fields` overrides any part. */
export function snapshotOf(nodes: SnapshotNode[], fields: Partial<Snapshot> = {}): Snapshot {
  return {
    id: 3,
    pageId: 'p',
    url: 'http://example.test/',
    title: 'Example',
    viewport: { width: 800, height: 600, scrollX: 0, scrollY: 0, documentHeight: 600 },
    stats: { visited: 0, kept: 0, ms: 0 },
    observation: { totalInteractive: 0, weakInteractive: 0, unknownInteractive: 0, exactUiClaims: 'safe' },
    nodes,
    ...fields,
  };
}

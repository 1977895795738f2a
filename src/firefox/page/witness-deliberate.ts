/**
 * The differences between a reading and Firefox's accessibility engine that are made on purpose, each with its reason:
 * a difference one of them explains is reported as deliberate, not as a defect (witness.ts).
 */
import { ICON_GLYPHS, INVISIBLE_CHARACTERS } from '../engine/in-page/text.js';
import type { SnapshotNode } from '../engine/snapshot/format.js';
import type { WitnessFact } from '../engine/types.js';
import type { WitnessDifference } from './witness-report.js';

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

/** Whether `node` holds controls and every one of them is blocked (it lies behind an open modal dialog). */
function controlsBlocked(node: SnapshotNode): boolean {
  const controls: SnapshotNode[] = [];
  const visit = (nodes: readonly SnapshotNode[]): void => {
    for (const child of nodes) {
      if (child.interactive) controls.push(child);
      visit(child.children ?? []);
    }
  };
  visit(node.children ?? []);
  return controls.length > 0 && controls.every((control) => control.blocked === true);
}

/** Differences made on purpose: the one short list, each with its reason (the README lists them too). */
export const DELIBERATE: readonly Deliberate[] = [
  {
    id: 'behind-widget',
    reason:
      "a native field that a script's widget draws anew (hidden, or transparent under it): the widget is " +
      "listed, named by the field's label, and acting on it drives the field",
    applies: (difference, fact) => difference.kind === 'missing' && fact?.behindWidget === true,
  },
  {
    id: 'inert',
    reason:
      'a control inside inert content shows, so it is listed, marked inert (actions on it are refused); ' +
      'Firefox leaves inert content out of the accessibility tree',
    applies: (difference, _fact, node) => difference.kind === 'unconfirmed' && node?.inert === true,
  },
  {
    id: 'behind-modal',
    reason:
      'a control behind an open modal dialog shows, so it is listed, marked blocked (actions on it are ' +
      'refused), and so is a panel whose controls are all blocked; Firefox leaves them out of the accessibility tree',
    applies: (difference, _fact, node) =>
      difference.kind === 'unconfirmed' && node !== undefined && (node.blocked === true || controlsBlocked(node)),
  },
  {
    id: 'invisible-characters',
    reason:
      'names leave out zero-width spaces, word joiners and soft hyphens, which show nothing, so that a search ' +
      'for the words a person sees finds them; Firefox keeps them',
    applies: (difference) => sameNameWithout(difference, INVISIBLE_CHARACTERS),
  },
  {
    id: 'icon-glyphs',
    reason:
      'names leave out the private-use characters icon fonts draw with (CSS content on an <i class="fa ' +
      'fa-…">), which say nothing to a reader; Firefox keeps them',
    applies: (difference) => sameNameWithout(difference, ICON_GLYPHS),
  },
  {
    id: 'widget-label',
    reason:
      "a script's widget that stands for a native field (a custom select over a hidden <select>) is named by " +
      "that field's label, which a person reads beside it; Firefox names the widget by its own markup",
    applies: (difference, fact) => difference.kind === 'name' && fact?.standsForField === true,
  },
  {
    id: 'label-across-shadow',
    reason:
      "a label around a component (or for its id) names the control inside the component's shadow root, as a " +
      "person reads it; Firefox's names do not cross the shadow boundary",
    applies: (difference, fact) =>
      difference.kind === 'name' && difference.firefoxName === '' && fact?.labelledAcrossShadow === true,
  },
  {
    id: 'editable-region',
    reason:
      "an editable region (contenteditable: a rich-text editor's body) is listed as the textbox a person types " +
      'into; Firefox gives it no widget role',
    applies: (difference, fact) =>
      difference.kind === 'unconfirmed' && difference.role === 'textbox' && fact?.editable === true,
  },
  {
    id: 'outside-context',
    reason:
      "an item role given outside the container it needs (role=option on a plain list's item, with no listbox) " +
      "is read as what its element is, as WAI-ARIA 1.3 and the web-platform-tests say; Firefox keeps the author's role",
    applies: (difference, fact) => difference.kind === 'role' && fact?.outsideContext === true,
  },
  {
    id: 'summary-button',
    reason:
      "a details element's <summary> is listed as the button a person clicks to open and close it (HTML-AAM maps it " +
      "to a platform button); Firefox's accessibility engine gives it no ARIA role",
    applies: (difference, _fact, node) =>
      difference.kind === 'unconfirmed' && difference.role === 'button' && node?.tag === 'summary',
  },
  {
    id: 'clipped-name',
    reason: 'a name taken from long content is clipped (it ends with …), so it cannot equal the whole name Firefox has',
    applies: (difference) => difference.kind === 'name' && (difference.ours?.name.endsWith('…') ?? false),
  },
];

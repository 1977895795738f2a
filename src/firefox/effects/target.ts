/** A recorded target: an element said by role and name, with the CSS path that found it when it was recorded. */
import type { TargetDescription } from '../page/targets.js';
import type { UidSelector } from '../page/uids.js';
import type { RecordedTarget } from './types.js';

/** `target` with where its element is (the frames' selectors, the shadow hosts', its own). */
export function withCss(target: TargetDescription, css: UidSelector): RecordedTarget {
  return { ...target, css: { selector: css.selector, shadowHosts: css.shadowHosts, frames: css.frames } };
}

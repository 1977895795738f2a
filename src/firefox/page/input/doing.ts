/**
 * How the client's own errors name an action: as it was being done, in the gerund its other errors use (`Clicking is
 * not possible: …`). Answers are the caller's to word, from the data (done.ts).
 */
import { quote } from '../../util/text.js';
import type { ActionDone, DoneOf } from './done.js';
import { describeElement as named } from './refusals.js';

const PREPARING: Record<DoneOf<'preparing'>['for'], (uid: string) => string> = {
  view: (uid) => `Scrolling uid=${uid} into view`,
  fill: (uid) => `Filling uid=${uid}`,
  upload: (uid) => `Uploading to uid=${uid}`,
  drop: (uid) => `Dragging onto uid=${uid}`,
  selectText: (uid) => `Selecting text in uid=${uid}`,
};

const scrolling = (done: DoneOf<'scrollTo' | 'scroll'>): string =>
  `Scrolling ${done.container === undefined ? 'the page' : `uid=${done.container}`}`;

/** Each kind of action, as an error names it. */
const DOING: { [K in ActionDone['kind']]: (done: DoneOf<K>) => string } = {
  click: (done) =>
    `${done.count === 2 ? 'Double-clicking' : 'Clicking'}${done.button === 'left' ? '' : ` (${done.button} button)`} ${named(done.target)}`,
  hover: (done) => `Hovering over ${named(done.target)}`,
  drag: (done) => `Dragging ${named(done.from)} onto ${named(done.to)}`,
  fill: (done) => `Filling ${named(done.target)} with ${quote(done.value)}`,
  set: (done) => `Setting ${named(done.target)} to ${quote(done.value)}`,
  check: (done) => `${done.checked ? 'Checking' : 'Unchecking'} ${named(done.target)}`,
  upload: (done) => `Choosing ${done.fileCount} file(s) for ${named(done.target)}`,
  press: (done) => `Pressing ${done.keys}`,
  type: (done) => `Typing ${quote(done.text)}${done.submit ? ' and pressing Enter' : ''}`,
  selectText: (done) =>
    done.caret
      ? `Putting the caret at the ${done.caret} of ${quote(done.text)} in ${named(done.target)}`
      : `Selecting ${quote(done.text)} in ${named(done.target)}`,
  focus: (done) => `Focusing ${named(done.target)}`,
  scrollTo: scrolling,
  scroll: scrolling,
  personClick: (done) => `A person's click at ${done.x}, ${done.y}`,
  personWheel: (done) => `A person's wheel turn by ${done.deltaX}, ${done.deltaY} at ${done.x}, ${done.y}`,
  preparing: (done) => PREPARING[done.for](done.uid),
  fillStep: (done) => `${done.step === 'clickInto' ? 'Clicking into' : 'Focusing'} ${named(done.target)} to fill it`,
};

/** The action as an error names it: `Clicking uid=1_4 button "Sign in"`. */
export function doing(done: ActionDone): string {
  return (DOING[done.kind] as (done: ActionDone) => string)(done);
}

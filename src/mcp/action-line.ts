/**
 * The line that says what an input action did (`Clicked uid=1_4 button "Sign in"`), written from the data the client
 * returns (ActionResult.done): the one place that words it, for the tools' answers, the CLI (which prints them) and the
 * live view. The client has masked what it quotes; the answer's own masking runs over the line too.
 */
import type { ActionDone, ActionResult, DoneOf, NamedElement } from '../firefox/index.js';
// A value from its module, not the index: answers are built (and unit-tested) without loading the client.
import { describeElement } from '../firefox/page/input/refusals.js';
import { quote } from '../firefox/util/text.js';

/**
 * How each line starts, by what it says: the words every action line is written from. A check that was already as
 * asked starts with its element instead (`uid=1_7 checkbox "Terms" was already checked`); one that was clicked says
 * `click`'s words.
 */
export const LEADING_WORDS = {
  click: 'Clicked',
  dblclick: 'Double-clicked',
  hover: 'Hovered over',
  drag: 'Dragged',
  fill: 'Filled',
  typeInto: 'Typed into',
  set: 'Set',
  upload: 'Chose',
  press: 'Pressed',
  type: 'Typed',
  select: 'Selected',
  caret: 'Put the caret at the',
  focus: 'Focused',
  scroll: 'Scrolled',
  personClick: 'A person clicked at',
  personWheel: 'A person turned the wheel by',
  // The steps before an action's own input, when a dialog stopped it there.
  scrollIntoView: 'Scrolling',
  findToFill: 'Filling',
  findToUpload: 'Uploading to',
  findToDrop: 'Dragging onto',
  findToSelect: 'Selecting text in',
  clickInto: 'Clicked into',
  focusToFill: 'Focused',
} as const;

/** Every way an action line starts (for the registry of answer-line forms). */
export const ACTION_LINE_STARTS: readonly string[] = [...new Set(Object.values(LEADING_WORDS))];

const W = LEADING_WORDS;

/**
 * An element as answers name it, as the snapshot lists it: uid, role (the tag for a generic element) and name. The
 * client's errors name it so too: one rule (refusals.ts).
 */
export const targetWords: (target: NamedElement) => string = describeElement;

const STOPPED: Record<NonNullable<ActionResult['stopped']>, string> = {
  partWay: ' (stopped part way: a dialog opened)',
  inStep: ' (stopped: a dialog opened)',
};

/** The line for what an action did; a dialog that stopped it is said after the action, before what it read back. */
export function actionLine(result: Pick<ActionResult, 'done' | 'stopped'>): string {
  const [head, tail] = parts(result.done);
  return `${head}${result.stopped ? STOPPED[result.stopped] : ''}${tail}`;
}

/** What the action did, and what it read back after (the caret, a drag's outcome…), which a dialog may leave out. */
function parts(done: ActionDone): [string, string] {
  switch (done.kind) {
    case 'click':
      return [
        `${done.count === 2 ? W.dblclick : W.click}${done.button === 'left' ? '' : ` (${done.button} button)`} ${targetWords(done.target)}`,
        done.caret ? `; ${caretWords(done.caret)}` : '',
      ];
    case 'hover':
      return [`${W.hover} ${targetWords(done.target)}`, ''];
    case 'drag':
      return [
        `${W.drag} ${targetWords(done.from)} onto ${targetWords(done.to)}`,
        done.outcome ? dragOutcomeWords(done.outcome) : '',
      ];
    case 'fill':
      return [
        `${done.into === 'combobox' ? W.typeInto : W.fill} ${targetWords(done.target)} with ${quote(done.value)}`,
        '',
      ];
    case 'set':
      return [`${W.set} ${targetWords(done.target)} to ${quote(done.value)}`, ''];
    case 'check':
      return [
        done.already
          ? `${targetWords(done.target)} was already ${done.checked ? 'checked' : 'unchecked'}`
          : `${W.click} ${targetWords(done.target)}`,
        '',
      ];
    case 'upload':
      return [`${W.upload} ${done.fileCount} file(s) for ${targetWords(done.target)}`, ''];
    case 'press':
      return [`${W.press} ${done.keys}`, ''];
    case 'type':
      return [
        `${W.type} ${quote(done.text)}${done.submit ? ' and pressed Enter' : ''}`,
        done.stray
          ? `; the page moved the focus while the keys went in: ${done.stray.keys} key(s) went elsewhere, and the focus is now on ${done.stray.focus}`
          : '',
      ];
    case 'selectText':
      return [
        done.caret
          ? `${W.caret} ${done.caret} of ${quote(done.text)} in ${targetWords(done.target)}`
          : `${W.select} ${quote(done.text)} in ${targetWords(done.target)}`,
        done.before === undefined ? '' : `: the caret is after ${quote(done.before)}`,
      ];
    case 'focus':
      return [
        `${W.focus} ${targetWords(done.target)}`,
        done.drawnBy === undefined
          ? ''
          : `, drawn by ${done.drawnBy} with no place of its own to click: it has the focus a keyboard gives it`,
      ];
    case 'scrollTo':
    case 'scroll':
      return [scrollWords(done), ''];
    case 'personClick':
      return [`${W.personClick} ${done.x}, ${done.y}`, ''];
    case 'personWheel':
      return [`${W.personWheel} ${done.deltaX}, ${done.deltaY} at ${done.x}, ${done.y}`, ''];
    case 'preparing':
      return [preparingWords(done), ''];
    case 'fillStep':
      return [`${done.step === 'clickInto' ? W.clickInto : W.focusToFill} ${targetWords(done.target)} to fill it`, ''];
  }
}

function caretWords(caret: NonNullable<DoneOf<'click'>['caret']>): string {
  if ('elsewhere' in caret) return 'the caret is not in it (the page moved the focus)';
  if ('selected' in caret) return `${quote(caret.selected)} is selected`;
  return `the caret is after ${quote(caret.after)}`;
}

/** What the page did with a drag: whether it took the drop and whether the dragged element moved. */
function dragOutcomeWords(outcome: NonNullable<DoneOf<'drag'>['outcome']>): string {
  const played =
    outcome.html5Drop === undefined
      ? ''
      : outcome.html5Drop === 'taken'
        ? ' (HTML5 drag and drop, finished for the page: Firefox does not drop from automation); the page took the drop'
        : ' (HTML5 drag and drop); the page refused the drop there: no drop target accepted it';
  if (outcome.dragged === 'moved') return `${played}; the dragged element moved.`;
  if (outcome.dragged === 'redrawn')
    return `${played}; the page drew the dragged element anew: take a snapshot to see where it is.`;
  if (outcome.dragged === 'stayed') return `${played}; the page showed no change: the dragged element is where it was.`;
  return `${played}.`;
}

function scrollWords(done: DoneOf<'scrollTo' | 'scroll'>): string {
  const what = done.container === undefined ? 'the page' : `uid=${done.container}`;
  if (done.kind === 'scroll')
    return `${W.scroll} ${what} ${done.direction} by ${done.moved} px (asked ${done.asked} px)`;
  const where = done.to === 'start' ? 'its start' : done.to === 'end' ? 'its end' : `item ${done.to}`;
  return `${W.scroll} ${what} to ${where} (moved ${done.moved} px)`;
}

function preparingWords(done: DoneOf<'preparing'>): string {
  const uid = `uid=${done.uid}`;
  switch (done.for) {
    case 'view':
      return `${W.scrollIntoView} ${uid} into view`;
    case 'fill':
      return `${W.findToFill} ${uid}`;
    case 'upload':
      return `${W.findToUpload} ${uid}`;
    case 'drop':
      return `${W.findToDrop} ${uid}`;
    case 'selectText':
      return `${W.findToSelect} ${uid}`;
  }
}

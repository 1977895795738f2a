/**
 * What the exporters read of a recorded step, one rule each for every format: its arguments, its
 * targets, a few words for its comment, and how a fill is done.
 */
import { isAbsolute } from 'node:path';
import { describeQuery, targetQuery } from '../../firefox/index.js';
import type { RecordedStep, RecordedTarget } from './format.js';
import type { ArgName, ScriptedStep } from './scripted.js';
import { uidArguments } from './uids.js';

/** A string argument of any step, by a name some scripted tool takes (a step's comment reads any of them). */
export function textArg(step: RecordedStep, key: ArgName): string | undefined {
  const value = step.args[key];
  return typeof value === 'string' ? value : undefined;
}

export function numberArg(step: RecordedStep, key: ArgName): number | undefined {
  const value = step.args[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The keys of a step's uid arguments, as its targets are keyed: `uid`, `from_uid`, `elements.0.uid`. */
export function uidKeys(step: RecordedStep): string[] {
  return uidArguments(step.args).map(([key]) => key);
}

/** The uid argument at `key` (a uidKeys key), as called. */
export function uidAt(step: RecordedStep, key: string): string {
  return uidArguments(step.args).find(([path]) => path === key)?.[1] ?? '?';
}

/** The target at `key`: there, since writeStep stops a step whose target is missing before its format sees it. */
export function targetAt(step: RecordedStep, key: string): RecordedTarget {
  return step.targets?.[key] as RecordedTarget;
}

/** The target a step acted on first (its uid, or its drag's start). */
export function mainTarget(step: RecordedStep): RecordedTarget | undefined {
  const [key] = uidKeys(step);
  return key === undefined ? undefined : step.targets?.[key];
}

/**
 * The target whose frames step `index`'s effect is looked for in: its own, or, for a dialog's answer, the one of the
 * step that opened it.
 */
export function frameTarget(steps: readonly RecordedStep[], index: number): RecordedTarget | undefined {
  const step = steps[index] as RecordedStep;
  const before = steps[index - 1];
  return mainTarget(step) ?? (step.tool === 'handle_dialog' && before ? mainTarget(before) : undefined);
}

/** fill_form's fields: each one's target key and value. */
export function formFields(step: ScriptedStep & { tool: 'fill_form' }): { key: string; value: string }[] {
  return step.args.elements.map((element, index) => ({ key: `elements.${index}.uid`, value: element.value }));
}

/** A recorded target in words: the query that finds it again, as the locator's errors name it (every one is exact). */
export function describeTarget(target: RecordedTarget): string {
  return describeQuery({ ...targetQuery(target), exact: false });
}

/** What a step did, in a few words for its comment (a fill's value is left out: it may be long, or a secret). */
export function describeStep(step: RecordedStep): string {
  const targets = uidKeys(step).map((key) => {
    const found = step.targets?.[key];
    return found ? describeTarget(found) : `uid ${uidAt(step, key)}`;
  });
  const text = step.args.text;
  const texts = (Array.isArray(text) ? text : [text])
    .filter((item): item is string => typeof item === 'string')
    .map((item) => JSON.stringify(item));
  const prompt = textArg(step, 'promptText');
  const width = numberArg(step, 'width');
  const words = [
    ...(['url', 'type', 'key', 'action'] as const).map((key) => textArg(step, key) ?? ''),
    texts.join(' or '),
    prompt === undefined ? '' : `with ${JSON.stringify(prompt)}`,
    textArg(step, 'submitKey') === undefined ? '' : `then ${textArg(step, 'submitKey') ?? ''}`,
    `${texts.length && targets.length ? 'in ' : ''}${targets.join(step.tool === 'drag' ? ' to ' : ', ')}`,
    step.args.dblClick === true ? '(double-click)' : '',
    numberArg(step, 'pageIdx') === undefined ? '' : `page ${numberArg(step, 'pageIdx') ?? ''}`,
    width === undefined ? '' : `${width}x${numberArg(step, 'height') ?? '?'}`,
    textArg(step, 'function') ?? '',
  ];
  return words.filter((word) => word !== '').join(' ');
}

/** A name to match as recorded, or, when the snapshot clipped it (…), its start and not exactly. */
export function nameMatch(name: string): { name: string; exact: boolean } {
  return name.endsWith('…') ? { name: name.slice(0, -1).trimEnd(), exact: false } : { name, exact: true };
}

/** Roles whose fill value "true"/"false" checks or unchecks. */
const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** How a fill is done: checking, unchecking, choosing an option of a native select by its label, or typing. */
export function fillKind(target: RecordedTarget, value: string): 'check' | 'uncheck' | 'select' | 'text' {
  if (CHECKABLE.has(target.role) && (value === 'true' || value === 'false'))
    return value === 'true' ? 'check' : 'uncheck';
  // Role and name cannot tell a native select from a widget; its recorded CSS path can.
  if (
    (target.role === 'combobox' || target.role === 'listbox') &&
    /^select(?![\w-])/i.test(lastCompound(target.css?.selector ?? ''))
  )
    return 'select';
  return 'text';
}

/** The last compound selector of a path (`form > select#x` → `select#x`), quotes and brackets kept whole. */
function lastCompound(selector: string): string {
  let start = 0;
  let quote = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector.charAt(i);
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (depth === 0 && /[\s>+~]/.test(char)) start = i + 1;
  }
  return selector.slice(start);
}

/** The note for file paths the session took relative to its output folder, which the script cannot know. */
export function relativePathsNote(paths: readonly string[]): string | undefined {
  return paths.some((path) => !isAbsolute(path))
    ? "Relative paths were relative to the session's output folder: run the script from there, or make them absolute."
    : undefined;
}

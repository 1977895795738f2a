import type { Input } from 'webdriver-bidi-protocol';
import { ElementNotInteractableError, InvalidArgumentError } from '../../errors.js';
import { quote } from '../../util/text.js';
import type { ActionTarget, ControlReading, TypedField } from '../../engine/types.js';
import { keyValue, typingActions, type KeyAction } from './keys.js';
import { ActionInterrupted, type ActionResult, type QuietCall } from './settle.js';
import { readBack, readBackText, wentIn, type Stray } from './read-back.js';
import { behindModal, covered, describeTarget, existingFiles, inert } from './refusals.js';
import { namedElement, type DoneOf } from './done.js';
import { pointerSource } from './sources.js';
import { checkOrigin, confinementOf, type Confinement } from './secret-typing.js';
import type { InputCore, Prepared } from './core.js';
import type { PointerInput } from './pointer.js';

/** The quiet period after typing into a field whose page debounces its work (search, filter, autocomplete). */
export const SEARCH_QUIET_MS = 500;

const TYPED_INPUTS = new Set(['date', 'datetime-local', 'month', 'time', 'week', 'color', 'range']);

function isTruthy(value: string | boolean): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const lowered = value.trim().toLowerCase();
  if (['true', 'on', 'yes', 'checked', '1'].includes(lowered)) return true;
  if (['false', 'off', 'no', 'unchecked', '0', ''].includes(lowered)) return false;
  return undefined;
}

/** What a fill types, into what, and how it waits. */
interface Typing {
  uid: string;
  what: string;
  frame: string;
  /** The fill as its answer says it (the value masked). */
  action: DoneOf<'fill'>;
  /** The text as it goes in (secrets revealed). */
  typed: string;
  quietMs: number | undefined;
  /** The secret the text names, whose parts the field may keep. */
  secretName: string | undefined;
  confinement: Confinement | undefined;
}

/** The keys that type `typed`; for nothing, a Backspace that deletes the selected content. */
function keysFor(typed: string): KeyAction[] {
  if (typed !== '') return typingActions(typed);
  return [
    { type: 'keyDown', value: keyValue('Backspace') },
    { type: 'keyUp', value: keyValue('Backspace') },
  ];
}

/** Form fields: text typed for real, an option or a date picked, a checkbox set, files chosen; each read back. */
export class FieldInput {
  constructor(
    private readonly core: InputCore,
    /** A checkbox is set by clicking it. */
    private readonly pointer: PointerInput,
  ) {}

  /** Fills a text field (typing for real), picks a select option, or sets a checkbox or radio. */
  async fill(uid: string, value: string | boolean): Promise<ActionResult> {
    const prepared = await this.core.prepare(uid, { kind: 'preparing', uid, for: 'fill' });
    return this.core.withTargets(await this.#fill(uid, value, prepared), [uid, prepared]);
  }

  async #fill(uid: string, value: string | boolean, { frame, sharedId, target }: Prepared): Promise<ActionResult> {
    const what = describeTarget(uid, target);
    const element = namedElement(uid, target);
    const confinement = confinementOf(this.core.secrets, String(value));
    if (confinement) await checkOrigin(this.core.page, frame, confinement, 0);
    if (target.disabled)
      throw new ElementNotInteractableError(
        `${what} is disabled, so it cannot be filled. Enable it first (or fill another field).`,
      );
    if (target.inert) throw inert(`Cannot fill ${what}`);
    if (target.blockedBy) throw behindModal(`Cannot fill ${what}`, target.blockedBy);
    if (target.tag === 'select' || (target.inputType !== undefined && TYPED_INPUTS.has(target.inputType))) {
      const setting = { kind: 'set', target: element, value: String(value) } as const;
      const problem = await this.core.settler.step(
        setting,
        this.core.uids.callOnUid(uid, 'setValue', [this.core.secrets.reveal(String(value))], 'Setting a value'),
      );
      if (typeof problem === 'string' && problem) throw new InvalidArgumentError(`Could not set ${what}: ${problem}.`);
      const result = await this.core.settler.settle(setting, this.core.settler.begin(), { frame });
      // The choice read back: the option asked for (by label or value), or the value as the input keeps it.
      const asked = this.core.secrets.reveal(String(value));
      const label = asked.trim().replace(/\s+/g, ' ').toLowerCase();
      const chosen = (held: ControlReading): boolean =>
        (held.optionValues ?? []).includes(asked) ||
        held.value?.toLowerCase() === label ||
        !!held.value?.toLowerCase().split(', ').includes(label);
      return readBack(this.core.readBackAccess, uid, what, result, (held) =>
        target.tag === 'select' ? chosen(held) : held.value === asked,
      );
    }
    if (target.inputType === 'checkbox' || target.inputType === 'radio') {
      return this.#check(uid, target, value);
    }
    if (target.inputType === 'file')
      throw new InvalidArgumentError(`${what} is a file input; use uploadFileByUid() with file paths.`);
    if (!target.editable) {
      if (target.role === 'combobox' || target.role === 'listbox') {
        throw new InvalidArgumentError(
          `${what} takes no typed text: click it to open it, take a snapshot to see its options, then click the option you want.`,
        );
      }
      throw new InvalidArgumentError(
        `${what} cannot be filled: it is not a text field, select, checkbox or radio. Click it, or fill another element.`,
      );
    }
    if (target.readonly) {
      throw new InvalidArgumentError(
        `${what} is read-only, so typing would change nothing.${target.role === 'combobox' ? ' It is a combobox that is picked, not typed: click it, take a snapshot, then click an option.' : ' Fill another field, or use the control that sets it.'}`,
      );
    }
    if (target.coveredBy) throw covered(what, target.coveredBy);
    // Click into the field as a person would (that also focuses the frame it sits in), select the
    // old content so the typed text replaces it, then type for real.
    const origin: Input.ElementOrigin = { type: 'element', element: { sharedId } };
    const clickIn = this.core.page.send(
      'input.performActions',
      {
        context: frame,
        actions: [
          pointerSource([
            { type: 'pointerMove', x: 0, y: 0, origin },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ]),
        ],
      },
      `Clicking ${what}`,
    );
    await this.core.settler.step({ kind: 'fillStep', target: element, step: 'clickInto' }, clickIn);
    const text = String(value);
    const typed = this.core.secrets.reveal(text);
    const action: DoneOf<'fill'> = {
      kind: 'fill',
      target: element,
      value: target.inputType === 'password' && typed === text ? '••••••••' : this.core.secrets.mask(text),
      into: target.tag !== 'input' && target.tag !== 'textarea' ? 'editor' : 'field',
    };
    const typing: Typing = {
      uid,
      what,
      frame,
      action,
      typed,
      // A page that filters or suggests as one types waits a moment before it does: so does the answer.
      quietMs: target.searchLike ? (this.core.timings.searchQuietMs ?? SEARCH_QUIET_MS) : undefined,
      secretName: this.core.secrets.referencedNames(text)[0],
      confinement,
    };
    if (target.tag !== 'input' && target.tag !== 'textarea') return this.#intoEditor(typing);
    const { result, stray, held } = await this.#typeInto(typing, keysFor(typed));
    // Fields may reformat what is typed (a phone number's dashes): a field that is empty or unchanged is one where it
    // did not take.
    return readBack(
      this.core.readBackAccess,
      uid,
      what,
      result,
      (held) => {
        // A field that kept only part of a secret (maxlength, trimming): what it holds is masked too.
        if (typing.secretName !== undefined) this.core.secrets.rememberParts(typing.secretName, held.value ?? '');
        // A field that rewrites what is typed keeps the focus; one that lost it mid-way holds only the first keys.
        return (
          stray === null &&
          (held.value === typed.trimEnd() ||
            held.value === typed ||
            (typed !== '' && held.value !== '' && held.value !== target.value && held.focusedElsewhere === undefined))
        );
      },
      stray,
      held,
    );
  }

  /**
   * Types into a text input or text area in two calls around the keys (typing.ts): its content selected and the keys
   * guarded into it before them; after them, with the settle's wait, where stray keys went, the field marked as holding
   * a secret or not, and what it holds.
   */
  async #typeInto(
    typing: Typing,
    keys: KeyAction[],
  ): Promise<{ result: ActionResult; stray: Stray; held: ControlReading | undefined }> {
    const { uid, frame, action, quietMs, secretName, confinement } = typing;
    const taken = this.core.uids.callOnUid(uid, 'takeKeys', [], 'Focusing the field');
    const guarded =
      (await this.core.settler.step(
        { kind: 'fillStep', target: action.target, step: 'focus' },
        taken.catch(() => false),
      )) === true;
    let after: TypedField | undefined;
    const quietIn: QuietCall = async (quietMs, maxMs, timeout) => {
      const args: [string | null, number, number] = [secretName ?? null, quietMs, maxMs];
      const json = await this.core.uids.callOnUid(uid, 'settleTyped', args, 'Waiting for the page', timeout);
      if (json === undefined) return undefined;
      const found = JSON.parse(json) as TypedField;
      after = { ...found, stray: after?.stray ?? found.stray };
      return found.quiet;
    };
    let result: ActionResult;
    try {
      result = await this.core.type(frame, action, keys, confinement, { quietMs, quietIn });
    } finally {
      // Released with the settle's read; typing that stopped before it (a dialog, an error) releases it here.
      if (guarded && !after)
        await this.core.engine.call(frame, 'releaseKeys', [], 'Releasing the keys').catch(() => undefined);
    }
    if (!after && !result.dialog && result.navigated?.sameDocument !== false) await this.#mark(uid, secretName);
    return { result, stray: after?.stray ?? null, held: after?.held ?? undefined };
  }

  /**
   * Puts the text into an editor (contenteditable). An editor rewrites typed keys (closing brackets, indenting new
   * lines): the text goes in as one insertion, the way a paste does; keys only when the document refuses the command.
   */
  async #intoEditor(typing: Typing): Promise<ActionResult> {
    const { uid, what, frame, action, typed, quietMs, secretName, confinement } = typing;
    await this.core.settler.step(
      { kind: 'fillStep', target: action.target, step: 'focus' },
      this.core.uids.callOnUid(uid, 'selectContent', [], 'Focusing the field'),
    );
    const watch = this.core.settler.begin();
    const inserted = await this.core.settler.step(
      action,
      this.core.uids.callOnUid(uid, 'insertText', [typed], 'Inserting the text'),
      watch,
    );
    let result: ActionResult;
    if (inserted === true) result = await this.core.settler.settle(action, watch, { quietMs, frame });
    else {
      watch.stop();
      ({ result } = await this.core.typeFollowed(frame, action, keysFor(typed), quietMs, uid, confinement));
    }
    if (!result.dialog && result.navigated?.sameDocument !== false) await this.#mark(uid, secretName);
    return readBackText(this.core.readBackAccess, uid, what, result, typed, secretName);
  }

  /** Marks the field as holding the secret it was filled from, or as holding nothing secret. */
  async #mark(uid: string, secretName: string | undefined): Promise<void> {
    await this.core.uids
      .callOnUid(uid, 'markSecretField', [secretName ?? null], 'Marking the field')
      .catch(() => undefined);
  }

  async fillForm(entries: { uid: string; value: string | boolean }[]): Promise<ActionResult[]> {
    if (entries.length === 0) throw new InvalidArgumentError('fillForm needs at least one { uid, value }.');
    const results: ActionResult[] = [];
    for (const entry of entries) {
      const result = await this.fill(entry.uid, entry.value).catch((error: unknown) => {
        if (error instanceof ActionInterrupted) return error.result;
        // The fields filled before it stay filled: the error says which, and which were not reached.
        if (error instanceof Error && results.length > 0)
          error.message =
            `${results.map((done) => wentIn(done.done)).join('; ')}; then stopped at uid=${entry.uid}: ${error.message} ${entries.length - results.length - 1 > 0 ? `The ${entries.length - results.length - 1} field(s) after it were not filled.` : ''}`.trimEnd();
        throw error;
      });
      results.push(result);
      // The rest of the form is gone or blocked.
      if (result.dialog || (result.navigated && !result.navigated.sameDocument)) break;
    }
    return results;
  }

  async uploadFile(uid: string, paths: string[]): Promise<ActionResult> {
    const files = existingFiles(paths);
    const prepared = await this.core.resolve(uid, { kind: 'preparing', uid, for: 'upload' });
    const { frame, sharedId, target } = prepared;
    const what = describeTarget(uid, target);
    if (target.inputType !== 'file')
      throw new InvalidArgumentError(
        `${what} is not a file input (input type=file); take a snapshot and pick the file input's uid.`,
      );
    if (target.disabled) throw new ElementNotInteractableError(`${what} is disabled, so it cannot take files.`);
    const watch = this.core.settler.begin();
    const choosing = { kind: 'upload', target: namedElement(uid, target), fileCount: files.length } as const;
    await this.core.settler.step(
      choosing,
      this.core.page.send('input.setFiles', { context: frame, element: { sharedId }, files }, 'Setting files'),
      watch,
    );
    const result = await this.core.settler.settle(choosing, watch, { frame });
    return this.core.withTargets(result, [uid, prepared]);
  }

  async #check(uid: string, target: ActionTarget, value: string | boolean): Promise<ActionResult> {
    const what = describeTarget(uid, target);
    const wanted = isTruthy(value);
    if (wanted === undefined)
      throw new InvalidArgumentError(`${what} takes true or false, got ${quote(String(value))}.`);
    const checking = { kind: 'check', target: namedElement(uid, target), checked: wanted } as const;
    if (target.checked === wanted) return { done: { ...checking, already: true }, settled: true };
    if (target.inputType === 'radio' && !wanted) {
      throw new InvalidArgumentError(
        `${what} cannot be unchecked by itself; check another radio button of its group instead.`,
      );
    }
    const clicked = await this.pointer.click(uid);
    // Clicked to that state: a check, unless the click went elsewhere than a click does (a part a canvas draws).
    const result = clicked.done.kind === 'click' ? { ...clicked, done: { ...checking, already: false } } : clicked;
    return readBack(this.core.readBackAccess, uid, what, result, (held) => held.checked === wanted);
  }
}

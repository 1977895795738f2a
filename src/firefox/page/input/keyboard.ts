import { InvalidArgumentError } from '../../errors.js';
import { comboActions, keyValue, typingActions } from './keys.js';
import type { ActionResult } from './settle.js';
import { keySource, type KeyOptions } from './sources.js';
import type { Approver } from '../approval.js';
import { confinementOf } from './secret-typing.js';
import { SEARCH_QUIET_MS } from './fields.js';
import type { InputCore } from './core.js';

/** The keyboard: keys and text sent to whatever has the focus, followed to where they went. */
export class KeyboardInput {
  constructor(private readonly core: InputCore) {}

  /** Presses a key or combination, such as `Enter` or `Control+Shift+R`, on whatever has focus. */
  async pressKey(combo: string, options: KeyOptions = {}): Promise<ActionResult> {
    if (options.approve) await this.#approveKey(combo, options.approve);
    try {
      return await this.core.act(this.core.browsingContext, { kind: 'press', keys: combo }, [
        keySource(comboActions(combo)),
      ]);
    } finally {
      // A key can scroll a container (PageDown, arrows, space), and the page may stop the scroll events before the
      // engine sees them.
      this.core.snapshots.forgetReading();
    }
  }

  /** Types text into whatever has focus; with `submit`, presses Enter after it. */
  async typeText(text: string, options: { submit?: boolean } & KeyOptions = {}): Promise<ActionResult> {
    if (text === '' && !options.submit)
      throw new InvalidArgumentError('typeText needs some text (or submit: true to press Enter).');
    // The Enter goes where the text goes: the field and its form are judged before anything is typed.
    if (options.submit && options.approve) await this.#approveKey('Enter', options.approve);
    const keys = typingActions(this.core.secrets.reveal(text));
    const confinement = confinementOf(this.core.secrets, text);
    if (options.submit)
      keys.push({ type: 'keyDown', value: keyValue('Enter') }, { type: 'keyUp', value: keyValue('Enter') });
    // Typing into a search or filter box waits for its debounce, as fill does (focus inside a frame shows as the frame:
    // not looked into).
    const searchLike = await this.core.engine
      .call(this.core.browsingContext, 'focusSearchLike', [], 'Reading the focused field')
      .catch(() => false);
    const quietMs = searchLike === true ? (this.core.timings.searchQuietMs ?? SEARCH_QUIET_MS) : undefined;
    // The keys are followed: a page that moves the focus while they go in (on purpose or not) is named in the answer.
    const typing = { kind: 'type', text: this.core.secrets.mask(text), submit: options.submit ?? false } as const;
    const { result, stray } = await this.core.typeFollowed(
      this.core.browsingContext,
      typing,
      keys,
      quietMs,
      null,
      confinement,
    );
    return stray
      ? { ...result, done: { ...typing, stray: { keys: stray.keys, focus: this.core.secrets.mask(stray.to) } } }
      : result;
  }

  /** Asks `approve` about `combo` on what has focus now (nothing is seen of focus inside a frame). */
  async #approveKey(combo: string, approve: Approver): Promise<void> {
    const target = await this.core.engine.call(
      this.core.browsingContext,
      'focusedTarget',
      [],
      'Reading what has focus',
    );
    await approve({ kind: 'key', text: combo, ...(target ? { target } : {}) });
  }
}

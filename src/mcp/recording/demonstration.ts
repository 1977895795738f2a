/**
 * A person's demonstration: what they do on a page in the live view (taking it over, or the hand an agent asked for
 * with request_human) kept as steps of the session's recording, by role and name as the agent's steps are, each marked
 * as the person's, so that a replay or an export runs them as any step. Keys typed one after another into the same
 * place are one type_text (Backspace takes the last back, while one is left), as an agent would have typed them;
 * secrets are written by name, or masked when they have none. A wheel turn is not a step: a replayed action scrolls
 * to its own target.
 */
import type { Page, PersonInput, PointTarget } from '../../firefox/index.js';
import type { RecordedStep } from './format.js';
import type { SessionRecorder } from './recorder.js';

/** What a person did, as the view performed it: the input, what a click landed on, and the line saying what it did. */
export interface PersonAct {
  page: Page;
  input: PersonInput;
  /** What a click landed on, read before it went in. */
  on?: PointTarget;
  line: string;
}

/** Whether a person's act became a step: a click on nothing a snapshot lists cannot be said by role and name. */
export type Demonstrated = 'recorded' | 'not recorded';

export class Demonstration {
  /** The text typed so far into the same place, with the step that holds it. */
  #typing: { step: RecordedStep; text: string; page: Page } | undefined;

  constructor(private readonly recorder: SessionRecorder) {}

  /** Keeps `act` as a step of the recording (a FileWriteError when the disk refuses). */
  record({ page, input, on, line }: PersonAct): Demonstrated {
    if (input.type === 'wheel') return 'recorded';
    const typing = this.#typing?.page === page ? this.#typing : undefined;
    if (
      input.type === 'text' ||
      (input.type === 'key' && input.key === 'Backspace' && typing && typing.text.length > 1)
    ) {
      const text = input.type === 'text' ? `${typing?.text ?? ''}${input.text}` : (typing?.text ?? '').slice(0, -1);
      const step = this.recorder.person('type_text', { text }, page, [line], {
        ...(typing ? { continued: typing.step } : {}),
      });
      this.#typing = { step, text, page };
      return 'recorded';
    }
    this.#typing = undefined;
    if (input.type === 'key') {
      this.recorder.person('press_key', { key: input.key }, page, [line]);
      return 'recorded';
    }
    if (!on) return 'not recorded';
    this.recorder.person('click', { uid: on.uid }, page, [line], { targets: { uid: on.target } });
    return 'recorded';
  }
}

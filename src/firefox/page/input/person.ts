/**
 * A person's hand on the page, from the live view: a click or a wheel turn at a point of the
 * viewport (CSS pixels, from its top left), performed as the input sources of sources.ts; keys
 * and text through pressKey and typeText, as the agent's go. What a person types into a
 * field that looks secret (a password, a one-time code, a card's code) is masked from then on in
 * every reading and answer, as a named secret is: the agent never hears it. What they typed is
 * masked as typed too, not only as the field holds it: a page may keep the keys out of the field
 * (a password moved into a paragraph) or spread a code over boxes it moves the focus through.
 */
import { MAX_FRAME_DEPTH, windowBrowsingContext, type EngineGateway } from '../../engine/gateway.js';
import { TYPED_SECRET, type SecretStore } from '../../policy/secrets.js';
import type { ActionResult } from './settle.js';
import type { PageInput } from './actions.js';
import type { PersonInput } from './sources.js';

/** What a person's input reaches of page `id`: its input, its engine, its secrets. */
export interface PersonReach {
  id: string;
  input: PageInput;
  engine: EngineGateway;
  secrets: SecretStore;
}

/**
 * The characters a person typed one after another into secret-looking fields of a page, whatever
 * the fields keep of them: one run while each key goes into such a field and the person moved the
 * focus in between only by clicking the same field (the page may move it: the next box of a code).
 * Kept by the page's input, which lives as long as the page.
 */
interface KeyRun {
  /** Its key among what the store remembers as typed. */
  key: string;
  typed: string;
  /** The field (page/frame key) that had the focus after its last key. */
  field: string | undefined;
  /** Whether the person clicked since its last key. */
  clicked: boolean;
}
const runs = new WeakMap<PageInput, KeyRun>();
let runCount = 0;
/**
 * Keys that move the caret within a field or delete ahead of it: the run goes on. Backspace takes its last character
 * back; any other key (Enter, Tab, a combination) ends it.
 */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Delete']);

/**
 * Adds `input`, about to go into secret-looking field `field` (undefined when the focus is elsewhere), to the page's
 * run of typed keys, masked before the keys go in.
 */
function typeIntoRun(
  page: PersonReach,
  field: string | undefined,
  input: Extract<PersonInput, { type: 'key' | 'text' }>,
): void {
  const run = runs.get(page.input);
  const goesOn = field !== undefined && run !== undefined && (!run.clicked || run.field === field);
  if (input.type === 'key' && !(goesOn && (input.key === 'Backspace' || CARET_KEYS.has(input.key))))
    return void runs.delete(page.input);
  if (field === undefined) return void runs.delete(page.input);
  const next = goesOn ? run : { key: `${page.id}/keys:${++runCount}`, typed: '', field, clicked: false };
  next.typed =
    input.type === 'text' ? next.typed + input.text : input.key === 'Backspace' ? next.typed.slice(0, -1) : next.typed;
  runs.set(page.input, next);
  // Only what was typed: a shorter value after Backspace keeps the longer one masked (it may have been sent).
  page.secrets.rememberTyped(next.key, next.typed);
}

/**
 * Performs a person's input on the page; what they type into a secret-looking field is masked before the keys go in, as
 * typed and again as the field reads after.
 */
export async function personInput(page: PersonReach, input: PersonInput): Promise<ActionResult> {
  if (input.type === 'click' || input.type === 'wheel') {
    const run = runs.get(page.input);
    if (run && input.type === 'click') run.clicked = true;
    return page.input.pointer.person(input);
  }
  const typedField = async (): Promise<{ field: string; value: string } | undefined> => {
    const browsingContext = await focusedBrowsingContext(page);
    const field = await page.engine
      .call(browsingContext, 'markTypedSecret', [TYPED_SECRET], 'Reading the focused field')
      .catch(() => undefined);
    return field ? { field: `${browsingContext}/${field.field}`, value: field.value } : undefined;
  };
  const before = await typedField();
  typeIntoRun(page, before?.field, input);
  // The keys may send the field at once (a code sent on its last digit): what they will make of it is masked before
  // they go.
  if (before && input.type === 'text') page.secrets.rememberTyped(before.field, before.value + input.text, true);
  const result =
    input.type === 'text'
      ? await page.input.keyboard.typeText(input.text)
      : await page.input.keyboard.pressKey(input.key);
  const after = await typedField();
  if (after) page.secrets.rememberTyped(after.field, after.value);
  const run = runs.get(page.input);
  if (run) Object.assign(run, { field: after?.field, clicked: false });
  return result;
}

/**
 * The browsing context whose document holds the focus: the page's, or that of the frame (in a frame…) an iframe of it
 * gave the focus to.
 */
async function focusedBrowsingContext(page: PersonReach): Promise<string> {
  let browsingContext = page.id;
  for (let depth = 0; depth < MAX_FRAME_DEPTH; depth++) {
    const frame = windowBrowsingContext(
      await page.engine
        .raw(browsingContext, 'focusedFrameWindow', [], 'Finding the focused frame')
        .catch(() => undefined),
    );
    if (frame === undefined) break;
    browsingContext = frame;
  }
  return browsingContext;
}

/**
 * The witness of every action: after a step our server answered as done, the grader reads the app's own state and holds
 * it against what the answer claimed. A field filled reads back the value; words selected are the page's selection; a
 * caret said to follow some text does; and the dialogs open when the answer came are the ones still open once the page
 * has settled (a modal that was still closing, or not yet open, when the answer said done). An answer that said the
 * page was still changing claims no final state, and is not held to one. Nothing here is counted as the agent's.
 */
import type { CallTool, SnapshotLine, ToolAnswer, ToolCall } from './agent.js';
import { OURS } from './dialects.js';

/** Steps that act on the page. */
const ACTIONS = new Set([
  'click',
  'fill',
  'fill_form',
  'select_text',
  'press_key',
  'type_text',
  'drag',
  'hover',
  'upload_file',
]);

/** A page function that resolves once the document has not changed for 300 ms (at most 3 s): the app has settled. */
const SETTLED = `() => new Promise((resolve) => {
  let timer;
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 300); });
  function done() { observer.disconnect(); resolve(true); }
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  timer = setTimeout(done, 300);
  setTimeout(done, 3000);
})`;

/**
 * What a field holds, as the app reads it: a checkbox's state, a select's chosen labels, a text field's value, an
 * editor's text.
 */
const HELD = `(el) => el.type === 'checkbox' || el.type === 'radio' ? String(el.checked)
  : el.localName === 'select' ? [...el.selectedOptions].map((option) => option.label).join(', ')
  : 'value' in el && el.localName !== 'button' ? el.value
  : el.innerText`;

const SELECTED = '(el) => el.ownerDocument.getSelection().toString()';

/** The text of the element before the caret (or the selection's start). */
const BEFORE_CARET = `(el) => {
  const selection = el.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const lead = el.ownerDocument.createRange();
  lead.setStart(el, 0);
  lead.setEnd(selection.getRangeAt(0).startContainer, selection.getRangeAt(0).startOffset);
  return lead.toString();
}`;

/** Letters and digits only, in lower case: a field may format what was typed (a phone number's dashes). */
function bare(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function dialogs(lines: SnapshotLine[]): string[] {
  return lines
    .filter((line) => line.role === 'dialog' || line.role === 'alertdialog')
    .map((line) => `${line.role} ${JSON.stringify(line.names[0] ?? '')}`)
    .sort();
}

/**
 * Our server's tools, each action's claim checked after it: `falseClaims` collects every answer
 * the app disagreed with, `checked` counts the claims held to the app, `actions` the steps taken.
 */
export function checkingClaims(
  callTool: CallTool,
  found: { actions: number; checked: number; falseClaims: string[] },
): CallTool {
  const evaluate = async (fn: string, uid?: string): Promise<unknown> => {
    const answer = await callTool({
      name: 'evaluate_script',
      args: { function: fn, ...(uid === undefined ? {} : { args: [{ uid }] }) },
    });
    return answer.isError ? undefined : OURS.evaluated(answer.text);
  };
  const disagree = (call: ToolCall, what: string): void => {
    found.falseClaims.push(`${call.name} ${JSON.stringify(call.args)} answered done, but ${what}`);
  };
  return async (call) => {
    if (!ACTIONS.has(call.name)) return callTool(call);
    found.actions += 1;
    const answer = await callTool(call);
    if (answer.isError || /still (changing|waiting)/.test(answer.text)) return answer;
    // The page as the server reads it once it answered (an action's own snapshot says only what changed); the agent
    // reads the answer without it.
    const asAnswered = await callTool(OURS.snapshot());
    await evaluate(SETTLED);
    await checkValues(call, answer, evaluate, disagree, found);
    // An answer that does not say the page was still changing says it had settled: the dialogs open then are the ones
    // that stay.
    if (!asAnswered.isError) {
      const now = await callTool(OURS.snapshot());
      if (!now.isError) {
        found.checked += 1;
        const [claimed, shown] = [dialogs(OURS.lines(asAnswered.text)), dialogs(OURS.lines(now.text))];
        if (JSON.stringify(shown) !== JSON.stringify(claimed))
          disagree(
            call,
            `the dialogs open when it answered were [${claimed.join(', ')}], and once the page settled [${shown.join(', ')}]`,
          );
      }
    }
    return answer;
  };
}

async function checkValues(
  call: ToolCall,
  answer: ToolAnswer,
  evaluate: (fn: string, uid?: string) => Promise<unknown>,
  disagree: (call: ToolCall, what: string) => void,
  found: { checked: number },
): Promise<void> {
  const entries =
    call.name === 'fill'
      ? [call.args as { uid: string; value: string }]
      : call.name === 'fill_form'
        ? (call.args.elements as { uid: string; value: string }[])
        : [];
  for (const { uid, value } of entries) {
    const held = await evaluate(HELD, uid);
    if (typeof held !== 'string') continue; // The element went with the step (a form that closed on Enter): nothing of it to read.
    found.checked += 1;
    const wanted =
      ['true', 'false'].includes(value.toLowerCase()) && ['true', 'false'].includes(held) ? value.toLowerCase() : value;
    if (!bare(held).includes(bare(wanted))) disagree(call, `uid ${uid} holds ${JSON.stringify(held)}`);
  }
  const caret = /; the caret is after "((?:[^"\\]|\\.)*)"$/m.exec(answer.text)?.[1];
  if (call.name === 'click' && caret !== undefined && typeof call.args.uid === 'string') {
    const before = await evaluate(BEFORE_CARET, call.args.uid);
    if (typeof before === 'string') {
      found.checked += 1;
      const said = JSON.parse(`"${caret}"`) as string;
      if (!bare(before).endsWith(bare(said)))
        disagree(call, `the text before the page's caret ends ${JSON.stringify(before.slice(-30))}`);
    }
  }
  if (call.name === 'select_text' && typeof call.args.uid === 'string' && answer.text.includes('Selected')) {
    const selected = await evaluate(SELECTED, call.args.uid);
    if (typeof selected !== 'string') return;
    found.checked += 1;
    if (bare(selected) !== bare(String(call.args.text)))
      disagree(call, `the page's selection is ${JSON.stringify(selected)}`);
  }
}

/**
 * The two servers the corpus tasks run on: ours (uids such as `3_14` at the start of a snapshot
 * line) and Playwright MCP (`[ref=e14]` after the role and name). Each maps the agent's moves to
 * the server's own tools, the way a model reading that server's tool list would.
 */
import { ARIA_ROLES } from '../../src/firefox/engine/in-page/aria-roles.js';
import type { Dialect, SnapshotLine, ToolCall } from './agent.js';

/**
 * A page function selecting `text` inside the element it is given: what an agent writes where its
 * server has no tool for it (Playwright MCP, playwright-cli evaluate on an element).
 */
function selectTextScript(text: string): string {
  return `(element) => { const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT); for (let node = walker.nextNode(); node; node = walker.nextNode()) { const at = node.data.indexOf(${JSON.stringify(text)}); if (at >= 0) { getSelection().setBaseAndExtent(node, at, node, at + ${text.length}); return true; } } return false; }`;
}

/** A quoted name in either snapshot text (JSON-style escapes). */
const QUOTED = String.raw`"((?:[^"\\]|\\.)*)"`;

function unquote(quoted: string | undefined): string | undefined {
  if (quoted === undefined) return undefined;
  try {
    return JSON.parse(`"${quoted}"`) as string;
  } catch {
    return quoted;
  }
}

function present(...names: (string | undefined)[]): string[] {
  return names.filter((name): name is string => name !== undefined && name !== '');
}

/** The indentation of a snapshot line (diff marks count as indentation). */
function depthOf(line: string): number {
  return /^[\s+~-]*/.exec(line)?.[0].length ?? 0;
}

/** The JSON in the first ```json block of an answer. */
function jsonBlock(answer: string): unknown {
  const json = /```json\n([\s\S]*?)\n```/.exec(answer)?.[1];
  if (json === undefined) throw new Error(`No JSON in the answer:\n${answer}`);
  return JSON.parse(json) as unknown;
}

/** An element without a name reads as the text inside it, as a model reading the tree would take it. */
function namedByContent<Line extends { names: string[]; depth: number }>(lines: Line[]): Line[] {
  return lines.map((line, index) => {
    if (line.names.length > 0) return line;
    const inside: string[] = [];
    for (const child of lines.slice(index + 1)) {
      if (child.depth <= line.depth) break;
      inside.push(...child.names.slice(0, 1));
    }
    return { ...line, names: inside.length > 0 ? [inside.join(' '), inside.join('')] : [] };
  });
}

// `  3_14 button "Save" disabled` or `  3_15 paragraph: Some text` (a diff line may start with + or ~).
const OUR_LINE = new RegExp(
  String.raw`^[\s+~]*(\d+_\d+) ([\w-]+)(?: ${QUOTED})?(?: [\w-]+(?:=(?:"(?:[^"\\]|\\.)*"|[^\s:]+))?)*(?:: (.*))?$`,
);

const INLINE_CONTROL = new RegExp(String.raw`\[(\d+_\d+) ([\w-]+)(?: ${QUOTED})?[^\]]*\]`, 'g');

export const OURS: Dialect = {
  name: 'firefox-bidi-mcp',
  navigate: (url) => ({ name: 'navigate_page', args: { url } }),
  snapshot: () => ({ name: 'take_snapshot', args: {} }),
  click: (uid) => ({ name: 'click', args: { uid } }),
  fill: (uid, _element, value) => ({ name: 'fill', args: { uid, value } }),
  select: (uid, _element, option) => ({ name: 'fill', args: { uid, value: option } }),
  press: (key) => ({ name: 'press_key', args: { key } }),
  // type_text types where the focus is: the agent has put it there.
  type: (_uid, _element, text) => ({ name: 'type_text', args: { text } }),
  drag: (from_uid, _from, to_uid) => ({ name: 'drag', args: { from_uid, to_uid } }),
  selectText: (uid, _element, text) => ({ name: 'select_text', args: { uid, text } }),
  waitFor: (text) => ({ name: 'wait_for', args: { text: [text] } }),
  find: (query) => ({ name: 'find_in_page', args: { query } }),
  evaluate: (fn) => ({ name: 'evaluate_script', args: { function: fn } }),
  evaluated: jsonBlock,
  lines(answer) {
    const lines: SnapshotLine[] = [];
    for (const text of answer.split('\n')) {
      // `3_15 - Buy milk`: the words after the dash are the item's text, not attributes.
      const item = /^[\s+~]*(\d+_\d+) - (.+)$/.exec(text);
      if (item?.[1] && item[2]) {
        lines.push({ ref: item[1], role: 'listitem', names: [item[2].trim()], depth: depthOf(text) });
        continue;
      }
      const match = OUR_LINE.exec(text);
      // `3_15 -` is a list item; a generic element's line says its tag (`a "Dentist"`, `div: Nobody`): to a reader it
      // is a generic element.
      const role = match?.[2] === '-' ? 'listitem' : match?.[2] && !ARIA_ROLES.has(match[2]) ? 'generic' : match?.[2];
      // A field's value is what a model reads it by when it has no name (an editor's block: `textbox
      // value="Upgrade…"`).
      const value = match?.[3] === undefined ? unquote(new RegExp(` value=${QUOTED}`).exec(text)?.[1]) : undefined;
      if (match?.[1] && role)
        lines.push({
          ref: match[1],
          role,
          names: present(unquote(match[3]), match[4]?.trim(), value),
          depth: depthOf(text),
        });
      // A row line keeps its controls in place, each in brackets: `row: Speed | [3_9 radio "Fair" checked]`.
      if (role === 'row')
        for (const inline of text.matchAll(INLINE_CONTROL))
          if (inline[1] && inline[2])
            lines.push({
              ref: inline[1],
              role: inline[2],
              names: present(unquote(inline[3])),
              depth: depthOf(text) + 1,
            });
    }
    return namedByContent(lines);
  },
};

// `- button "Save" [disabled] [ref=e14] [cursor=pointer]`, `- generic [ref=e15] [cursor=pointer]: "25"` or,
// YAML-quoted, `- 'button "list: bullet" [ref=e20]'`.
const PLAYWRIGHT_LINE = new RegExp(String.raw`^(\s*)- ([\w/-]+)(?: ${QUOTED})?((?: \[[^\]]*\])*)(?::(?: (.*))?)?$`);

/** A line without its YAML single quotes (`- 'text'` with '' for '). */
function unyaml(line: string): string {
  const quoted = /^(\s*- )'(.*)'(:?)$/.exec(line);
  return quoted ? `${quoted[1] ?? ''}${(quoted[2] ?? '').replace(/''/g, "'")}${quoted[3] ?? ''}` : line;
}

export const PLAYWRIGHT_MCP: Dialect = {
  name: 'Playwright MCP',
  navigate: (url) => ({ name: 'browser_navigate', args: { url } }),
  snapshot: () => ({ name: 'browser_snapshot', args: {} }),
  click: (target, element) => ({ name: 'browser_click', args: { element, target } }),
  fill: (target, element, text) => ({ name: 'browser_type', args: { element, target, text } }),
  select: (target, element, option) => ({ name: 'browser_select_option', args: { element, target, values: [option] } }),
  press: (key) => ({ name: 'browser_press_key', args: { key } }),
  // Key by key where the focus is: its caret stays where the agent put it.
  type: (target, element, text) => ({ name: 'browser_type', args: { element, target, text, slowly: true } }),
  drag: (startTarget, startElement, endTarget, endElement) => ({
    name: 'browser_drag',
    args: { startElement, startTarget, endElement, endTarget },
  }),
  // No tool selects text: the agent runs a script on the element.
  selectText: (target, element, text) => ({
    name: 'browser_evaluate',
    args: { element, target, function: selectTextScript(text) },
  }),
  waitFor: (text) => ({ name: 'browser_wait_for', args: { text } }),
  find: (text) => ({ name: 'browser_find', args: { text } }),
  evaluate: (fn) => ({ name: 'browser_evaluate', args: { function: fn } }),
  evaluated(answer) {
    const result = /### Result\n([\s\S]*?)(?:\n###|$)/.exec(answer)?.[1]?.trim();
    if (result === undefined) throw new Error(`No result in the answer:\n${answer}`);
    if (result === 'undefined') return undefined;
    return JSON.parse(result.replace(/^```(?:json)?\n|\n```$/g, '')) as unknown;
  },
  lines(answer) {
    const parsed = answer.split('\n').flatMap((raw) => {
      const match = PLAYWRIGHT_LINE.exec(unyaml(raw));
      if (!match) return [];
      const shown = match[5]?.trim();
      const text = shown?.startsWith('"') ? unquote(shown.slice(1, -1)) : shown;
      const ref = /\[ref=([\w-]+)\]/.exec(match[4] ?? '')?.[1];
      return [
        {
          depth: match[1]?.length ?? 0,
          role: match[2] ?? '',
          ref,
          names: present(unquote(match[3]), text),
          hidden: (match[4] ?? '').includes('[aria-hidden]'),
        },
      ];
    });
    // A careful reader leaves alone what the snapshot marks [aria-hidden] (a widget's native select), and what is
    // inside it.
    const shown: typeof parsed = [];
    let hiddenDepth: number | undefined;
    for (const line of parsed) {
      if (hiddenDepth !== undefined && line.depth > hiddenDepth) continue;
      hiddenDepth = line.hidden ? line.depth : undefined;
      if (!line.hidden) shown.push(line);
    }
    return namedByContent(shown).flatMap((line) => (line.ref === undefined ? [] : [{ ...line, ref: line.ref }]));
  },
};

/** A shell command as a ToolCall: the command's name and the words after it. */
function command(name: string, ...argv: string[]): ToolCall {
  return { name, args: { argv } };
}

/**
 * Our `firefox-bidi` bin: the short forms, and find_in_page by its tool name. Its answers are the MCP server's text.
 */
export const OURS_CLI: Dialect = {
  name: 'firefox-bidi',
  navigate: (url) => command('open', url),
  snapshot: () => command('snapshot'),
  click: (uid) => command('click', uid),
  fill: (uid, _element, value) => command('fill', uid, value),
  select: (uid, _element, option) => command('fill', uid, option),
  press: (key) => command('press', key),
  type: (_uid, _element, text) => command('type', text),
  // drag has no short form: the tool by its name, as find_in_page.
  drag: (from, _from, to) => command('drag', '--from_uid', from, '--to_uid', to),
  selectText: (uid, _element, text) => command('select_text', '--uid', uid, '--text', text),
  waitFor: (text) => command('wait', text),
  find: (query) => command('find_in_page', '--query', query),
  evaluate: (fn) => command('eval', fn),
  evaluated: (answer) => OURS.evaluated(answer),
  lines: (answer) => OURS.lines(answer),
};

/** `playwright-cli` (@playwright/cli): its commands; it has no wait, so an agent runs Playwright code for one. */
export const PLAYWRIGHT_CLI: Dialect = {
  name: 'playwright-cli',
  navigate: (url) => command('goto', url),
  snapshot: () => command('snapshot'),
  click: (ref) => command('click', ref),
  fill: (ref, _element, text) => command('fill', ref, text),
  select: (ref, _element, option) => command('select', ref, option),
  press: (key) => command('press', key),
  type: (_ref, _element, text) => command('type', text),
  drag: (start, _start, end) => command('drag', start, end),
  selectText: (ref, _element, text) =>
    command(
      'run-code',
      `async (page) => { await page.locator('aria-ref=${ref}').evaluate(${selectTextScript(text)}); }`,
    ),
  waitFor: (text) =>
    command('run-code', `async (page) => { await page.getByText(${JSON.stringify(text)}).first().waitFor(); }`),
  find: (text) => command('find', text),
  evaluate: (fn) => command('eval', fn),
  evaluated: (answer) => PLAYWRIGHT_MCP.evaluated(answer),
  lines: (answer) => PLAYWRIGHT_MCP.lines(answer),
};

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { corpusSpec } from '../corpus/index.js';
import { call, evaluateInPage, text, uidOf } from '../helpers/mcp.js';
import { useCorpus, useMcpServer } from '../helpers/fixtures.js';

/**
 * Real tasks on real third-party libraries and apps (tests/corpus: Material Web, Shoelace, Redoc,
 * a React TodoMVC), done the way an agent does them through the MCP server: read the snapshot
 * text, take a uid from it, act, then check the page's real state with evaluate_script. After
 * every step, the witness compares the reading with Firefox's accessibility engine and the
 * incremental reading with a full walk (witnessed).
 */

const corpus = useCorpus();
const client = useMcpServer(['--tools', 'all'], { accessibility: true });

async function open(path: string, waitFor?: string): Promise<string> {
  await act('navigate_page', { url: corpus.url(path) });
  if (waitFor !== undefined) expect(text(await call(client, 'wait_for', { text: [waitFor] }))).toContain('Found');
  return snapshot();
}

async function snapshot(): Promise<string> {
  const result = await call(client, 'take_snapshot');
  expect(result.isError, text(result)).toBeFalsy();
  return text(result);
}

/** Calls an input tool, expects it to succeed, and has the reading after it witnessed. */
async function act(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const result = await call(client, name, args);
  expect(result.isError, `${name} ${JSON.stringify(args)}: ${text(result)}`).toBeFalsy();
  await witnessed(`${name} ${JSON.stringify(args)}`);
  return result;
}

/**
 * The reading after `step`, witnessed: no difference from Firefox's accessibility engine outside the deliberate ones,
 * and an incremental reading that says what a full walk says. A dialog the step opened holds the page: nothing to read.
 */
async function witnessed(step: string): Promise<void> {
  const report = await call(client, 'witness_snapshot');
  if (report.isError) return;
  const { differences, freshness } = report.structuredContent as { differences: unknown[]; freshness: string };
  expect(differences, `after ${step}:\n${text(report)}`).toEqual([]);
  expect(freshness, `after ${step}:\n${text(report)}`).not.toBe('stale');
}

/** Runs a function in the page (evaluate_script) and returns its JSON result. */
function evaluate(fn: string, uids: string[] = []): Promise<unknown> {
  return evaluateInPage(client, fn, uids);
}

/** Waits until no animation runs on the page (an opening or closing one finished). */
async function animationsDone(): Promise<void> {
  await expect
    .poll(() => evaluate("() => document.getAnimations().filter((a) => a.playState === 'running').length"), {
      timeout: 10_000,
    })
    .toBe(0);
}

/**
 * Waits until the snapshot shows `pattern` and the animation that brought it in finished, as an agent waits before
 * acting on what opened; returns the snapshot.
 */
async function opened(pattern: RegExp): Promise<string> {
  await expect.poll(async () => (await snapshot()).match(pattern)?.[0], { timeout: 10_000 }).toBeDefined();
  await animationsDone();
  return snapshot();
}

/** The uid of the first snapshot line matching a pattern. */
function uidWhere(snapshotText: string, pattern: RegExp): string {
  const line = snapshotText.split('\n').find((candidate) => pattern.test(candidate));
  const uid = line ? /^\s*(\d+_\d+) /.exec(line)?.[1] : undefined;
  if (!uid) throw new Error(`No line matching ${String(pattern)} in the snapshot:\n${snapshotText}`);
  return uid;
}

/** The block of the first list item whose lines contain this text. */
function listItemWith(snapshotText: string, content: string): string {
  for (const line of snapshotText.split('\n')) {
    // A list item is a bullet (`3_4 -`), or says its role when it has a name or a state.
    const uid = /^\s*(\d+_\d+) (?:-(?: |$)|listitem\b)/.exec(line)?.[1];
    if (uid === undefined) continue;
    const lines = block(snapshotText, uid);
    if (lines.includes(content)) return lines;
  }
  throw new Error(`No list item with "${content}" in the snapshot:\n${snapshotText}`);
}

/** The snapshot lines under (indented deeper than) the line with this uid, that line included. */
function block(snapshotText: string, uid: string): string {
  const lines = snapshotText.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(`${uid} `));
  if (start < 0) throw new Error(`No uid ${uid} in the snapshot:\n${snapshotText}`);
  const indent = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0;
  const end = lines.findIndex((line, index) => index > start && indent(line) <= indent(lines[start] ?? ''));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('Material Web (@material/web)', () => {
  it('checks the md-checkbox labelled "Email me product updates"', async () => {
    const page = await open('/material.html');
    await act('click', { uid: uidOf(page, 'checkbox', 'Email me product updates') });
    expect(await evaluate("() => document.getElementById('updates').checked")).toBe(true);
    expect(await snapshot()).toContain('checkbox "Email me product updates" checked');
  });

  it('turns on the md-switch labelled "Dark theme"', async () => {
    const page = await open('/material.html');
    await act('click', { uid: uidOf(page, 'switch', 'Dark theme') });
    expect(await evaluate("() => document.getElementById('dark').selected")).toBe(true);
    expect(await snapshot()).toMatch(/switch "Dark theme" checked/);
  });

  it('selects the "Notifications" md-tabs tab and sees its panel', async () => {
    const page = await open('/material.html');
    expect(page).toMatch(/tab "Profile" selected/);
    await act('click', { uid: uidOf(page, 'tab', 'Notifications') });
    expect(await evaluate("() => document.getElementById('tabs').activeTabIndex")).toBe(1);
    const after = await snapshot();
    expect(after).toMatch(/tab "Notifications" selected/);
    expect(after).toContain('Choose how we reach you.');
    expect(after).not.toContain('textbox "Full name"');
  });

  it('types a name into the md-outlined-text-field "Full name"', async () => {
    const page = await open('/material.html');
    await act('fill', { uid: uidOf(page, 'textbox', 'Full name'), value: 'Ada Lovelace' });
    expect(await evaluate("() => document.getElementById('full-name').value")).toBe('Ada Lovelace');
    expect(await snapshot()).toContain('textbox "Full name" value="Ada Lovelace"');
  });

  it('picks "France" in the md-outlined-select "Country" by opening it and clicking the option', async () => {
    const page = await open('/material.html');
    await act('click', { uid: uidOf(page, 'combobox', 'Country') });
    const menu = await opened(/option "France"/);
    await act('click', { uid: uidOf(menu, 'option', 'France') });
    expect(await evaluate("() => document.getElementById('country').value")).toBe('fr');
    expect(await snapshot()).toMatch(/combobox "Country".*(value="France"|: France)/);
  });

  it('opens the md-dialog, reads it, and presses its "Delete" button', async () => {
    const page = await open('/material.html');
    await act('click', { uid: uidOf(page, 'button', 'Delete draft') });
    const shown = await opened(/dialog "Delete this draft\?"/);
    const dialog = uidOf(shown, 'dialog', 'Delete this draft?');
    const inside = block(shown, dialog);
    expect(inside).toContain('The draft will be removed for good.');
    await act('click', { uid: uidOf(inside, 'button', 'Delete') });
    // The dialog closes with an animation; its value and the status come at its end.
    await expect
      .poll(() =>
        evaluate(
          "() => { const d = document.getElementById('confirm'); return { open: d.open, returnValue: d.returnValue, status: document.getElementById('status').textContent }; }",
        ),
      )
      .toEqual({
        open: false,
        returnValue: 'delete',
        status: 'Draft deleted',
      });
  });
  it('refuses a click on the select behind the open modal md-dialog, and the dialog stays open', async () => {
    const page = await open('/material.html');
    await act('click', { uid: uidOf(page, 'button', 'Delete draft') });
    const shown = await opened(/dialog "Delete this draft\?"/);
    const behind = await call(client, 'click', { uid: uidOf(shown, 'combobox', 'Country') });
    expect(behind.isError, text(behind)).toBe(true);
    expect(text(behind)).toMatch(/Delete this draft\?|dialog/i);
    // A click that got through would have set a closing animation going.
    await animationsDone();
    expect(await evaluate("() => document.getElementById('confirm').open")).toBe(true);
  });
});

describe('Shoelace (@shoelace-style/shoelace)', () => {
  it('checks the sl-checkbox "Subscribe to the newsletter"', async () => {
    const page = await open('/shoelace.html');
    await act('click', { uid: uidOf(page, 'checkbox', 'Subscribe to the newsletter') });
    expect(await evaluate("() => document.getElementById('subscribe').checked")).toBe(true);
    expect(await snapshot()).toContain('checkbox "Subscribe to the newsletter" checked');
  });

  it('turns on the sl-switch "Desktop notifications"', async () => {
    const page = await open('/shoelace.html');
    await act('click', { uid: uidOf(page, 'switch', 'Desktop notifications') });
    expect(await evaluate("() => document.getElementById('notify').checked")).toBe(true);
    expect(await snapshot()).toContain('switch "Desktop notifications" checked');
  });

  it('picks "US East" in the sl-select "Region" by opening it and clicking the option', async () => {
    const page = await open('/shoelace.html');
    await act('click', { uid: uidOf(page, 'combobox', 'Region') });
    const listbox = await opened(/option "US East"/);
    const picked = await act('click', { uid: uidOf(listbox, 'option', 'US East') });
    expect(await evaluate("() => document.getElementById('region').value")).toBe('us-east');
    // The answer names the element as the snapshot did.
    expect(text(picked)).toContain('option "US East"');
    expect(await snapshot()).toMatch(/combobox "Region" value="US East"/);
  });

  it('fill on the read-only sl-select either picks the option or says it did not', async () => {
    const page = await open('/shoelace.html');
    const result = await call(client, 'fill', { uid: uidWhere(page, /combobox\b.*readonly/), value: 'US East' });
    const value = await evaluate("() => document.getElementById('region').value");
    // An honest answer: the value took, or the tool reports that it did not (never "Filled" for nothing).
    expect(
      value === 'us-east' || result.isError === true,
      `value ${JSON.stringify(value)}, answer: ${text(result)}`,
    ).toBe(true);
  });

  it('selects the "Advanced" sl-tab and sees its panel', async () => {
    const page = await open('/shoelace.html');
    await act('click', { uid: uidOf(page, 'tab', 'Advanced') });
    expect(await evaluate("() => document.querySelector('sl-tab[panel=advanced]').active")).toBe(true);
    const after = await snapshot();
    expect(after).toMatch(/tab "Advanced" selected/);
    expect(after).toContain('Settings for experts.');
    expect(after).toContain('checkbox "Verbose logs"');
  });

  it('renames the project in the sl-dialog: open, fill its field, save', async () => {
    const page = await open('/shoelace.html');
    await act('click', { uid: uidOf(page, 'button', 'Rename project') });
    const shown = await opened(/dialog "Rename the project"/);
    const inside = block(shown, uidOf(shown, 'dialog', 'Rename the project'));
    await act('fill', { uid: uidOf(inside, 'textbox', 'New name'), value: 'Hermes' });
    await act('click', { uid: uidOf(inside, 'button', 'Save') });
    // The dialog closes with an animation; the status comes at its end.
    await expect
      .poll(() =>
        evaluate(
          "() => ({ open: document.getElementById('dialog').open, project: document.getElementById('project').value, status: document.getElementById('status').textContent })",
        ),
      )
      .toEqual({
        open: false,
        project: 'Hermes',
        status: 'Renamed to Hermes',
      });
  });

  it('refuses a click on a button behind the open modal sl-dialog, and the dialog stays open', async () => {
    const page = await open('/shoelace.html');
    await act('click', { uid: uidOf(page, 'button', 'Rename project') });
    const shown = await opened(/dialog "Rename the project"/);
    const behind = await call(client, 'click', { uid: uidOf(shown, 'button', 'Reset preferences') });
    expect(behind.isError, text(behind)).toBe(true);
    expect(text(behind)).toMatch(/Rename the project|dialog/i);
    // A click that got through would have set a closing animation going.
    await animationsDone();
    expect(
      await evaluate(
        "() => ({ open: document.getElementById('dialog').open, status: document.getElementById('status').textContent })",
      ),
    ).toEqual({ open: true, status: '' });
  });
});

describe('Redoc (redoc standalone bundle) on a small OpenAPI document', () => {
  it('opens "Create an item" from the sidebar menu', async () => {
    const page = await open('/redoc.html', 'List items');
    await act('click', { uid: uidOf(page, 'menuitem', 'Items') });
    const expanded = await snapshot();
    await act('click', { uid: uidOf(expanded, 'menuitem', 'Create an item') });
    expect(await evaluate('() => location.hash')).toBe('#tag/Items/operation/createItem');
  });

  it('expands the "GET /items" endpoint and the "200" response of List items', async () => {
    const page = await open('/redoc.html', 'List items');
    const endpoint = uidWhere(page, /button "get \/items"/i);
    await act('click', { uid: endpoint });
    expect(await snapshot()).toContain('https://inventory.example.test/v1/items');
    const response = uidOf(page, 'button', '200 A page of items');
    await act('click', { uid: response });
    expect(await evaluate('(button) => button.getAttribute("aria-expanded")', [response])).toBe('true');
    const after = await snapshot();
    expect(after).toMatch(/button "200 A page of items" expanded/);
    expect(after).toContain('When the item was added.');
  });

  it('reads the description of List items with its inline code and link in place', async () => {
    const page = await open('/redoc.html', 'List items');
    // The snapshot keeps the sentence whole: the link text stays between "see" and "for details".
    const line = page.split('\n').find((candidate) => candidate.includes('Returns the items in stock'));
    expect(line).toMatch(/see .*the paging guide.* for details\./);
    const markdown = text(await act('get_page_markdown', {}));
    expect(markdown).toMatch(/^#+ List items$/m);
    expect(markdown).toMatch(
      /^Returns the items in stock, newest first\. Use `limit` to page through them; see \[the paging guide\]\([^)]*#section\/Paging\) for details\.$/m,
    );
  });
});

describe('Redoc with its OpenAPI document mocked, blocked, and read from the network', () => {
  it("renders the API a mock serves, lists the spec request as mocked with its body, and shows Redoc's error when it is blocked", async () => {
    const spec = corpusSpec() as { info: { title: string; version: string } };
    const mocked = { ...spec, info: { ...spec.info, title: 'Mocked Warehouse API', version: '9.9.9' } };
    await act('route', { urlPattern: '*/redoc/openapi.json', action: 'mock', body: JSON.stringify(mocked) });
    try {
      const page = await open('/redoc.html', 'Mocked Warehouse API');
      expect(page).toMatch(/heading "Mocked Warehouse API \(9\.9\.9\)"/);
      const listed = text(await act('list_network_requests', { resourceTypes: ['fetch', 'xhr'] }));
      // The page's requests since it opened: the last is this load's.
      const line =
        listed
          .split('\n')
          .filter((candidate) => candidate.includes('openapi.json'))
          .at(-1) ?? '';
      expect(line).toMatch(/GET 200 mocked by rule \d+/);
      const details = text(
        await act('get_network_request', { reqid: Number(/reqid=(\d+)/.exec(line)?.[1]), maxChars: 100_000 }),
      );
      expect(details).toContain('"title":"Mocked Warehouse API"');

      await act('unroute', {});
      await act('route', { urlPattern: '*/redoc/openapi.json', action: 'block' });
      await open('/redoc.html', 'Something went wrong');
      expect(text(await act('list_network_requests', { resourceTypes: ['fetch', 'xhr'] }))).toMatch(
        /GET blocked by rule \d+ \w+ .*openapi\.json/,
      );
    } finally {
      await call(client, 'unroute');
    }
    // Without rules, the served document again.
    expect(await open('/redoc.html', 'List items')).toMatch(/heading "Inventory API \(1\.2\.0\)"/);
  });
});

describe('TodoMVC (React, todomvc-app-css)', () => {
  async function addTodos(titles: string[]): Promise<void> {
    const page = await open('/todomvc.html', 'todos');
    const input = uidOf(page, 'textbox', 'What needs to be done?');
    for (const title of titles) {
      await act('fill', { uid: input, value: title });
      await act('press_key', { key: 'Enter' });
    }
  }

  const titles = "() => [...document.querySelectorAll('.todo-list li label')].map((label) => label.textContent)";
  const count = "() => document.querySelector('.todo-count').textContent";

  it('adds three todos with fill and Enter', async () => {
    await addTodos(['Buy milk', 'Walk the dog', 'Write the report']);
    expect(await evaluate(titles)).toEqual(['Buy milk', 'Walk the dog', 'Write the report']);
    expect(await evaluate(count)).toBe('3 items left');
    const page = await snapshot();
    for (const title of ['Buy milk', 'Walk the dog', 'Write the report']) expect(page).toContain(title);
    expect(page).toMatch(/3 items left/);
  });

  it('completes one todo, filters Active, and counts what is left', async () => {
    await addTodos(['Buy milk', 'Walk the dog', 'Write the report']);
    const page = await snapshot();
    // The toggle is the checkbox in the list item that reads "Buy milk".
    await act('click', { uid: uidWhere(listItemWith(page, 'Buy milk'), /\bcheckbox\b/) });
    expect(await evaluate("() => [...document.querySelectorAll('.todo-list li')].map((li) => li.className)")).toEqual([
      'completed',
      '',
      '',
    ]);
    await act('click', { uid: uidOf(await snapshot(), 'link', 'Active') });
    expect(await evaluate('() => location.hash')).toBe('#/active');
    expect(await evaluate(titles)).toEqual(['Walk the dog', 'Write the report']);
    expect(await evaluate(count)).toBe('2 items left');
    const after = await snapshot();
    expect(after).not.toContain('Buy milk');
    expect(after).toMatch(/2 items left/);
  });

  it('marks all as complete and clears the completed ones', async () => {
    await addTodos(['Buy milk', 'Walk the dog']);
    const page = await snapshot();
    // Its label draws ❯ before its words (CSS content), which its name says, as Firefox's does.
    await act('click', { uid: uidOf(page, 'checkbox', '❯ Mark all as complete') });
    expect(await evaluate(count)).toBe('0 items left');
    await act('click', { uid: uidOf(await snapshot(), 'button', 'Clear completed') });
    expect(await evaluate(titles)).toEqual([]);
    expect(await snapshot()).not.toContain('Walk the dog');
  });

  it('renames a todo by double-clicking it and typing into the edit field', async () => {
    await addTodos(['Buy milk', 'Walk the dog']);
    const page = await snapshot();
    await act('click', { uid: uidWhere(listItemWith(page, 'Buy milk'), /Buy milk/), dblClick: true });
    const editing = await snapshot();
    const field = uidWhere(editing, /textbox\b.*value="Buy milk"/);
    await act('fill', { uid: field, value: 'Buy oat milk' });
    await act('press_key', { key: 'Enter' });
    expect(await evaluate(titles)).toEqual(['Buy oat milk', 'Walk the dog']);
  });
});

/**
 * A recording as a script for this package's own client: each target found again by role and
 * name (page.locate, as a replay finds it), each effect checked with expectEffect, which compares
 * the page with the recorded snapshot lines. Runs with `npx tsx` in any folder: no top-level
 * await, which tsx cannot compile outside an ES-module package.
 */
import {
  checksOf,
  indented,
  navigation,
  quoted,
  showsSecret,
  type FormatWriter,
  type NavigationCalls,
  type Script,
} from './export-kit.js';
import { formFields, nameMatch, relativePathsNote, targetAt } from './export-steps.js';
import type { RecordedElement, RecordedStep, RecordedTarget } from './format.js';
import { scriptedAt, type ScriptedStep } from './scripted.js';

/** How this format moves a page. */
const NAVIGATION: NavigationCalls = {
  back: 'await page.goBack();',
  forward: 'await page.goForward();',
  reload: 'await page.reload();',
  to: (url) => `await page.navigate(${url});`,
};

export function tsWriter(clientModule: string): FormatWriter {
  return {
    title: "firefox-bidi-mcp's client",
    run: 'npx tsx <this file>.ts (Firefox and firefox-bidi-mcp installed)',
    typed: true,
    unsupported: (steps, index) => unsupported(scriptedAt(steps, index)),
    step: (script, steps, index) => {
      action(script, scriptedAt(steps, index));
      checks(script, steps, index);
    },
    file: (script, header, secrets) => [
      ...header,
      '',
      `import { ${script.uses('expectEffect') ? 'FirefoxClient, expectEffect' : 'FirefoxClient'} } from ${quoted(clientModule)};`,
      '',
      ...(secrets.length ? [...secrets, ''] : []),
      'async function main(): Promise<void> {',
      ...indented([
        ...launch(script),
        'try {',
        // The selected page changes with new_page, select_page and close_page.
        `  ${script.uses('pages') ? 'let' : 'const'} page = client.page;`,
        ...indented(script.body),
        '} finally {',
        '  await client.close();',
        '}',
      ]),
      '}',
      '',
      'main().catch((error: unknown) => {',
      '  console.error(error);',
      '  process.exitCode = 1;',
      '});',
    ],
  };
}

/**
 * The client launched; told the secrets, it shows each by its name as the session did (in snapshots, and in a failed
 * check's message).
 */
function launch(script: Script): string[] {
  if (script.secrets.length === 0) return ['const client = await FirefoxClient.launch();'];
  return [
    "// Told the secrets, the client shows them by name, as the session did: in snapshots, and in a failed check's message.",
    'const client = await FirefoxClient.launch({ secrets: Object.fromEntries(SECRETS.map((name) => [name, secret(name)])) });',
  ];
}

function unsupported(step: ScriptedStep): string | undefined {
  if (step.tool === 'select_text' && (step.args.caret !== undefined || (step.args.occurrence ?? 1) > 1))
    return "the client's selectText selects the first match, and puts no caret";
  if (step.tool === 'evaluate_script' && (step.args.args?.length ?? 0) > 0)
    return 'the client evaluates a function without element arguments';
  return undefined;
}

/** page.locate() of a recorded target, as findTarget's query says it. */
function locate(script: Script, target: RecordedTarget): string {
  const fields = [`role: ${quoted(target.role)}`];
  if (target.name !== undefined) {
    const { name, exact } = nameMatch(target.name);
    fields.push(`name: ${script.str(name)}`, `exact: ${exact}`);
  }
  if (target.text !== undefined) fields.push(`text: ${script.str(target.text)}`, 'exact: true');
  if (target.within)
    fields.push(
      `within: { role: ${quoted(target.within.role)}${target.within.name === undefined ? '' : `, name: ${script.str(target.within.name)}`} }`,
    );
  const frame = target.frames[target.frames.length - 1];
  if (frame !== undefined) fields.push(`frame: ${script.str(frame)}`);
  if (target.nth !== undefined) fields.push(`nth: ${script.value(target.nth)}`);
  return `page.locate({ ${fields.join(', ')} })`;
}

function action(script: Script, step: ScriptedStep): void {
  const at = (key: string): string => locate(script, targetAt(step, key));
  const text = (value: string | undefined): string => script.str(value ?? '');
  switch (step.tool) {
    case 'navigate_page':
      return navigation(script, step, NAVIGATION);
    case 'click':
      return script.line(`await ${at('uid')}.click(${step.args.dblClick === true ? '{ dblClick: true }' : ''});`);
    case 'hover':
      return script.line(`await ${at('uid')}.hover();`);
    case 'fill':
      return script.line(`await ${at('uid')}.fill(${text(step.args.value)});`);
    case 'fill_form':
      for (const field of formFields(step)) script.line(`await ${at(field.key)}.fill(${script.str(field.value)});`);
      return;
    case 'select_text':
      return script.line(`await ${at('uid')}.selectText(${text(step.args.text)});`);
    case 'drag':
      return script.line(`await ${at('from_uid')}.dragTo(${at('to_uid')});`);
    case 'press_key':
      return script.line(`await page.pressKey(${text(step.args.key)});`);
    case 'type_text':
      script.line(`await page.typeText(${text(step.args.text)});`);
      if (step.args.submitKey !== undefined) script.line(`await page.pressKey(${text(step.args.submitKey)});`);
      return;
    case 'upload_file':
      return upload(script, step.args.filePaths, at('uid'));
    case 'handle_dialog':
      return script.line(
        `await page.handleDialog(${step.args.action === 'accept'}${step.args.promptText === undefined ? '' : `, ${text(step.args.promptText)}`});`,
      );
    default:
      return pagesAndScripts(script, step);
  }
}

function upload(script: Script, paths: readonly string[], locator: string): void {
  const note = relativePathsNote(paths);
  if (note) script.comment(note);
  script.line(`await ${locator}.upload([${paths.map((path) => script.str(path)).join(', ')}]);`);
}

function pagesAndScripts(script: Script, step: ScriptedStep): void {
  switch (step.tool) {
    case 'new_page': {
      script.use('pages');
      return script.line(`page = await client.userContext.newPage(${script.str(step.args.url)});`);
    }
    case 'select_page':
      script.use('pages');
      return script.line(`page = await client.userContext.selectPage(${script.value(step.args.pageIdx)});`);
    case 'close_page':
      script.use('pages');
      script.line(`await client.userContext.closePage(${script.value(step.args.pageIdx)});`);
      // Closing the selected page selects another.
      return script.line('page = client.page;');
    case 'wait_for': {
      const texts = step.args.text.map((text) => script.str(text));
      return script.line(
        `await page.waitForText(${texts.length === 1 ? (texts[0] ?? "''") : `[${texts.join(', ')}]`});`,
      );
    }
    case 'resize_page':
      return script.line(
        `await page.setViewport(${script.value(step.args.width)}, ${script.value(step.args.height)});`,
      );
    case 'evaluate_script':
      return script.line(`await page.evaluate(${script.str(step.args.function)});`);
  }
}

/** expectEffect with what the step showed; the recorded lines are what it compares. */
function checks(script: Script, steps: readonly RecordedStep[], index: number): void {
  const found = checksOf(steps, index);
  for (const note of found.notes) script.comment(note);
  if ((steps[index] as RecordedStep).effect.dialog && steps[index + 1]?.tool === 'handle_dialog')
    script.comment('The page waits for its answer: the next step gives it.');
  const fields: string[] = [];
  if (found.url !== undefined) fields.push(`url: ${script.str(found.url)}`);
  if (found.title !== undefined) fields.push(`title: ${script.str(found.title)}`);
  const appeared = comparable(script, found.appeared);
  const gone = comparable(script, found.gone);
  const elements = appeared.length + gone.length;
  if (fields.length === 0 && elements === 0) return;
  script.use('expectEffect');
  if (elements === 0) return script.line(`await expectEffect(page, { ${fields.join(', ')} });`);
  script.line('await expectEffect(page, {');
  for (const field of fields) script.line(`  ${field},`);
  elementList(script, 'appeared', appeared);
  elementList(script, 'gone', gone);
  script.line('});');
}

function elementList(script: Script, key: string, elements: readonly RecordedElement[]): void {
  if (elements.length === 0) return;
  script.line(`  ${key}: [`);
  for (const element of elements) script.line(`    ${elementLiteral(script, element)},`);
  script.line('  ],');
}

/** The elements a check compares: those whose recorded line shows a secret (by name) are left out, with a note. */
function comparable(script: Script, elements: readonly RecordedElement[]): RecordedElement[] {
  const kept = elements.filter((element) => !showsSecret(element));
  const left = elements.length - kept.length;
  if (left > 0)
    script.comment(
      `${left} element${left === 1 ? '' : 's'} of its effect ${left === 1 ? 'is' : 'are'} not checked: the recording shows a secret there by its name.`,
    );
  return kept;
}

/** A recorded element as an object literal, its fields in the recording's order. */
function elementLiteral(script: Script, element: RecordedElement): string {
  const fields = [`role: ${script.str(element.role)}`];
  if (element.name !== undefined) fields.push(`name: ${script.str(element.name)}`);
  if (element.text !== undefined) fields.push(`text: ${script.str(element.text)}`);
  if (element.value !== undefined) fields.push(`value: ${script.str(element.value)}`);
  if (element.checked !== undefined) fields.push(`checked: ${script.value(element.checked)}`);
  fields.push(`line: ${script.str(element.line)}`);
  return `{ ${fields.join(', ')} }`;
}

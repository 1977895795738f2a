/**
 * A recording as a @playwright/test file: targets by getByRole chains (container, frames by
 * their recorded CSS, nth), or by their CSS path when Playwright does not know the role; effects
 * checked with web-first assertions. Playwright dismisses dialogs nobody answers, so a dialog's
 * answer is registered before the step that opens it.
 */
import {
  checksOf,
  indented,
  navigation,
  quoted,
  sharedReason,
  shownText,
  targetExpressions,
  type FormatWriter,
  type NavigationCalls,
  type Script,
} from './export-kit.js';
import { fillKind, formFields, frameTarget, nameMatch, relativePathsNote, targetAt } from './export-steps.js';
import type { RecordedElement, RecordedStep, RecordedTarget } from './format.js';
import { argumentsProblem, scriptedAt, scriptedStep, type ScriptedStep } from './scripted.js';

/** How this format moves a page. */
const NAVIGATION: NavigationCalls = {
  back: 'await page.goBack();',
  forward: 'await page.goForward();',
  reload: 'await page.reload();',
  to: (url) => `await page.goto(${url});`,
};

/** The roles Playwright's getByRole takes, less those that name nothing one can point at. */
const ROLES = new Set(
  'alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form grid gridcell group heading img insertion link list listbox listitem log main marquee math meter menu menubar menuitem menuitemcheckbox menuitemradio navigation note option paragraph progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem'.split(
    ' ',
  ),
);
/** Snapshot roles ARIA spells otherwise. */
const ARIA_SPELLING: Record<string, string> = { image: 'img' };
/** Roles whose recorded value toHaveValue compares. */
// Not combobox: a native select's value is its option's value, not the label a snapshot shows (its selected option is
// checked instead).
const VALUE_ROLES = new Set(['textbox', 'searchbox', 'spinbutton']);
/** How a snapshot shows a password field's value: never the value itself. */
const PASSWORD_DOTS = '••••••••';

export function playwrightWriter(): FormatWriter {
  return {
    title: 'Playwright',
    run: 'npx playwright test <this file>.spec.ts',
    typed: true,
    unsupported,
    step,
    file: (script, header, secrets) => [
      ...header,
      '',
      "import { test, expect } from '@playwright/test';",
      '',
      ...(secrets.length ? [...secrets, ''] : []),
      // With several pages, `page` is the selected one and `pages` the open ones, by index.
      ...(script.uses('pages')
        ? [
            "test('recorded session', async ({ page: firstPage }) => {",
            '  const pages = [firstPage];',
            '  let page = firstPage;',
          ]
        : ["test('recorded session', async ({ page }) => {"]),
      ...indented(script.body),
      '});',
    ],
  };
}

function unsupported(steps: readonly RecordedStep[], index: number): string | undefined {
  const step = scriptedAt(steps, index);
  if (step.tool === 'select_text') return "Playwright selects an element's whole text only";
  if (step.tool === 'evaluate_script' && (step.args.args?.length ?? 0) > 0)
    return 'its element arguments cannot be passed to page.evaluate';
  if (step.tool === 'handle_dialog') {
    // Its answer is registered before the step that opened the dialog; without that step, nothing answers.
    const before = steps[index - 1];
    if (
      !before ||
      before.tool === 'handle_dialog' ||
      (sharedReason(before) ?? argumentsProblem(before) ?? unsupported(steps, index - 1)) !== undefined
    )
      return 'the step that opened the dialog is not exported, and Playwright dismisses dialogs by itself';
  }
  return undefined;
}

function step(script: Script, steps: readonly RecordedStep[], index: number): void {
  const current = scriptedAt(steps, index);
  const locators = targetExpressions(
    script,
    current,
    index + 1,
    (target) => locatorOf(script, target),
    (uid) => `uid ${uid} has no role Playwright knows with a name, nor a CSS path that reaches it`,
  );
  if (!locators) return;
  const next = scriptedStep(steps[index + 1]);
  if (next?.tool === 'handle_dialog') answerNext(script, next, index + 2);
  action(script, current, (key) => locators.get(key) ?? 'page');
  checks(script, steps, index);
}

/** The handler that answers the dialog this step opens, as step `number` did: Playwright needs it before the dialog. */
function answerNext(script: Script, next: ScriptedStep & { tool: 'handle_dialog' }, number: number): void {
  const prompt = next.args.promptText;
  const answer =
    next.args.action === 'accept'
      ? `dialog.accept(${prompt === undefined ? '' : script.str(prompt)})`
      : 'dialog.dismiss()';
  script.comment(`The dialog this step opens is answered as step ${number} did.`);
  script.line(`page.once('dialog', (dialog) => ${answer});`);
}

function playwrightRole(role: string): string | undefined {
  const aria = ARIA_SPELLING[role] ?? role;
  return ROLES.has(aria) ? aria : undefined;
}

/** `.getByRole(role, { name, exact })`. */
function byRole(script: Script, role: string, name: string | undefined, selected = false): string {
  const only = selected ? ', selected: true' : '';
  if (!name) return `.getByRole(${quoted(role)}${only ? `, { ${only.slice(2)} }` : ''})`;
  const match = nameMatch(name);
  return `.getByRole(${quoted(role)}, { name: ${script.str(match.name)}, exact: ${match.exact}${only} })`;
}

/**
 * The frames around a target, by their recorded CSS (Playwright needs selectors); undefined when they are not recorded.
 */
function framesOf(script: Script, target: RecordedTarget | undefined): string | undefined {
  const selectors = target?.css?.frames ?? (target?.frames.length ? undefined : []);
  return selectors && `page${selectors.map((selector) => `.frameLocator(${script.str(selector)})`).join('')}`;
}

function locatorOf(script: Script, target: RecordedTarget): string | undefined {
  const frames = framesOf(script, target);
  if (frames === undefined) return undefined;
  const role = playwrightRole(target.role);
  if (role !== undefined && target.name) {
    const withinRole = target.within && playwrightRole(target.within.role);
    const within = target.within && withinRole ? byRole(script, withinRole, target.within.name) : '';
    return `${frames}${within}${byRole(script, role, target.name)}${target.nth === undefined ? '' : `.nth(${script.value(target.nth)})`}`;
  }
  // Playwright's CSS pierces open shadow roots: the hosts and the selector make one descendant path.
  if (target.css) return `${frames}.locator(${script.str([...target.css.shadowHosts, target.css.selector].join(' '))})`;
  return undefined;
}

function action(script: Script, step: ScriptedStep, at: (key: string) => string): void {
  const text = (value: string | undefined): string => script.str(value ?? '');
  switch (step.tool) {
    case 'navigate_page':
      return navigation(script, step, NAVIGATION);
    case 'click':
      return script.line(`await ${at('uid')}.${step.args.dblClick === true ? 'dblclick' : 'click'}();`);
    case 'hover':
      return script.line(`await ${at('uid')}.hover();`);
    case 'fill':
      return fill(script, targetAt(step, 'uid'), at('uid'), step.args.value);
    case 'fill_form':
      for (const field of formFields(step)) fill(script, targetAt(step, field.key), at(field.key), field.value);
      return;
    case 'drag':
      return script.line(`await ${at('from_uid')}.dragTo(${at('to_uid')});`);
    case 'press_key':
      return script.line(`await page.keyboard.press(${text(step.args.key)});`);
    case 'type_text':
      script.line(`await page.keyboard.type(${text(step.args.text)});`);
      if (step.args.submitKey !== undefined) script.line(`await page.keyboard.press(${text(step.args.submitKey)});`);
      return;
    case 'upload_file':
      return upload(script, step.args.filePaths, at('uid'));
    case 'handle_dialog':
      return script.comment('Answered by the handler registered before the step that opened the dialog.');
    default:
      return pagesAndScripts(script, step);
  }
}

function fill(script: Script, target: RecordedTarget, locator: string, value: string): void {
  const kind = fillKind(target, value);
  if (kind === 'check' || kind === 'uncheck') return script.line(`await ${locator}.${kind}();`);
  if (kind === 'select') return script.line(`await ${locator}.selectOption({ label: ${script.str(value)} });`);
  script.line(`await ${locator}.fill(${script.str(value)});`);
}

function upload(script: Script, paths: readonly string[], locator: string): void {
  const note = relativePathsNote(paths);
  if (note) script.comment(note);
  const files = paths.map((path) => script.str(path));
  script.line(`await ${locator}.setInputFiles(${files.length === 1 ? (files[0] ?? "''") : `[${files.join(', ')}]`});`);
}

function pagesAndScripts(script: Script, step: ScriptedStep): void {
  switch (step.tool) {
    case 'new_page': {
      script.use('pages');
      script.line('page = await page.context().newPage();');
      script.line('pages.push(page);');
      return script.line(`await page.goto(${script.str(step.args.url)});`);
    }
    case 'select_page':
      script.use('pages');
      script.line(`page = pages[${script.value(step.args.pageIdx)}];`);
      return script.line('await page.bringToFront();');
    case 'close_page':
      script.use('pages');
      script.line(`await pages[${script.value(step.args.pageIdx)}].close();`);
      script.line(`pages.splice(${script.value(step.args.pageIdx)}, 1);`);
      // As the session did: closing the selected page selects the newest one left.
      return script.line('if (page.isClosed()) page = pages[pages.length - 1];');
    case 'wait_for': {
      const texts = step.args.text.map((text) => `page.getByText(${script.str(text)})`);
      const any = texts.length ? texts.reduce((all, text) => `${all}.or(${text})`) : "page.getByText('')";
      return script.line(`await expect(${any}.first()).toBeVisible();`);
    }
    case 'resize_page':
      return script.line(
        `await page.setViewportSize({ width: ${script.value(step.args.width)}, height: ${script.value(step.args.height)} });`,
      );
    case 'evaluate_script':
      // A string is evaluated as an expression: the recorded function, called.
      return script.line(`await page.evaluate(${script.str(`(${step.args.function})()`)});`);
  }
}

function checks(script: Script, steps: readonly RecordedStep[], index: number): void {
  const step = steps[index] as RecordedStep;
  const found = checksOf(steps, index);
  for (const note of found.notes) script.comment(note);
  if (step.effect.dialog && steps[index + 1]?.tool !== 'handle_dialog')
    script.comment('Nothing answered it; Playwright dismisses it.');
  if (found.url !== undefined) script.line(`await expect(page).toHaveURL(${script.str(found.url)});`);
  if (found.title !== undefined) script.line(`await expect(page).toHaveTitle(${script.str(found.title)});`);
  // What a step in a frame did is looked for in that frame.
  const base = framesOf(script, frameTarget(steps, index)) ?? 'page';
  if (base !== 'page' && found.appeared.length + found.gone.length > 0)
    script.comment('Its effect is looked for in the frame it acted in.');
  for (const element of found.appeared) appeared(script, base, element);
  for (const element of found.gone) if (!changedNotGone(element, found.appeared)) gone(script, base, element);
}

/** Whether an element that went is in fact still there, changed: one of the same role, name and text appeared. */
function changedNotGone(element: RecordedElement, appeared: readonly RecordedElement[]): boolean {
  return appeared.some(
    (other) => other.role === element.role && other.name === element.name && other.text === element.text,
  );
}

function appeared(script: Script, base: string, element: RecordedElement): void {
  const role = playwrightRole(element.role);
  if (role === undefined || !element.name) {
    const text = shownText(element);
    if (text !== undefined)
      script.line(`await expect(${base}.getByText(${script.str(text)}, { exact: false }).first()).toBeVisible();`);
    return;
  }
  const locator = `${base}${byRole(script, role, element.name, element.selected === true)}.first()`;
  // An option of a closed list is not visible; that it is there (and selected, when it is) is what the step did.
  script.line(`await expect(${locator}).${role === 'option' ? 'toBeAttached' : 'toBeVisible'}();`);
  if (element.checked !== undefined)
    script.line(`await expect(${locator}).${element.checked ? '' : 'not.'}toBeChecked();`);
  if (element.value !== undefined && element.value !== PASSWORD_DOTS && VALUE_ROLES.has(role))
    script.line(`await expect(${locator}).toHaveValue(${script.str(element.value)});`);
}

function gone(script: Script, base: string, element: RecordedElement): void {
  const role = playwrightRole(element.role);
  if (role !== undefined && element.name)
    return script.line(`await expect(${base}${byRole(script, role, element.name)}).toHaveCount(0);`);
  const text = shownText(element);
  // The whole text, exactly, when it is not cut: a part of it may well stay elsewhere on the page.
  const exact = text !== undefined && text === (element.text ?? element.name);
  if (text !== undefined)
    script.line(`await expect(${base}.getByText(${script.str(text)}, { exact: ${exact} })).toHaveCount(0);`);
}

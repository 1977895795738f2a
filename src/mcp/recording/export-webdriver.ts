/**
 * A recording as a plain Node script for selenium-webdriver 4, for a Selenium Grid or any
 * WebDriver server and any browser: targets by their recorded CSS path (frames, then shadow
 * hosts, then the selector; WebDriver has no role queries), effects checked on the page's
 * visible text. The helpers it needs are written at the top of the script, and only those.
 */
import {
  checksOf,
  indented,
  navigation,
  shownText,
  targetExpressions,
  type FormatWriter,
  type NavigationCalls,
  type Script,
} from './export-kit.js';
import { fillKind, formFields, frameTarget, relativePathsNote, targetAt, uidKeys } from './export-steps.js';
import { helpers } from './export-webdriver-helpers.js';
import type { RecordedElement, RecordedStep, RecordedTarget } from './format.js';
import { scriptedAt, type ScriptedStep } from './scripted.js';

/** How this format moves a page. */
const NAVIGATION: NavigationCalls = {
  back: 'await driver.navigate().back();',
  forward: 'await driver.navigate().forward();',
  reload: 'await driver.navigate().refresh();',
  to: (url) => `await driver.get(${url});`,
};

/**
 * Roles whose name is seldom text on the page (a placeholder, an aria-label, an alt): the body's text cannot show it.
 */
const NAME_NOT_SHOWN = new Set([
  'textbox',
  'searchbox',
  'spinbutton',
  'combobox',
  'listbox',
  'slider',
  'image',
  'img',
  'iframe',
]);

export function webdriverWriter(): FormatWriter {
  return {
    title: 'WebDriver (selenium-webdriver)',
    run: 'node <this file>.mjs (SELENIUM_REMOTE_URL: the Grid or WebDriver server, default http://127.0.0.1:4444; BROWSER: default chrome)',
    typed: false,
    unsupported,
    step,
    file: (script, header, secrets) => [
      ...header,
      '',
      `import { ${['Builder', 'By', ...(script.uses('pressKey') ? ['Key'] : []), ...(script.uses('Select') ? ['Select'] : []), 'until'].join(', ')} } from 'selenium-webdriver';`,
      "import chrome from 'selenium-webdriver/chrome.js';",
      "import firefox from 'selenium-webdriver/firefox.js';",
      ...(script.uses('upload')
        ? ["import remote from 'selenium-webdriver/remote/index.js';", "import { resolve } from 'node:path';"]
        : []),
      '',
      ...(secrets.length ? [...secrets, ''] : []),
      "const SERVER = process.env.SELENIUM_REMOTE_URL ?? 'http://127.0.0.1:4444';",
      "const BROWSER = process.env.BROWSER ?? 'chrome';",
      '/** How long a step waits for its element, a dialog, or what it did to show, in ms. */',
      'const TIMEOUT = 5000;',
      '',
      ...helpers(script),
      // Dialogs stay open for the script's own steps to answer, as they did in the session.
      '// Headless unless HEADED=1; --no-sandbox because Chromium run as root (CI, containers) will not start in its sandbox.',
      "const HEADLESS = process.env.HEADED !== '1';",
      "const chromeOptions = new chrome.Options().addArguments(...(HEADLESS ? ['--headless=new'] : []), '--no-sandbox', '--disable-dev-shm-usage');",
      "const firefoxOptions = HEADLESS ? new firefox.Options().addArguments('-headless') : new firefox.Options();",
      "const driver = await new Builder().usingServer(SERVER).forBrowser(BROWSER).setChromeOptions(chromeOptions).setFirefoxOptions(firefoxOptions).setAlertBehavior('ignore').build();",
      'try {',
      // Files go from this machine to the Grid's browser.
      ...(script.uses('upload') ? ['  driver.setFileDetector(new remote.FileDetector());'] : []),
      ...(script.uses('pages') ? ['  selected = await driver.getWindowHandle();', '  pages.push(selected);'] : []),
      ...indented(script.body),
      '} finally {',
      '  await driver.quit();',
      '}',
    ],
  };
}

function unsupported(steps: readonly RecordedStep[], index: number): string | undefined {
  const step = scriptedAt(steps, index);
  if (step.tool === 'select_text') return 'WebDriver has no text selection';
  if (step.tool === 'evaluate_script' && (step.args.args?.length ?? 0) > 0)
    return 'its element arguments are not exported';
  if (
    step.tool === 'drag' &&
    JSON.stringify(step.targets?.from_uid?.css?.frames) !== JSON.stringify(step.targets?.to_uid?.css?.frames)
  )
    return 'WebDriver drags within one frame';
  return undefined;
}

function step(script: Script, steps: readonly RecordedStep[], index: number): void {
  const current = scriptedAt(steps, index);
  const finds = targetExpressions(
    script,
    current,
    index + 1,
    (target) => findOf(script, target),
    (uid) => `the recording has no CSS path for uid ${uid}`,
  );
  if (!finds) return;
  if (current.tool === 'handle_dialog') answer(script, current, steps[index - 1]?.effect.dialog?.message);
  else action(script, current, (key) => finds.get(key) ?? '');
  checks(script, steps, index);
  // Back to the top document for what follows, unless a dialog holds the page (switching would answer it).
  const framed = [...uidKeys(current).map((key) => targetAt(current, key)), frameTarget(steps, index)].some(
    (target) => target?.css?.frames.length,
  );
  if (framed && !current.effect.dialog) script.line('await driver.switchTo().defaultContent();');
}

/** `await find(frames, hosts, selector)` for a target's recorded CSS path. */
function findOf(script: Script, target: RecordedTarget): string | undefined {
  const css = target.css;
  if (!css) return undefined;
  script.use('find');
  const list = (items: readonly string[]): string => `[${items.map((item) => script.str(item)).join(', ')}]`;
  return `await find(${list(css.frames)}, ${list(css.shadowHosts)}, ${script.str(css.selector)})`;
}

function action(script: Script, step: ScriptedStep, at: (key: string) => string): void {
  const text = (value: string): string => script.str(value);
  switch (step.tool) {
    case 'navigate_page':
      return navigation(script, step, NAVIGATION);
    case 'click':
      return script.line(
        step.args.dblClick === true
          ? `await driver.actions().doubleClick(${at('uid')}).perform();`
          : `await (${at('uid')}).click();`,
      );
    case 'hover':
      return script.line(`await driver.actions().move({ origin: ${at('uid')} }).perform();`);
    case 'fill':
      return fill(script, targetAt(step, 'uid'), at('uid'), step.args.value);
    case 'fill_form':
      for (const field of formFields(step)) fill(script, targetAt(step, field.key), at(field.key), field.value);
      return;
    case 'drag':
      return script.line(`await driver.actions().dragAndDrop(${at('from_uid')}, ${at('to_uid')}).perform();`);
    case 'press_key':
      script.use('pressKey');
      return script.line(`await pressKey(${text(step.args.key)});`);
    case 'type_text':
      script.line(`await driver.actions().sendKeys(${text(step.args.text)}).perform();`);
      if (step.args.submitKey === undefined) return;
      script.use('pressKey');
      return script.line(`await pressKey(${text(step.args.submitKey)});`);
    case 'upload_file':
      return upload(script, step.args.filePaths, at('uid'));
    default:
      return pagesAndScripts(script, step);
  }
}

function fill(script: Script, target: RecordedTarget, element: string, value: string): void {
  const kind = fillKind(target, value);
  if (kind === 'check' || kind === 'uncheck') {
    script.use('setChecked');
    return script.line(`await setChecked(${element}, ${kind === 'check'});`);
  }
  if (kind === 'select') {
    script.use('Select');
    return script.line(`await new Select(${element}).selectByVisibleText(${script.str(value)});`);
  }
  script.use('fillText');
  script.line(`await fillText(${element}, ${script.str(value)});`);
}

function upload(script: Script, paths: readonly string[], element: string): void {
  script.use('upload');
  const note = relativePathsNote(paths);
  if (note) script.comment(note);
  // One absolute path per line, as a file input takes several.
  const files = paths.map((path) => `resolve(${script.str(path)})`);
  script.line(
    `await (${element}).sendKeys(${files.length === 1 ? (files[0] ?? "''") : `[${files.join(', ')}].join('\\n')`});`,
  );
}

function pagesAndScripts(script: Script, step: ScriptedStep): void {
  switch (step.tool) {
    case 'new_page': {
      script.use('pages');
      return script.line(`await openPage(${script.str(step.args.url)});`);
    }
    case 'select_page':
      script.use('pages');
      return script.line(`await selectPage(${script.value(step.args.pageIdx)});`);
    case 'close_page':
      script.use('pages');
      return script.line(`await closePage(${script.value(step.args.pageIdx)});`);
    case 'wait_for': {
      script.use('waitForText');
      const texts = step.args.text.map((text) => script.str(text));
      return script.line(`await waitForText([${texts.join(', ')}], ${script.value(step.args.timeout ?? 10_000)});`);
    }
    case 'resize_page':
      script.comment('WebDriver sizes the window, not the viewport: the page gets a little less.');
      return script.line(
        `await driver.manage().window().setRect({ width: ${script.value(step.args.width)}, height: ${script.value(step.args.height)} });`,
      );
    case 'evaluate_script':
      return script.line(`await driver.executeScript(${script.str(`return (${step.args.function})();`)});`);
  }
}

/** handle_dialog: the dialog the step before opened, its message checked when recorded, answered. */
function answer(script: Script, step: ScriptedStep & { tool: 'handle_dialog' }, message: string | undefined): void {
  script.use('answerDialog');
  const fields = [`accept: ${step.args.action === 'accept'}`];
  const prompt = step.args.promptText;
  if (prompt !== undefined) fields.push(`promptText: ${script.str(prompt)}`);
  if (message !== undefined) fields.push(`message: ${script.str(message)}`);
  script.line(`await answerDialog({ ${fields.join(', ')} });`);
}

function checks(script: Script, steps: readonly RecordedStep[], index: number): void {
  const found = checksOf(steps, index);
  for (const note of found.notes) script.comment(note);
  if (found.url !== undefined || found.title !== undefined) {
    script.use('expectPage');
    const fields = [
      ...(found.url === undefined ? [] : [`url: ${script.str(found.url)}`]),
      ...(found.title === undefined ? [] : [`title: ${script.str(found.title)}`]),
    ];
    script.line(`await expectPage({ ${fields.join(', ')} });`);
  }
  const present = unique(found.appeared.map(textOf));
  // A text that went but is part of one that appeared (a changed element) is still on the page.
  const shownNow = found.appeared.map((element) => shownText(element) ?? '');
  const absent = unique(found.gone.map(textOf)).filter((text) => !shownNow.some((now) => now.includes(text)));
  if (present.length === 0 && absent.length === 0) return;
  script.use('expectText');
  const list = (texts: string[]): string => `[${texts.map((text) => script.str(text)).join(', ')}]`;
  script.line(`await expectText(${list(present)}, ${list(absent)});`);
}

/** The text of an element the body's visible text shows: its own text, or a name a person reads. */
function textOf(element: RecordedElement): string | undefined {
  return shownText(NAME_NOT_SHOWN.has(element.role) ? { text: element.text } : element);
}

function unique(texts: (string | undefined)[]): string[] {
  return [...new Set(texts.filter((text): text is string => text !== undefined))];
}

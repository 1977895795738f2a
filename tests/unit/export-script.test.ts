import { describe, expect, it } from 'vitest';
import { exportScript, SCRIPT_FORMATS, type ScriptFormat } from '../../src/mcp/recording/export.js';
import type { RecordedElement, RecordedStep, RecordedTarget, Recording } from '../../src/mcp/recording/format.js';
import { SCRIPT_FILE_NAMES, syntaxErrors } from '../helpers/scripts.js';

const LOGIN = 'http://127.0.0.1:1234/login.html';
const HOME = 'http://127.0.0.1:1234/home.html';

const element = (
  role: string,
  name: string | undefined,
  line: string,
  more: Partial<RecordedElement> = {},
): RecordedElement => ({ role, ...(name === undefined ? {} : { name }), ...more, line });
const field = (name: string, selector: string): RecordedTarget => ({
  role: 'textbox',
  name,
  within: { role: 'form', name: 'Sign in' },
  frames: [],
  css: { selector, shadowHosts: [], frames: [] },
});
const step = (
  tool: string,
  args: Record<string, unknown>,
  effect: Partial<RecordedStep['effect']> = {},
  targets?: Record<string, RecordedTarget>,
): RecordedStep => ({
  tool,
  args,
  ...(targets ? { targets } : {}),
  effect: { answer: [], ...effect },
  at: '2025-01-01T10:00:00.000Z',
  ms: 50,
});

/** A sign-in, as a session records it: every kind of step the formats tell apart. */
const signIn: Recording = {
  format: 'firefox-bidi-mcp recording',
  version: 1,
  startedAt: '2025-01-01T10:00:00.000Z',
  secrets: ['PASSWORD'],
  steps: [
    step(
      'navigate_page',
      { url: LOGIN },
      { url: LOGIN, title: 'Sign in', appeared: [element('heading', 'Sign in', 'heading "Sign in" level=1')] },
    ),
    step(
      'fill',
      { uid: '1_3', value: 'ana' },
      {
        url: LOGIN,
        appeared: [element('textbox', 'User', 'textbox "User" value="ana"', { value: 'ana' })],
        gone: [element('textbox', 'User', 'textbox "User"')],
      },
      { uid: field('User', 'input#user') },
    ),
    step(
      'fill',
      { uid: '1_4', value: '<secret>PASSWORD</secret>' },
      {
        url: LOGIN,
        appeared: [
          element('textbox', 'Password', 'textbox "Password" value="<secret>PASSWORD</secret>"', {
            value: '<secret>PASSWORD</secret>',
          }),
        ],
      },
      { uid: field('Password', 'input#password') },
    ),
    step(
      'click',
      { uid: '1_5' },
      {
        url: HOME,
        title: 'Home',
        appeared: [element('heading', 'Welcome, ana', 'heading "Welcome, ana" level=1')],
        gone: [element('button', 'Sign in', 'button "Sign in"')],
      },
      {
        uid: {
          role: 'button',
          name: 'Sign in',
          within: { role: 'form', name: 'Sign in' },
          frames: [],
          css: { selector: 'form#login > button', shadowHosts: [], frames: [] },
        },
      },
    ),
    step(
      'click',
      { uid: '2_7' },
      { url: HOME, dialog: { type: 'confirm', message: 'Delete the draft?' } },
      {
        uid: {
          role: 'button',
          name: 'Delete draft',
          frames: ['Drafts'],
          css: { selector: 'button.delete', shadowHosts: [], frames: ['iframe[name="drafts"]'] },
        },
      },
    ),
    step(
      'handle_dialog',
      { action: 'accept' },
      {
        url: HOME,
        appeared: [
          element('paragraph', undefined, 'paragraph: The draft was deleted.', { text: 'The draft was deleted.' }),
        ],
      },
    ),
    step('press_key', { key: 'Control+A' }, { url: HOME }),
    step('emulate', { offline: true }, { url: HOME }),
  ],
};

describe('exportScript', () => {
  const scripts = Object.fromEntries(SCRIPT_FORMATS.map((format) => [format, exportScript(signIn, format)])) as Record<
    ScriptFormat,
    string
  >;

  it.each(SCRIPT_FORMATS)('writes %s that parses, is tidy, and holds no secret', (format) => {
    const code = scripts[format];
    expect(syntaxErrors(code, SCRIPT_FILE_NAMES[format])).toEqual([]);
    expect(code).not.toMatch(/<secret>|PASSWORD<\//);
    expect(code).toContain("secret('PASSWORD')");
    expect(code.split('\n').filter((line) => line !== line.trimEnd() || /\t/.test(line))).toEqual([]);
    // A comment per step, numbered from 1, and the unsupported one said so, in its place and in the header.
    for (let number = 1; number <= 8; number++) expect(code).toMatch(new RegExp(`// Step ${number}[ :(]`));
    expect(code).toMatch(/\/\/ Step 8 \(emulate\) is not exported to .+: it has no equivalent there\./);
    expect(code).toMatch(/\/\/ - step 8 \(emulate\): it has no equivalent there/);
    expect(code).toContain('// Step 2: fill textbox "User" within form "Sign in"');
    expect(exportScript(signIn, format)).toBe(code);
  });

  it.each(SCRIPT_FORMATS)('checks in %s that every secret is set before any browser starts', (format) => {
    const code = scripts[format];
    const check = code.indexOf("const SECRETS = ['PASSWORD'];");
    expect(check).toBeGreaterThan(0);
    expect(code).toContain('const missingSecrets = SECRETS.filter((name) => !process.env[name]);');
    const start = Math.min(
      ...['FirefoxClient.launch(', 'new Builder()', "test('recorded session'"]
        .map((text) => code.indexOf(text))
        .filter((at) => at >= 0),
    );
    expect(check).toBeLessThan(start);
  });

  it('writes the client script with locators, expectEffect and the dialog answer', () => {
    const code = scripts.ts;
    expect(code).toContain("import { FirefoxClient, expectEffect } from 'firefox-bidi-mcp';");
    // No top-level await: tsx compiles a .ts file outside an ES-module package as CommonJS.
    expect(code).toMatch(
      /\nasync function main\(\): Promise<void> \{\n( {2}\/\/ .*\n)? {2}const client = await FirefoxClient\.launch\(/,
    );
    expect(code).toContain('  try {\n    const page = client.page;');
    expect(code).toContain('main().catch((error: unknown) => {');
    expect(code).toContain("    await page.navigate('http://127.0.0.1:1234/login.html');");
    expect(code).toContain(
      "    await page.locate({ role: 'textbox', name: 'User', exact: true, within: { role: 'form', name: 'Sign in' } }).fill('ana');",
    );
    expect(code).toContain(
      "    await page.locate({ role: 'textbox', name: 'Password', exact: true, within: { role: 'form', name: 'Sign in' } }).fill(secret('PASSWORD'));",
    );
    // Told the secrets, the client shows them by name as the session did; a line that shows one is not compared.
    expect(code).toContain(
      '  const client = await FirefoxClient.launch({ secrets: Object.fromEntries(SECRETS.map((name) => [name, secret(name)])) });',
    );
    expect(code).toContain(
      '    // 1 element of its effect is not checked: the recording shows a secret there by its name.',
    );
    expect(code).toContain(
      "    await page.locate({ role: 'button', name: 'Delete draft', exact: true, frame: 'Drafts' }).click();",
    );
    expect(code).toContain('    // It opened a confirm dialog ("Delete the draft?").');
    expect(code).toContain('    await page.handleDialog(true);');
    expect(code).toContain("    await page.pressKey('Control+A');");
    expect(code).toContain(
      [
        '    await expectEffect(page, {',
        "      url: 'http://127.0.0.1:1234/home.html',",
        "      title: 'Home',",
        '      appeared: [',
        "        { role: 'heading', name: 'Welcome, ana', line: 'heading \"Welcome, ana\" level=1' },",
      ].join('\n'),
    );
    expect(code).toContain('  } finally {\n    await client.close();\n  }\n}\n');
    expect(exportScript(signIn, 'ts', { clientModule: '../src/index.js' })).toContain(
      "import { FirefoxClient, expectEffect } from '../src/index.js';",
    );
  });

  it('writes the Playwright test with role chains, frames, the dialog handler first, and web-first checks', () => {
    const code = scripts.playwright;
    expect(code).toContain("import { test, expect } from '@playwright/test';");
    expect(code).toContain("test('recorded session', async ({ page }) => {");
    expect(code).toContain(
      "  await page.goto('http://127.0.0.1:1234/login.html');\n  await expect(page).toHaveURL('http://127.0.0.1:1234/login.html');",
    );
    expect(code).toContain(
      "  await page.getByRole('form', { name: 'Sign in', exact: true }).getByRole('textbox', { name: 'User', exact: true }).fill('ana');",
    );
    expect(code).toContain(
      "  await expect(page.getByRole('textbox', { name: 'User', exact: true }).first()).toHaveValue('ana');",
    );
    // The field changed, it did not go.
    expect(code).not.toContain("getByRole('textbox', { name: 'User', exact: true })).toHaveCount(0)");
    expect(code).toContain(
      "  await expect(page.getByRole('textbox', { name: 'Password', exact: true }).first()).toHaveValue(secret('PASSWORD'));",
    );
    expect(code).toContain(
      "  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);",
    );
    const handler = code.indexOf("  page.once('dialog', (dialog) => dialog.accept());");
    const click = code.indexOf(
      "  await page.frameLocator('iframe[name=\"drafts\"]').getByRole('button', { name: 'Delete draft', exact: true }).click();",
    );
    expect(handler).toBeGreaterThan(0);
    expect(click).toBeGreaterThan(handler);
    expect(code).toContain('  // Answered by the handler registered before the step that opened the dialog.');
    // The dialog's answer had its effect in the frame of the button that opened it.
    expect(code).toContain(
      "  await expect(page.frameLocator('iframe[name=\"drafts\"]').getByText('The draft was deleted.', { exact: false }).first()).toBeVisible();",
    );
    expect(code).toContain("  await page.keyboard.press('Control+A');");
    expect(code).toContain('// Step 8 (emulate) is not exported to Playwright: it has no equivalent there.');
  });

  it('writes the WebDriver script with CSS paths, frames, a Grid server and text checks', () => {
    const code = scripts.webdriver;
    expect(code).toContain("import { Builder, By, Key, until } from 'selenium-webdriver';");
    expect(code).toContain("const SERVER = process.env.SELENIUM_REMOTE_URL ?? 'http://127.0.0.1:4444';");
    expect(code).toContain("const BROWSER = process.env.BROWSER ?? 'chrome';");
    expect(code).toContain('async function find(frames, hosts, selector) {');
    expect(code).toContain('async function expectText(present, absent) {');
    expect(code).toContain(
      "const driver = await new Builder().usingServer(SERVER).forBrowser(BROWSER).setChromeOptions(chromeOptions).setFirefoxOptions(firefoxOptions).setAlertBehavior('ignore').build();",
    );
    expect(code).toContain(
      "  await driver.get('http://127.0.0.1:1234/login.html');\n  await expectPage({ url: 'http://127.0.0.1:1234/login.html', title: 'Sign in' });",
    );
    expect(code).toContain("  await fillText(await find([], [], 'input#user'), 'ana');");
    expect(code).toContain("  await fillText(await find([], [], 'input#password'), secret('PASSWORD'));");
    expect(code).toContain("  await (await find([], [], 'form#login > button')).click();");
    expect(code).toContain("  await expectText(['Welcome, ana'], ['Sign in']);");
    expect(code).toContain("  await (await find(['iframe[name=\"drafts\"]'], [], 'button.delete')).click();");
    expect(code).toContain(
      "  await answerDialog({ accept: true, message: 'Delete the draft?' });\n  await expectText(['The draft was deleted.'], []);\n  await driver.switchTo().defaultContent();",
    );
    expect(code).toContain("  await pressKey('Control+A');");
    expect(code).toContain('} finally {\n  await driver.quit();\n}\n');
  });
});

describe('exportScript, the harder steps', () => {
  const checkbox: RecordedTarget = {
    role: 'checkbox',
    name: 'Remember me',
    frames: [],
    css: { selector: 'input#remember', shadowHosts: [], frames: [] },
  };
  const country: RecordedTarget = {
    role: 'combobox',
    name: 'Country',
    frames: [],
    css: { selector: 'form > select#country', shadowHosts: [], frames: [] },
  };
  const shadowed: RecordedTarget = {
    role: 'generic',
    frames: [],
    css: { selector: 'div.tile', shadowHosts: ['my-app', 'my-list'], frames: [] },
  };
  const recording: Recording = {
    format: 'firefox-bidi-mcp recording',
    version: 1,
    startedAt: '2025-01-01T10:00:00.000Z',
    secrets: ['API_TOKEN'],
    steps: [
      step(
        'fill_form',
        {
          elements: [
            { uid: '1_1', value: 'true' },
            { uid: '1_2', value: 'Norway' },
          ],
        },
        {},
        { 'elements.0.uid': checkbox, 'elements.1.uid': country },
      ),
      step('click', { uid: '1_3' }, {}, { uid: shadowed }),
      step(
        'fill',
        { uid: '1_4', value: 'x' },
        {
          appeared: [element('textbox', 'PIN', 'textbox "PIN" type=password value="••••••••"', { value: '••••••••' })],
        },
        { uid: { role: 'textbox', name: 'PIN', frames: [] } },
      ),
      step('type_text', { text: 'Bearer <secret>API_TOKEN</secret> ok', submitKey: 'Enter' }),
      step('scroll_page', { direction: 'down' }),
      step('new_page', { url: 'http://127.0.0.1:1234/other.html' }, { url: 'http://127.0.0.1:1234/other.html' }),
      step('select_page', { pageIdx: 0 }),
      step('click', { uid: '9_9' }),
    ],
  };
  const scripts = Object.fromEntries(
    SCRIPT_FORMATS.map((format) => [format, exportScript(recording, format)]),
  ) as Record<ScriptFormat, string>;

  it.each(SCRIPT_FORMATS)('writes %s that parses, with a secret inside text read from the environment', (format) => {
    const code = scripts[format];
    expect(syntaxErrors(code, SCRIPT_FILE_NAMES[format])).toEqual([]);
    expect(code).toContain("'Bearer ' + secret('API_TOKEN') + ' ok'");
    expect(code).not.toContain('<secret>');
    expect(code).toContain('// Step 5 (scroll_page) is not exported to');
    // A step whose target the recording does not know stops the script there, saying so.
    expect(code).toContain("throw new Error('Step 8: the recording does not say what uid 9_9 was');");
    expect(code).toMatch(/\/\/ - step 8: the recording does not say what uid 9_9 was \(the script stops there\)/);
  });

  it('checks boxes, chooses native options and pierces shadow roots in each format', () => {
    expect(scripts.playwright).toContain(
      "await page.getByRole('checkbox', { name: 'Remember me', exact: true }).check();",
    );
    expect(scripts.playwright).toContain(
      "await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption({ label: 'Norway' });",
    );
    expect(scripts.playwright).toContain("await page.locator('my-app my-list div.tile').click();");
    expect(scripts.webdriver).toContain("await setChecked(await find([], [], 'input#remember'), true);");
    expect(scripts.webdriver).toContain(
      "await new Select(await find([], [], 'form > select#country')).selectByVisibleText('Norway');",
    );
    expect(scripts.webdriver).toContain("await (await find([], ['my-app', 'my-list'], 'div.tile')).click();");
    expect(scripts.ts).toContain(
      "await page.locate({ role: 'checkbox', name: 'Remember me', exact: true }).fill('true');",
    );
    // A password field's dots are not its value; without a CSS path, WebDriver cannot find the field.
    expect(scripts.playwright).toContain(
      "await expect(page.getByRole('textbox', { name: 'PIN', exact: true }).first()).toBeVisible();",
    );
    expect(scripts.playwright).not.toContain("toHaveValue('••••••••')");
    expect(scripts.webdriver).toContain("throw new Error('Step 3: the recording has no CSS path for uid 1_4');");
  });

  it('quotes any text safely, and keeps comments on one line', () => {
    const tricky: Recording = {
      ...recording,
      steps: [
        step(
          'fill',
          { uid: '1_1', value: 'it\'s "x" \\ \n' },
          {},
          { uid: { role: 'textbox', name: 'Note\n// injected', frames: [] } },
        ),
      ],
    };
    const code = exportScript(tricky, 'playwright');
    expect(code).toContain(
      String.raw`.getByRole('textbox', { name: 'Note\n// injected', exact: true }).fill('it\'s "x" \\ \n');`,
    );
    expect(code).toContain('// Step 1: fill textbox "Note\\n// injected"\n');
    expect(syntaxErrors(code, SCRIPT_FILE_NAMES.playwright)).toEqual([]);
    expect(() => exportScript(tricky, 'cypress' as ScriptFormat)).toThrow(
      "There is no script format 'cypress'; the formats are ts, playwright, webdriver.",
    );
  });

  it('follows the selected page in each format', () => {
    expect(scripts.ts).toContain('  let page = client.page;');
    expect(scripts.ts).toContain("page = await client.userContext.newPage('http://127.0.0.1:1234/other.html');");
    expect(scripts.ts).toContain('page = await client.userContext.selectPage(0);');
    expect(scripts.playwright).toContain(
      "test('recorded session', async ({ page: firstPage }) => {\n  const pages = [firstPage];\n  let page = firstPage;",
    );
    expect(scripts.playwright).toContain('page = await page.context().newPage();\n  pages.push(page);');
    expect(scripts.playwright).toContain('page = pages[0];');
    expect(scripts.webdriver).toContain("await openPage('http://127.0.0.1:1234/other.html');");
    expect(scripts.webdriver).toContain('await selectPage(0);');
  });
});

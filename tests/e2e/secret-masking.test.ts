import type { ServerResponse } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { call, evaluateInPage, text, uidOf } from '../helpers/mcp.js';
import { page, type Route } from '../helpers/server.js';
import { useFolder, useMcpServer, useSite } from '../helpers/fixtures.js';

/**
 * Secrets with spaces, @, !, " and \ go through GET and POST forms, a maxlength field, the
 * console, storage, cookies, request bodies and a download, as a page would carry them; not one
 * tool's answer (text or structuredContent) may show any of them in any form.
 */

const USER = 'al ice@corp.example';
const PASSWORD = 'p@ss word!"\\pw7';
/** Filled into a field with maxlength=8: the page keeps its first 8 characters. */
const CODE = 'Zq9@keep out!"\\tail';
const KEPT_CODE = CODE.slice(0, 8);

function htmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Every form of a value that must not appear in an answer, computed here, apart from the server's code. */
function forbiddenForms(value: string): string[] {
  const forms = [
    value,
    value.slice(0, 6),
    encodeURIComponent(value),
    new URLSearchParams([['x', value]]).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;'),
    htmlEscape(value),
    Buffer.from(value).toString('base64').slice(0, 12),
  ];
  return forms.flatMap((form) => [form, form.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())]);
}

const FORBIDDEN = [
  ...forbiddenForms(USER),
  ...forbiddenForms(PASSWORD),
  ...forbiddenForms(CODE),
  ...forbiddenForms(KEPT_CODE),
  Buffer.from(`${USER}:${PASSWORD}`).toString('base64'),
];

/** What the web server was sent: the proof that the secrets really went through the page. */
const received: string[] = [];

const WELCOME: Route = (request, response) => {
  received.push(request.url ?? '');
  const query = new URL(request.url ?? '/', 'http://x').searchParams;
  const user = query.get('user') ?? '';
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'set-cookie': `last_user=${encodeURIComponent(user)}; Path=/`,
  });
  response.end(`<!doctype html><html><head><meta charset="utf-8"><title>Welcome ${htmlEscape(user)}</title></head><body>
    <h1>Welcome ${htmlEscape(user)}</h1>
    <p id="echo">You sent ${htmlEscape(query.toString())}</p>
    <a href="/report.bin?${query.toString()}">Get the report</a>
    <script>
      const params = new URLSearchParams(location.search);
      const pw = params.get('pw');
      console.log('query', location.search);
      console.log('json', JSON.stringify({ pw }));
      console.log('basic', btoa(params.get('user') + ':' + pw));
      localStorage.setItem('pw', pw);
      sessionStorage.setItem('login', JSON.stringify({ user: params.get('user'), pw }));
      document.cookie = 'pw=' + encodeURIComponent(pw) + '; path=/';
      fetch('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pw, code: params.get('code') }) });
    </script></body></html>`);
};

/** A route that reads the request's whole body, records it as received, then answers with `answer`. */
function receiving(answer: (body: string, response: ServerResponse) => void): Route {
  return (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      answer(body, response);
    });
  };
}

const ECHO = receiving((body, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ youSent: body }));
});

const POSTED = receiving((body, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><title>Posted</title><pre>${htmlEscape(body)}</pre><p>${htmlEscape(new URLSearchParams(body).get('note') ?? '')}</p>`,
  );
});

const REPORT: Route = (_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-disposition': 'attachment; filename="report.bin"',
  });
  response.end('report');
};

/** Every answer of the test, to look through at the end as well as one by one. */
const answers: { tool: string; result: CallToolResult }[] = [];

async function tool(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const result = await call(client, name, args);
  answers.push({ tool: name, result });
  return result;
}

function leaks(result: CallToolResult): string[] {
  const whole = `${text(result)}\n${JSON.stringify(result.structuredContent ?? {})}`;
  return FORBIDDEN.filter((form) => whole.includes(form) || whole.includes(JSON.stringify(form).slice(1, -1)));
}

const server = useSite({
  '/form.html': page(
    'Sign in',
    `<form action="/welcome" method="get">
         <label>User <input name="user"></label>
         <label>Password <input name="pw"></label>
         <label>Code <input name="code" maxlength="8"></label>
         <button>Sign in</button>
       </form>
       <form action="/posted" method="post"><label>Note <input name="note"></label><button>Send note</button></form>`,
  ),
  '/welcome': WELCOME,
  '/api/echo': ECHO,
  '/posted': POSTED,
  '/report.bin': REPORT,
});
const work = useFolder({ 'secrets.env': `USER=${USER}\nPASSWORD=${PASSWORD}\nCODE=${CODE}\n` });
const client = useMcpServer(['--output-dir', 'out', '--secrets', 'secrets.env', '--tools', 'all'], { cwd: work });

describe('secrets in every form', () => {
  it('sends secrets through a GET form, a maxlength field, the console, storage, cookies and a body, and no answer shows them', async () => {
    await tool('navigate_page', { url: server.url('/form.html') });
    const form = text(await tool('take_snapshot'));
    const filled = await tool('fill_form', {
      elements: [
        { uid: uidOf(form, 'textbox', 'User'), value: '<secret>USER</secret>' },
        { uid: uidOf(form, 'textbox', 'Password'), value: '<secret>PASSWORD</secret>' },
        { uid: uidOf(form, 'textbox', 'Code'), value: '<secret>CODE</secret>' },
      ],
    });
    expect(filled.isError, text(filled)).toBeFalsy();
    // The field kept the first 8 characters of the secret: it is still shown by name.
    expect(await evaluateInPage(client, `() => document.querySelector('[name=code]').value.length`)).toBe(8);
    const before = text(await tool('take_snapshot'));
    expect(before).toContain('textbox "Code" value="<secret>CODE</secret>"');
    const clicked = await tool('click', { uid: uidOf(before, 'button', 'Sign in') });
    expect(text(clicked)).toContain('The page navigated to');

    // The page really got the secrets, encoded as a form sends them.
    const welcome = received.find((url) => url.startsWith('/welcome'));
    expect(new URL(welcome ?? '/', 'http://x').searchParams.get('pw')).toBe(PASSWORD);
    expect(new URL(welcome ?? '/', 'http://x').searchParams.get('code')).toBe(KEPT_CODE);
    await tool('wait_for', { text: ['Welcome'] });
    expect(await evaluateInPage(client, `() => localStorage.getItem('pw')`)).toBe('<secret>PASSWORD</secret>');

    await tool('list_pages');
    await tool('take_snapshot');
    await tool('get_page_markdown', { view: 'agent' });
    await tool('get_page_markdown', { view: 'document' });
    await tool('list_console_messages');
    const requests = text(await tool('list_network_requests'));
    const echo = /reqid=(\d+)[^\n]*\/api\/echo/.exec(requests) ?? /(\d+)[^\n]*\/api\/echo/.exec(requests);
    expect(echo, requests).not.toBeNull();
    await tool('get_network_request', { reqid: Number(echo?.[1]) });
    await tool('get_cookies');
    await tool('get_storage', { type: 'local' });
    await tool('get_storage', { type: 'session' });
    await tool('evaluate_script', {
      function: '() => [location.href, document.cookie, document.title, JSON.stringify(sessionStorage.login)]',
    });
    await tool('find_in_page', { query: 'Welcome' });
    await tool('navigate_page', { type: 'reload' });
    const link = text(await tool('take_snapshot'));
    await tool('click', { uid: uidOf(link, 'link', 'Get the report') });
    await tool('list_downloads');
    await tool('list_pages');
  });

  it('sends a secret through a POST form, and no answer shows it', async () => {
    await tool('navigate_page', { url: server.url('/form.html') });
    const form = text(await tool('take_snapshot'));
    await tool('fill', { uid: uidOf(form, 'textbox', 'Note'), value: '<secret>PASSWORD</secret>' });
    await tool('click', { uid: uidOf(text(await tool('take_snapshot')), 'button', 'Send note') });
    expect(received.at(-1)).toBe(new URLSearchParams([['note', PASSWORD]]).toString());
    await tool('take_snapshot');
    await tool('get_page_markdown', { view: 'document' });
    const requests = text(await tool('list_network_requests'));
    const post = /reqid=(\d+)[^\n]*POST/.exec(requests) ?? /(\d+)[^\n]*POST/.exec(requests);
    await tool('get_network_request', { reqid: Number(post?.[1]) });
    await tool('evaluate_script', { function: '() => document.body.innerHTML' });
  });

  it('a field filled from a secret and then shortened by keys shows none of what is left of it, to a script either', async () => {
    await tool('navigate_page', { url: server.url('/form.html') });
    const form = text(await tool('take_snapshot'));
    expect(
      (await tool('fill', { uid: uidOf(form, 'textbox', 'Password'), value: '<secret>PASSWORD</secret>' })).isError,
    ).toBeFalsy();
    await tool('press_key', { key: 'End' });
    for (let i = 0; i < 5; i++) await tool('press_key', { key: 'Backspace' });
    const read = await tool('evaluate_script', { function: "() => document.querySelector('[name=pw]').value" });
    // The page really holds the rest of the secret; the answer shows it by name.
    expect(await evaluateInPage(client, "() => document.querySelector('[name=pw]').value.length")).toBe(
      PASSWORD.length - 5,
    );
    expect(text(read)).toContain('<secret>PASSWORD</secret>');
    expect(text(read)).not.toContain(PASSWORD.slice(0, 4));
  });

  it('no answer of either test shows a secret, in text or structuredContent', () => {
    expect(answers.length).toBeGreaterThan(30);
    const leaking = answers.flatMap(({ tool: name, result }) =>
      leaks(result).map((form) => `${name}: ${JSON.stringify(form)} in ${text(result).slice(0, 300)}`),
    );
    expect(leaking).toEqual([]);
    // The masked names did come out where the secrets were.
    expect(answers.some(({ result }) => text(result).includes('<secret>PASSWORD</secret>'))).toBe(true);
  });
});

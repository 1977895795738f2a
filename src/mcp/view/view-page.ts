/**
 * The live view's page: plain HTML and a little script. It asks for the sessions' state every
 * second and for a picture of the chosen page twice a second, sending the picture's ETag so that
 * an unchanged page costs a 304; text from the pages (titles, URLs, answers) is only ever set as
 * text, never parsed as HTML. A click, a wheel turn or a key on the picture goes to the page
 * (the person then holds it, and the agent's actions there are refused) until "Give back".
 */

const STYLE = `
body { margin: 0; display: flex; font: 14px system-ui, sans-serif; color: #222; height: 100vh; }
aside { width: 320px; overflow: auto; border-right: 1px solid #ccc; padding: 8px; box-sizing: border-box; }
main { flex: 1; overflow: auto; padding: 8px; background: #eee; position: relative; }
#outline { position: absolute; border: 3px solid #d6006e; box-sizing: border-box; pointer-events: none; }
h1, h2 { font-size: 14px; margin: 8px 0 4px; }
button.page { display: block; width: 100%; text-align: left; margin: 2px 0; padding: 4px; border: 1px solid #bbb; background: #fff; cursor: pointer; overflow-wrap: anywhere; }
button.page[aria-pressed="true"] { border-color: #d6006e; background: #fde7f1; }
ol { padding-left: 20px; margin: 0; }
li { margin: 2px 0; overflow-wrap: anywhere; }
li.error { color: #a00; }
img { max-width: 100%; box-shadow: 0 0 4px #999; background: #fff; cursor: crosshair; }
img:focus { outline: 3px solid #d6006e; }
img.shot { display: block; width: 100%; margin-top: 2px; cursor: default; }
li.person { background: #fff3c4; }
#hold, #request, #approval { margin: 0 0 8px; }
#request, #approval { padding: 8px; background: #fff3c4; border: 1px solid #c90; }
[hidden] { display: none; }
`;

const SCRIPT = `
const base = location.pathname.replace(/\\/$/, '');
const picture = document.getElementById('picture');
const pages = document.getElementById('pages');
const calls = document.getElementById('calls');
const hold = document.getElementById('hold');
const said = document.getElementById('said');
const request = document.getElementById('request');
const approval = document.getElementById('approval');
const timeline = document.getElementById('timeline');
const shots = new Map();
let asked = '';
let chosen = null;
let etag = '';
let url = '';

function element(tag, text, props) {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  Object.assign(el, props || {});
  return el;
}

function render(state) {
  const all = state.sessions.flatMap((session) => session.pages.map((page) => ({ session: session.id, page })));
  if (!chosen || !all.some((item) => item.session === chosen.session && item.page.pageId === chosen.page)) {
    const first = all.find((item) => item.page.selected) || all[0];
    chosen = first ? { session: first.session, page: first.page.pageId } : null;
    etag = '';
  }
  pages.replaceChildren(...state.sessions.flatMap((session) => [
    element('h2', 'Session ' + session.id.slice(0, 8)),
    ...session.pages.map((page) => {
      const on = chosen && chosen.session === session.id && chosen.page === page.pageId;
      const button = element('button', (page.title || '(no title)') + ' — ' + page.url, { className: 'page' });
      button.setAttribute('aria-pressed', on ? 'true' : 'false');
      button.addEventListener('click', () => { chosen = { session: session.id, page: page.pageId }; etag = ''; tick(); });
      return button;
    }),
  ]));
  // A request for a hand, or an action waiting for approval, brings its page into view, once.
  for (const kind of ['approval', 'request']) {
    const asking = state.sessions.find((item) => item[kind]);
    if (asking && asked !== asking.id + asking[kind].since) {
      asked = asking.id + asking[kind].since;
      chosen = { session: asking.id, page: asking[kind].pageId };
      etag = '';
    }
  }
  const session = state.sessions.find((item) => chosen && item.id === chosen.session) || state.sessions[0];
  const page = session && chosen ? session.pages.find((item) => item.pageId === chosen.page) : null;
  request.hidden = !(session && session.request);
  document.getElementById('reason').textContent = session && session.request ? session.request.reason : '';
  approval.hidden = !(session && session.approval);
  document.getElementById('action').textContent = session && session.approval ? session.approval.action : '';
  document.getElementById('intent').textContent = session && session.approval && session.approval.intent ? 'The agent says why: ' + session.approval.intent : '';
  outline(session && session.approval && chosen && chosen.page === session.approval.pageId ? session.approval.box : null);
  hold.hidden = !(page && page.held);
  timeline.replaceChildren(...(session ? session.timeline : []).slice().reverse().map((entry) => {
    const item = element('li', (entry.by === 'person' ? 'The person: ' : '') + entry.what + (entry.said ? ': ' + entry.said.split('\\n')[0] : ''), { className: entry.by });
    if (entry.picture) item.append(shot(session.id, entry.picture));
    return item;
  }));
  calls.replaceChildren(...(session ? session.calls : []).slice().reverse().map((call) =>
    element('li', call.tool + (call.ms === undefined ? ' (running)' : ' (' + call.ms + ' ms)') + (call.said ? ': ' + call.said : ''), { className: call.error ? 'error' : '' })));
}

/** A picture of the timeline, fetched once. */
function shot(session, name) {
  const img = element('img', undefined, { className: 'shot', alt: 'The page after it' });
  const key = session + '/' + name;
  if (!shots.has(key))
    shots.set(key, fetch(base + '/shot?session=' + encodeURIComponent(session) + '&name=' + encodeURIComponent(name))
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error('gone'))))
      .then((blob) => URL.createObjectURL(blob)));
  shots.get(key).then((url) => { img.src = url; }, () => undefined);
  return img;
}

/** Outlines \`box\` (picture pixels) on the picture: where the action waiting for approval lands. */
function outline(box) {
  const shown = document.getElementById('outline');
  shown.hidden = !box;
  if (!box) return;
  const ratio = picture.clientWidth / (picture.naturalWidth || 1);
  Object.assign(shown.style, { left: picture.offsetLeft + box[0] * ratio + 'px', top: picture.offsetTop + box[1] * ratio + 'px', width: box[2] * ratio + 'px', height: box[3] * ratio + 'px' });
}

async function refresh() {
  const response = await fetch(base + '/state', { cache: 'no-store' });
  if (response.ok) render(await response.json());
}

async function tick() {
  if (!chosen) return;
  const response = await fetch(base + '/picture?session=' + encodeURIComponent(chosen.session) + '&page=' + chosen.page, { cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {} });
  if (response.status !== 200) return;
  etag = response.headers.get('ETag') || '';
  const next = URL.createObjectURL(await response.blob());
  picture.src = next;
  picture.dataset.version = etag;
  if (url) URL.revokeObjectURL(url);
  url = next;
}

let queue = Promise.resolve();
/** Sends the person's input to the chosen page, in the order it came. */
function act(input) {
  queue = queue.then(() => send(input)).catch(() => undefined);
}

async function send(input) {
  if (!chosen) return;
  const response = await fetch(base + '/input?session=' + encodeURIComponent(chosen.session) + '&page=' + chosen.page, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  const answer = await response.json().catch(() => ({}));
  said.textContent = answer.done || answer.error || '';
  hold.hidden = ['release', 'done', 'approve', 'refuse'].includes(input.type);
  // A click shows its effect at once; keys show with the next picture of the loop.
  if (input.type !== 'text' && input.type !== 'key') await tick();
}

/** A point of the picture in its own pixels. */
function at(event) {
  return { x: Math.round(event.offsetX * picture.naturalWidth / picture.clientWidth), y: Math.round(event.offsetY * picture.naturalHeight / picture.clientHeight) };
}

const NAMED = new Set(['Enter', 'Backspace', 'Tab', 'Escape', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
picture.addEventListener('click', (event) => { picture.focus(); act({ type: 'click', ...at(event) }); });
picture.addEventListener('wheel', (event) => { event.preventDefault(); act({ type: 'wheel', ...at(event), deltaX: Math.round(event.deltaX), deltaY: Math.round(event.deltaY) }); }, { passive: false });
picture.addEventListener('keydown', (event) => {
  const mods = ['Control', 'Alt', 'Meta'].filter((mod) => event.getModifierState(mod));
  if (event.key.length === 1 && mods.length === 0) act({ type: 'text', text: event.key });
  else if (NAMED.has(event.key) || (event.key.length === 1 && mods.length)) act({ type: 'key', key: [...mods, ...(event.shiftKey && event.key.length > 1 ? ['Shift'] : []), event.key].join('+') });
  else return;
  event.preventDefault();
});
document.getElementById('giveback').addEventListener('click', () => act({ type: 'release' }));
document.getElementById('done').addEventListener('click', () => { request.hidden = true; act({ type: 'done' }); });
for (const answer of ['approve', 'refuse'])
  document.getElementById(answer).addEventListener('click', () => { approval.hidden = true; act({ type: answer }); });

async function loop(work, ms) {
  for (;;) {
    await work().catch(() => undefined);
    await new Promise((done) => setTimeout(done, ms));
  }
}
refresh().then(() => { loop(refresh, 1000); loop(tick, 500); });
`;

/** The view's HTML, its style and script allowed by `nonce` alone (the Content-Security-Policy it is served with). */
export function viewPage(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>firefox-bidi-mcp — live view</title><style nonce="${nonce}">${STYLE}</style></head>
<body>
<aside><h1>Pages</h1><div id="pages"></div><h1>Last calls</h1><ol id="calls"></ol><h1>Timeline</h1><ol id="timeline"></ol></aside>
<main><p id="approval" role="alert" hidden>The agent waits for your approval to do what cannot be undone: <strong id="action"></strong> <button type="button" id="approve">Approve</button> <button type="button" id="refuse">Refuse</button><br><span id="intent"></span></p><p id="request" role="alert" hidden>The agent asks for your hand: <strong id="reason"></strong> Act on the picture below, then press <button type="button" id="done">Done</button></p><p id="hold" hidden>You hold this page: the agent's actions on it are refused. <button type="button" id="giveback">Give back</button></p><p id="said" role="status"></p><div id="outline" hidden></div><img id="picture" tabindex="0" alt="The chosen page, as it is now: click, scroll or type here to act on it"></main>
<script nonce="${nonce}">${SCRIPT}</script>
</body></html>
`;
}

import { describe, expect, it } from 'vitest';
import { allNodes, type SnapshotNode, type TakenSnapshot } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';

/** The site's page at `path` under another host name: another origin, so its frames are cross-origin. */
const otherOrigin = (path: string): string => `http://localhost:${new URL(server.origin).port}${path}`;

const server = useSite({
  '/frames.html': (request, response) => {
    const port = new URL(`http://${request.headers.host ?? ''}`).port;
    page(
      'Frames',
      `<h1>Top page</h1>
         <iframe id="same" src="/same-frame.html" width="300" height="120"></iframe>
         <iframe id="auth" src="http://localhost:${port}/auth-frame.html" width="500" height="260"></iframe>`,
    )(request, response);
  },
  '/same-frame.html': page('Same', `<button onclick="this.textContent = 'same clicked'">Same-origin button</button>`),
  '/auth-frame.html': (request, response) => {
    const port = new URL(`http://${request.headers.host ?? ''}`).port;
    page(
      'Auth',
      `<p>Auth provider</p><iframe id="form" src="http://127.0.0.1:${port}/login-frame.html" width="400" height="160"></iframe>`,
    )(request, response);
  },
  '/login-frame.html': page(
    'Login',
    `<label>User <input id="user"></label>
       <button id="go" onclick="document.getElementById('out').textContent = 'hello ' + document.getElementById('user').value">Log in</button>
       <p id="out"></p>`,
  ),
  '/shadow.html': page(
    'Shadow',
    `<open-widget></open-widget>
       <closed-widget></closed-widget>
       <slot-host><span slot="b">Second slot text</span><span slot="a">First slot text</span></slot-host>
       <p id="status">none</p>
       <script>
         customElements.define('inner-widget', class extends HTMLElement {
           constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<button>Deep open button</button>';
             this.shadowRoot.querySelector('button').onclick = () => { document.getElementById('status').textContent = 'deep open clicked'; }; }
         });
         customElements.define('open-widget', class extends HTMLElement {
           constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<p>Open widget</p><inner-widget></inner-widget>'; }
         });
         customElements.define('secret-inner', class extends HTMLElement {
           constructor() { super(); const root = this.attachShadow({ mode: 'closed' }); root.innerHTML = '<button>Nested closed button</button>';
             root.querySelector('button').onclick = () => { document.getElementById('status').textContent = 'nested closed clicked'; }; }
         });
         customElements.define('closed-widget', class extends HTMLElement {
           constructor() { super(); const root = this.attachShadow({ mode: 'closed' });
             root.innerHTML = '<label>Code <input id="code"></label><button>Closed button</button><secret-inner></secret-inner>';
             root.querySelector('button').onclick = () => { document.getElementById('status').textContent = 'closed clicked with ' + root.getElementById('code').value; }; }
         });
         customElements.define('slot-host', class extends HTMLElement {
           constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<div><slot name="a"></slot></div><div><slot name="b"></slot></div>'; }
         });
       </script>`,
  ),
});
const client = useFirefox();

function find(snapshot: TakenSnapshot, predicate: (node: SnapshotNode) => boolean): SnapshotNode {
  const node = [...allNodes(snapshot.nodes)].find(predicate);
  if (!node) throw new Error(`not in the snapshot:\n${snapshot.text}`);
  return node;
}

async function status(): Promise<string> {
  return client.page.evaluate<string>(() => document.getElementById('status')?.textContent ?? '');
}

describe('frames', () => {
  it('walks same-origin and nested cross-origin frames inline, with their URLs and uids unique in the page', async () => {
    await client.page.navigate(server.url('/frames.html'));
    const snapshot = await client.page.takeSnapshot();
    const auth = find(snapshot, (node) => node.tag === 'iframe' && node.frame?.url === otherOrigin('/auth-frame.html'));
    const form = find(snapshot, (node) => node.tag === 'iframe' && node.frame?.url === server.url('/login-frame.html'));
    expect([...allNodes(auth.children ?? [])]).toContain(form);
    expect([...allNodes(form.children ?? [])].map((node) => node.name)).toEqual(
      expect.arrayContaining(['User', 'Log in']),
    );
    expect(find(snapshot, (node) => node.name === 'Same-origin button').role).toBe('button');
    const uids = [...allNodes(snapshot.nodes)].map((node) => node.uid);
    expect(new Set(uids).size).toBe(uids.length);
    expect(snapshot.stats.kept).toBe(uids.length); // Counted over the page and its frames.
    expect(uids.every((uid) => uid.startsWith(`${snapshot.id}_`))).toBe(true);
    expect(snapshot.text).toMatch(
      new RegExp(`iframe url="${otherOrigin('/auth-frame.html').replace(/[.?/]/g, '\\$&')}"`),
    );
    // Boxes inside frames are page coordinates: the login button lies inside its iframe's box.
    const button = find(snapshot, (node) => node.name === 'Log in');
    expect(button.box[0]).toBeGreaterThanOrEqual(form.box[0]);
    expect(button.box[1]).toBeGreaterThanOrEqual(form.box[1]);
  });

  it('acts inside a nested cross-origin frame, and the frame sees it', async () => {
    await client.page.navigate(server.url('/frames.html'));
    const snapshot = await client.page.takeSnapshot();
    await client.page.fillByUid(find(snapshot, (node) => node.name === 'User').uid, 'ada');
    await client.page.clickByUid(find(snapshot, (node) => node.name === 'Log in').uid);
    await client.page.clickByUid(find(snapshot, (node) => node.name === 'Same-origin button').uid);
    const after = await client.page.takeSnapshot();
    expect(find(after, (node) => node.text === 'hello ada').role).toBe('paragraph');
    expect(find(after, (node) => node.name === 'same clicked').role).toBe('button');
  });

  it('gives a locator path through the frame chain', async () => {
    await client.page.navigate(server.url('/frames.html'));
    const snapshot = await client.page.takeSnapshot();
    const located = await client.page.resolveUidToSelector(find(snapshot, (node) => node.name === 'Log in').uid);
    expect(located.frames).toEqual(['iframe#auth', 'iframe#form']);
    expect(located.full).toBe(`iframe#auth >> iframe#form >> ${located.selector}`);
  });
});

describe('shadow DOM', () => {
  it('walks open and closed shadow roots, nested, marks them, and renders slots in their order', async () => {
    await client.page.navigate(server.url('/shadow.html'));
    const snapshot = await client.page.takeSnapshot();
    // An unnamed custom element with an open root says nothing itself: its content takes its place.
    expect([...allNodes(snapshot.nodes)].some((node) => node.tag === 'open-widget')).toBe(false);
    const closed = find(snapshot, (node) => node.tag === 'closed-widget');
    expect(closed).toMatchObject({ custom: true, shadow: 'closed' });
    expect([...allNodes(closed.children ?? [])].map((node) => node.name)).toEqual(
      expect.arrayContaining(['Code', 'Closed button', 'Nested closed button']),
    );
    expect(find(snapshot, (node) => node.tag === 'secret-inner').shadow).toBe('closed');
    expect(find(snapshot, (node) => node.name === 'Deep open button').role).toBe('button');
    const texts = [...allNodes(snapshot.nodes)].map((node) => node.text).filter(Boolean);
    expect(texts.indexOf('First slot text')).toBeLessThan(texts.indexOf('Second slot text'));
    expect(snapshot.text).toMatch(/closed-widget shadow=closed/);
  });

  it('acts inside nested open and closed shadow roots', async () => {
    await client.page.navigate(server.url('/shadow.html'));
    const snapshot = await client.page.takeSnapshot();
    await client.page.clickByUid(find(snapshot, (node) => node.name === 'Deep open button').uid);
    expect(await status()).toBe('deep open clicked');
    await client.page.fillByUid(find(snapshot, (node) => node.name === 'Code').uid, '42');
    await client.page.clickByUid(find(snapshot, (node) => node.name === 'Closed button').uid);
    expect(await status()).toBe('closed clicked with 42');
    await client.page.clickByUid(find(snapshot, (node) => node.name === 'Nested closed button').uid);
    expect(await status()).toBe('nested closed clicked');
  });

  it('gives the shadow-host chain of an element in nested open roots', async () => {
    await client.page.navigate(server.url('/shadow.html'));
    const snapshot = await client.page.takeSnapshot();
    const located = await client.page.resolveUidToSelector(
      find(snapshot, (node) => node.name === 'Deep open button').uid,
    );
    expect(located.shadowHosts).toHaveLength(2);
    expect(located.full.split(' >> ')).toHaveLength(3);
  });
});

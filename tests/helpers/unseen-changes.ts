/**
 * Pages for tests/e2e/incremental.test.ts, each with a change that no MutationObserver sees: a
 * snapshot after it must not reuse the reading taken before it.
 */
import { page } from './server.js';

/**
 * Changes no MutationObserver sees: after each, a reading reused whole or in part must still say
 * what a fresh walk says. `shows` and `hides` are what the change brings and takes away.
 */
export interface Unseen {
  name: string;
  body: string;
  /** Runs in the page; may return a promise that settles once the change is made. */
  change: () => unknown;
  shows?: string;
  hides?: string;
}

const TWO_BUTTONS = '<h1>Two buttons</h1><button id="a">Alpha</button> <button id="b">Beta</button>';

export const UNSEEN: Unseen[] = [
  {
    name: 'adopted sheets swapped for as many rules',
    body: `${TWO_BUTTONS}<script>
      const hideB = new CSSStyleSheet(); hideB.replaceSync('#b { display: none }');
      window.hideA = new CSSStyleSheet(); hideA.replaceSync('#a { display: none }');
      document.adoptedStyleSheets = [hideB];</script>`,
    change: () => {
      document.adoptedStyleSheets = [(window as unknown as { hideA: CSSStyleSheet }).hideA];
    },
    shows: 'Beta',
    hides: 'Alpha',
  },
  {
    name: 'a constructed sheet given new text of as many rules',
    body: `${TWO_BUTTONS}<script>
      window.sheet = new CSSStyleSheet(); sheet.replaceSync('#b { display: none }');
      document.adoptedStyleSheets = [sheet];</script>`,
    change: () => (window as unknown as { sheet: CSSStyleSheet }).sheet.replaceSync('#a { display: none }'),
    shows: 'Beta',
    hides: 'Alpha',
  },
  {
    name: 'a finished animation that fills forwards with visibility: hidden',
    body: TWO_BUTTONS,
    change: () =>
      document
        .getElementById('a')
        ?.animate([{ visibility: 'hidden' }, { visibility: 'hidden' }], { duration: 30, fill: 'forwards' })
        .finished.then(() => true),
    hides: 'Alpha',
  },
  {
    name: 'a finished animation that fills forwards with opacity: 0',
    body: TWO_BUTTONS,
    change: () =>
      document
        .getElementById('a')
        ?.animate([{ opacity: 0 }, { opacity: 0 }], { duration: 30, fill: 'forwards' })
        .finished.then(() => true),
    hides: 'Alpha',
  },
  {
    name: 'a custom element defined late that attaches an open shadow root',
    body: '<h1>Late</h1><x-late><span>Light words</span></x-late>',
    change: () =>
      customElements.define(
        'x-late',
        class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML = '<button>Shadow button</button>';
          }
        },
      ),
    shows: 'Shadow button',
    hides: 'Light words',
  },
  {
    name: 'an open shadow root attached to a host already read',
    body: '<h1>Host</h1><div id="host"><p>Light words</p></div><p>Other words</p>',
    change: () => {
      const root = document.getElementById('host')?.attachShadow({ mode: 'open' });
      if (root) root.innerHTML = '<button>Shadow button</button>';
    },
    shows: 'Shadow button',
    hides: 'Light words',
  },
  {
    name: 'a closed shadow root attached to a custom element already read',
    body: `<h1>Box</h1><x-box id="box"><span>Light words</span></x-box><script>customElements.define('x-box', class extends HTMLElement {});</script>`,
    change: () => {
      const root = document.getElementById('box')?.attachShadow({ mode: 'closed' });
      if (root) root.innerHTML = '<button>Closed button</button>';
    },
    shows: 'Closed button',
    hides: 'Light words',
  },
  {
    name: 'a closed shadow root attached to an ordinary div already read',
    body: '<h1>Div host</h1><div id="host"><p>Light words</p></div><p>Other words</p>',
    change: () => {
      const root = document.getElementById('host')?.attachShadow({ mode: 'closed' });
      if (root) root.innerHTML = '<button>Closed button</button>';
    },
    shows: 'Closed button',
    hides: 'Light words',
  },
  {
    name: 'a declarative closed shadow root parsed into a page already read',
    body: '<h1>Declared</h1><section id="place"><p>Placeholder words</p></section>',
    change: () =>
      document
        .getElementById('place')
        ?.setHTMLUnsafe(
          '<div><template shadowrootmode="closed"><button>Declared closed</button></template><p>Hidden light</p></div>',
        ),
    shows: 'Declared closed',
    hides: 'Placeholder words',
  },
  {
    name: 'a form made inert',
    body: '<h1>Inert</h1><form id="form"><button type="button">Send</button></form>',
    change: () => document.getElementById('form')?.toggleAttribute('inert', true),
    shows: 'button "Send" inert',
  },
  {
    name: 'a slot assigned other nodes by hand',
    body: `<h1>Slots</h1><div id="host"><button id="one">First</button><button id="two">Second</button></div><script>
      const root = document.getElementById('host').attachShadow({ mode: 'open', slotAssignment: 'manual' });
      root.innerHTML = '<slot></slot>';
      root.querySelector('slot').assign(document.getElementById('one'));</script>`,
    change: () =>
      document
        .getElementById('host')
        ?.shadowRoot?.querySelector('slot')
        ?.assign(document.getElementById('two') as Element),
    shows: 'Second',
    hides: 'First',
  },
  {
    name: 'one popover hidden and another shown',
    body: `<h1>Popovers</h1><div popover id="p1"><button>In one</button></div><div popover id="p2"><button>In two</button></div>
      <script>document.getElementById('p1').showPopover();</script>`,
    change: () => {
      document.getElementById('p1')?.hidePopover();
      document.getElementById('p2')?.showPopover();
    },
    shows: 'In two',
    hides: 'In one',
  },
  {
    name: 'an ElementInternals state set',
    body: `<h1>Internals</h1><x-check id="check">Subscribe</x-check><script>
      customElements.define('x-check', class extends HTMLElement {
        constructor() { super(); this.internals = this.attachInternals(); this.internals.role = 'checkbox'; this.internals.ariaChecked = 'false'; }
      });</script>`,
    change: () => {
      (document.getElementById('check') as unknown as { internals: ElementInternals }).internals.ariaChecked = 'true';
    },
    shows: '"Subscribe" checked',
  },
  {
    name: 'a style on :not(:defined) lifted by customElements.define',
    body: '<style>x-later:not(:defined) { display: none }</style><h1>Undefined</h1><x-later><button>Late button</button></x-later><p>Other words</p>',
    change: () => customElements.define('x-later', class extends HTMLElement {}),
    shows: 'Late button',
  },
  {
    name: "a shadow root's adopted sheets replaced",
    body: `<h1>Shadow sheets</h1><div id="host"></div><script>
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<button id="a">Alpha</button> <button id="b">Beta</button>';
      const hideB = new CSSStyleSheet(); hideB.replaceSync('#b { display: none }');
      window.hideA = new CSSStyleSheet(); hideA.replaceSync('#a { display: none }');
      root.adoptedStyleSheets = [hideB];</script>`,
    change: () => {
      const root = document.getElementById('host')?.shadowRoot;
      if (root) root.adoptedStyleSheets = [(window as unknown as { hideA: CSSStyleSheet }).hideA];
    },
    shows: 'Beta',
    hides: 'Alpha',
  },
  {
    name: "a rule inserted in a shadow root's style element",
    body: `<h1>Shadow style</h1><div id="host"></div><script>
      document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<style></style><button id="a">Alpha</button> <button id="b">Beta</button>';</script>`,
    change: () => document.getElementById('host')?.shadowRoot?.styleSheets[0]?.insertRule('#a { display: none }'),
    hides: 'Alpha',
  },
  {
    name: 'the caret moved inside an editor',
    body: `<h1>Editor</h1><div contenteditable="true" aria-label="Draft"><p>First line</p><p>Second line</p></div><script>
      const first = document.querySelector('p').firstChild; const range = document.createRange(); range.setStart(first, 5); range.collapse(true);
      document.querySelector('[contenteditable]').focus(); getSelection().removeAllRanges(); getSelection().addRange(range);</script>`,
    change: () => {
      const second = document.querySelectorAll('p')[1]?.firstChild;
      if (!second) return;
      const range = document.createRange();
      range.setStart(second, 6);
      range.collapse(true);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    },
    shows: 'Second| line',
    hides: 'First| line',
  },
];

/** All of the above at rest: its reading must still be reused. */
export const AT_REST = page(
  'At rest',
  `<h1>At rest</h1><button id="a">Alpha</button> <button id="b">Beta</button> <button id="c">Gamma</button>
   <div popover id="pop"><button>In the popover</button></div>
   <div id="host"><button id="one">First</button><button id="two">Second</button></div>
   <x-check id="check">Subscribe</x-check> <x-box><span>Boxed</span></x-box>
   <script>
     const sheet = new CSSStyleSheet(); sheet.replaceSync('#b { display: none }');
     document.adoptedStyleSheets = [sheet];
     document.getElementById('c').animate([{ opacity: 1 }, { opacity: 0 }], { duration: 30, fill: 'forwards' });
     document.getElementById('pop').showPopover();
     const root = document.getElementById('host').attachShadow({ mode: 'open', slotAssignment: 'manual' });
     root.innerHTML = '<slot></slot>';
     root.querySelector('slot').assign(document.getElementById('two'));
     customElements.define('x-check', class extends HTMLElement {
       constructor() { super(); this.internals = this.attachInternals(); this.internals.role = 'checkbox'; this.internals.ariaChecked = 'true'; }
     });
     customElements.define('x-box', class extends HTMLElement {
       constructor() { super(); this.attachShadow({ mode: 'closed' }).innerHTML = '<button>Closed button</button>'; }
     });
   </script>`,
);

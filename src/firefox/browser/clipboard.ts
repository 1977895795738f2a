import type { Script } from 'webdriver-bidi-protocol';
import type { BidiConnection } from '../../bidi/index.js';
import type { ClipboardData } from '../user-context/user-context.js';

/*
 * One clipboard per user context. Firefox has one clipboard for the whole browser, so sessions
 * sharing it (HTTP sessions, CLI sessions) would paste each other's copies. Instead Firefox's
 * clipboard is never written nor read by a page: in every page (a preload in a sandbox of ours,
 * before the page's scripts) a trusted copy, cut or paste event is taken over at its start and
 * played again for the page's handlers, with the data of the user context the page belongs to.
 * What a copy gives (the page's clipboardData when its handler set it, or else the selection) is
 * kept here, per user context; a paste asks for it and gets it back in the same page. The page's
 * navigator.clipboard writes the same store; its reads are refused (NotAllowedError) as when a
 * person declines Firefox's paste prompt: the store is never handed to a script on its asking.
 */

/** The BiDi channel the pages' clipboard messages come on. */
const CHANNEL = 'firefox-bidi-clipboard';
const SANDBOX = 'firefox-bidi-clipboard';

/** The clipboard of the user context a page belongs to. */
export interface ClipboardOwner {
  clipboard: ClipboardData | undefined;
}

/** In the sandbox: takes over trusted clipboard events and plays them again for the page. */
const EVENTS_PRELOAD = `(send) => {
  let pasteTarget;
  const textField = (el) => el && (el.localName === 'textarea' || (el.localName === 'input' && typeof el.selectionStart === 'number'));
  const editable = (el) => !!el && (textField(el) || el.isContentEditable);
  const selectedText = (el) => (textField(el) ? el.value.slice(el.selectionStart, el.selectionEnd) : String(window.getSelection() ?? ''));
  const targetOf = (event) => event.composedPath()[0] ?? event.target;
  const focused = () => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el;
  };
  // Firefox makes a clipboard event's data of its own, from dataType and data: clipboardData is ignored.
  const replay = (type, target, text, html) => {
    const init = { bubbles: true, cancelable: true, composed: true, ...(text ? { dataType: 'text/plain', data: text } : {}) };
    const event = new ClipboardEvent(type, init);
    try {
      if (html) event.clipboardData?.setData('text/html', html);
    } catch {}
    return { go: target.dispatchEvent(event), clipboardData: event.clipboardData };
  };
  // Only trusted events: the page's own (and ours, played again) pass untouched.
  const takeOver = (event) => {
    if (!event.isTrusted) return false;
    event.stopImmediatePropagation();
    event.preventDefault();
    return true;
  };
  for (const type of ['copy', 'cut']) {
    window.addEventListener(type, (event) => {
      if (!takeOver(event)) return;
      const target = targetOf(event);
      const { go, clipboardData } = replay(type, target, '', '');
      const field = focused();
      const text = go ? selectedText(field) : (clipboardData?.getData('text/plain') ?? '');
      const html = go ? '' : (clipboardData?.getData('text/html') ?? '');
      if (go && type === 'cut' && text && editable(field)) document.execCommand('delete');
      if (go && !text) return;
      send(JSON.stringify({ kind: 'copy', text, html }));
    }, true);
  }
  window.addEventListener('paste', (event) => {
    if (!takeOver(event)) return;
    pasteTarget = targetOf(event);
    send(JSON.stringify({ kind: 'paste' }));
  }, true);
  globalThis.pasteFromSession = (text, html) => {
    const target = pasteTarget;
    pasteTarget = undefined;
    if (!target?.isConnected) return;
    const { go } = replay('paste', target, text, html);
    if (go && text && editable(focused())) document.execCommand('insertText', false, text);
  };
}`;

/**
 * In the page: navigator.clipboard writes go to the session's store; reads are refused, and so is execCommand('paste').
 */
const API_PRELOAD = `(send) => {
  const proto = globalThis.Clipboard?.prototype;
  if (!proto) return;
  const define = Object.defineProperty;
  const describe = Reflect.getOwnPropertyDescriptor;
  const Refusal = DOMException;
  const active = () => navigator.userActivation?.isActive !== false;
  const refuse = (why) => Promise.reject(new Refusal(why, 'NotAllowedError'));
  const wrap = (name, body) => {
    const descriptor = describe(proto, name);
    if (!descriptor || typeof descriptor.value !== 'function') return;
    define(proto, name, { ...descriptor, value: { [name](...args) { return body(...args); } }[name] });
  };
  const keep = (text, html) => { send(JSON.stringify({ kind: 'copy', text: String(text), html: String(html) })); };
  wrap('writeText', (text) => {
    if (!active()) return refuse('Clipboard write is not allowed without a user gesture.');
    keep(text, '');
    return Promise.resolve();
  });
  wrap('write', async (items) => {
    if (!active()) return refuse('Clipboard write is not allowed without a user gesture.');
    const item = items?.[0];
    const read = async (type) => (item?.types?.includes(type) ? (await item.getType(type)).text() : '');
    keep(await read('text/plain'), await read('text/html'));
  });
  wrap('readText', () => refuse('Clipboard read was declined.'));
  wrap('read', () => refuse('Clipboard read was declined.'));
  // execCommand('paste') pastes nothing, at once (as with Firefox's own pref off, which a browser we did not launch may
  // have on): its confirmation prompt would hold the session's input.
  const doc = globalThis.Document?.prototype;
  const command = doc && describe(doc, 'execCommand');
  if (command && typeof command.value === 'function') {
    const original = command.value;
    define(doc, 'execCommand', { ...command, value: { execCommand(name, ...rest) { return String(name).toLowerCase() === 'paste' ? false : Reflect.apply(original, this, [name, ...rest]); } }.execCommand });
  }
}`;

const PASTE_CALL = '(text, html) => globalThis.pasteFromSession?.(text, html)';

/**
 * Gives every user context its own clipboard (see above): installs the preloads in every page and
 * answers their messages. `ownerOf` names the user context a browsing context belongs to.
 */
export async function installClipboards(
  bidi: BidiConnection,
  ownerOf: (browsingContext: string) => ClipboardOwner | undefined,
): Promise<void> {
  const channel: Script.ChannelValue = { type: 'channel', value: { channel: CHANNEL } };
  bidi.on('script.message', (event) => {
    if (event.channel !== CHANNEL || event.data.type !== 'string') return;
    const owner = ownerOf(event.source.context ?? '');
    if (!owner) return;
    let message: { kind?: unknown; text?: unknown; html?: unknown };
    try {
      message = JSON.parse(event.data.value) as typeof message;
    } catch {
      return;
    }
    const said = (value: unknown): string => (typeof value === 'string' ? value : '');
    if (message.kind === 'copy') owner.clipboard = { text: said(message.text), html: said(message.html) };
    if (message.kind !== 'paste') return;
    const { text, html } = owner.clipboard ?? { text: '', html: '' };
    const args: Script.LocalValue[] = [
      { type: 'string', value: text },
      { type: 'string', value: html },
    ];
    // A page that went away meanwhile has nothing to paste into.
    bidi
      .send('script.callFunction', {
        functionDeclaration: PASTE_CALL,
        target: { realm: event.source.realm },
        arguments: args,
        awaitPromise: false,
      })
      .catch(() => undefined);
  });
  await bidi.send('session.subscribe', { events: ['script.message'] });
  await bidi.send('script.addPreloadScript', {
    functionDeclaration: EVENTS_PRELOAD,
    arguments: [channel],
    sandbox: SANDBOX,
  });
  await bidi.send('script.addPreloadScript', { functionDeclaration: API_PRELOAD, arguments: [channel] });
}

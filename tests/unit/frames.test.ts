import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { describe, expect, it } from 'vitest';
import { FrameTree } from '../../src/firefox/frames.js';

function info(context: string, parent: string | null, url = `https://example.test/${context}`): BrowsingContext.Info {
  return { context, parent, url, children: null, userContext: 'default', originalOpener: null, clientWindow: 'w' };
}

describe('FrameTree', () => {
  it('files a frame under its page, however deep, with the frame URL', () => {
    const tree = new FrameTree();
    tree.onCreated(info('page', null));
    tree.onCreated(info('outer', 'page'));
    tree.onCreated(info('inner', 'outer', 'about:blank'));
    tree.onNavigated('inner', 'https://other.test/form');
    expect(tree.placeOf('page')).toEqual({ page: 'page' });
    expect(tree.placeOf('outer')).toEqual({ page: 'page', frame: 'https://example.test/outer' });
    expect(tree.placeOf('inner')).toEqual({ page: 'page', frame: 'https://other.test/form' });
    // A context never seen is taken as a page of its own.
    expect(tree.placeOf('unknown')).toEqual({ page: 'unknown' });
  });

  it('forgets a closed page and every frame inside it', () => {
    const tree = new FrameTree();
    tree.onCreated(info('page', null));
    tree.onCreated(info('outer', 'page'));
    tree.onCreated(info('inner', 'outer'));
    tree.onCreated(info('other', null));
    tree.onDestroyed(info('page', null));
    expect(tree.size).toBe(1);
    expect(tree.placeOf('inner')).toEqual({ page: 'inner' });
  });
});

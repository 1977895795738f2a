import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { describe, expect, it } from 'vitest';
import { PageFrames } from '../../src/firefox/page/frames.js';

function info(context: string, parent: string | null, url = `https://example.test/${context}`): BrowsingContext.Info {
  return { context, parent, url, children: null, userContext: 'default', originalOpener: null, clientWindow: 'w' };
}

describe('PageFrames', () => {
  it('files frames under the page however deep they nest, each with its URL', () => {
    const frames = new PageFrames('page');
    frames.add(info('outer', 'page'));
    frames.add(info('inner', 'outer', 'about:blank'));
    frames.add(info('innermost', 'inner'));
    frames.onNavigated('inner', 'https://other.test/form');

    expect(frames.frameUrl('page')).toBeUndefined();
    expect(frames.frameUrl('outer')).toBe('https://example.test/outer');
    expect(frames.frameUrl('inner')).toBe('https://other.test/form');
    expect(frames.frameUrl('innermost')).toBe('https://example.test/innermost');
    // A context it does not know is still not the page itself: a frame of unknown URL.
    expect(frames.frameUrl('unknown')).toBe('');
    expect(frames.browsingContexts).toEqual(['outer', 'inner', 'innermost']);
    expect(['page', 'outer', 'inner', 'innermost', 'elsewhere'].map((context) => frames.has(context))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('takes no frame whose parent is neither the page nor one of its frames', () => {
    const frames = new PageFrames('page');
    frames.add(info('stray', 'other-page'));
    frames.add(info('top', null));
    frames.onNavigated('never-seen', 'https://x.test/');

    expect(frames.browsingContexts).toEqual([]);
    expect(frames.has('stray')).toBe(false);
  });

  it('removes a frame with every frame inside it, returns them all, and keeps its siblings', () => {
    const frames = new PageFrames('page');
    frames.add(info('outer', 'page'));
    frames.add(info('inner', 'outer'));
    frames.add(info('inner-2', 'outer'));
    frames.add(info('innermost', 'inner'));
    frames.add(info('sibling', 'page'));

    expect(frames.remove('outer').sort()).toEqual(['inner', 'inner-2', 'innermost', 'outer']);
    expect(frames.browsingContexts).toEqual(['sibling']);
    expect(frames.has('innermost')).toBe(false);
    expect(frames.remove('sibling')).toEqual(['sibling']);
    expect(frames.browsingContexts).toEqual([]);
  });
});

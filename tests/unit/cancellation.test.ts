import { describe, expect, it, vi } from 'vitest';
import { CancelledError } from '../../src/firefox/errors.js';
import { unlessAborted } from '../../src/firefox/util/abort.js';
import { BrowserHolder } from '../../src/mcp/browser.js';

/** A holder whose calls never need a browser (the queue is under test). */
const holder = (): BrowserHolder => new BrowserHolder(() => Promise.reject(new Error('no browser in this test')));

describe('BrowserHolder.exclusive with a signal', () => {
  it('runs calls one at a time, in order', async () => {
    const queue = holder();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const slow = queue.exclusive(async () => {
      order.push('first started');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first');
    });
    const fast = queue.exclusive(() => {
      order.push('second');
      return Promise.resolve();
    });
    // The second waits for as long as the first runs, however long that is.
    await vi.waitFor(() => expect(order).toEqual(['first started']));
    release();
    await Promise.all([slow, fast]);
    expect(order).toEqual(['first started', 'first', 'second']);
  });

  it('frees the queue at once when the running call is cancelled, and tells the work through the signal', async () => {
    const queue = holder();
    const controller = new AbortController();
    let workSawAbort = false;
    const running = queue.exclusive(
      () =>
        new Promise<string>((resolve) => {
          controller.signal.addEventListener('abort', () => (workSawAbort = true));
          setTimeout(() => resolve('too late'), 10_000).unref();
        }),
      controller.signal,
    );
    const next = queue.exclusive(() => Promise.resolve('next ran'));
    setTimeout(() => controller.abort('notifications/cancelled'), 20);
    const started = Date.now();

    await expect(running).rejects.toThrow(CancelledError);
    await expect(running).rejects.toThrow(
      'The call was cancelled by the caller (notifications/cancelled); it stopped waiting.',
    );
    expect(await next).toBe('next ran');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(workSawAbort).toBe(true);
  });

  it('never starts a call cancelled while it waited for its turn', async () => {
    const queue = holder();
    const controller = new AbortController();
    let release: (() => void) | undefined;
    const first = queue.exclusive(() => new Promise<void>((resolve) => (release = resolve)));
    let started = false;
    const waiting = queue.exclusive(() => {
      started = true;
      return Promise.resolve();
    }, controller.signal);
    controller.abort();
    // The first call starts on a later tick.
    await vi.waitFor(() => expect(release).toBeDefined());
    release?.();
    await first;
    await expect(waiting).rejects.toThrow(CancelledError);
    expect(started).toBe(false);
  });
});

describe('unlessAborted', () => {
  it('passes the work through while the signal holds, and rejects at once when it aborts', async () => {
    expect(await unlessAborted(Promise.resolve(7), new AbortController().signal, 'Reading')).toBe(7);
    await expect(
      unlessAborted(Promise.reject(new Error('boom')), new AbortController().signal, 'Reading'),
    ).rejects.toThrow('boom');
    expect(await unlessAborted(Promise.resolve(8), undefined, 'Reading')).toBe(8);
    const controller = new AbortController();
    const never = new Promise<never>(() => undefined);
    const waiting = unlessAborted(never, controller.signal, 'Waiting for text');
    controller.abort();
    await expect(waiting).rejects.toThrow('Waiting for text was cancelled by the caller; it stopped waiting.');
    await expect(unlessAborted(never, controller.signal, 'Reading')).rejects.toThrow(CancelledError);
  });
});

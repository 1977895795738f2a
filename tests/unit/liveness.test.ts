import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { BidiTimeoutError } from '../../src/bidi/index.js';
import { BrowserLiveness } from '../../src/firefox/browser/liveness.js';
import { BrowserStoppedError } from '../../src/firefox/errors.js';
import { cpuTicks } from '../../src/firefox/util/cpu.js';
import { FakeBidi, neverAnswer } from '../helpers/fake-bidi.js';

const children: ChildProcess[] = [];
let fake: FakeBidi | undefined;

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await fake?.stop();
  fake = undefined;
});

/** A real process that runs `source` under Node. */
async function child(source: string): Promise<ChildProcess & { pid: number }> {
  const started = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  children.push(started);
  await once(started, 'spawn');
  return started as ChildProcess & { pid: number };
}

/**
 * A browser on the fake end whose session.status is answered after `answerAfterMs` (never when undefined); `pid` is
 * the process whose CPU time counts as its work. Returns what `stopped` said of a timed-out command and whether the
 * browser was ended.
 */
async function verdict(
  answerAfterMs: number | undefined,
  pid: number | undefined,
  whileWaiting = (): void => {},
  busyMs?: number,
) {
  fake = await FakeBidi.start();
  fake.onCommand('session.status', () =>
    answerAfterMs === undefined
      ? neverAnswer()
      : new Promise((resolve) => setTimeout(() => resolve({ ready: false, message: 'busy' }), answerAfterMs)),
  );
  const connection = await fake.connect();
  let ended = 0;
  const liveness = new BrowserLiveness(connection, {
    end: () => {
      ended++;
      return Promise.resolve();
    },
    watchWaiting: false,
    pid,
    ...(busyMs === undefined ? {} : { busyMs }),
  });
  const ticker = setInterval(whileWaiting, 300);
  try {
    const error = await liveness.stopped('Reading the page', new BidiTimeoutError('script.callFunction', 1000));
    return { error, ended };
  } finally {
    clearInterval(ticker);
  }
}

describe('telling a hung browser from a swamped one', () => {
  it('a browser that neither answers nor works is hung, and ended once', async () => {
    const { error, ended } = await verdict(undefined, undefined);
    expect(error).toBeInstanceOf(BrowserStoppedError);
    expect(error?.message).toContain('Reading the page failed: Firefox stopped answering');
    expect(error?.message).toContain('no sign of work');
    expect(ended).toBe(1);
  });

  it('a launched browser that works but does not answer for its whole wait is hung, and says it worked', async () => {
    const busy = await child('for (;;) {}');
    const { error, ended } = await verdict(undefined, busy.pid, undefined, 3000);
    expect(error).toBeInstanceOf(BrowserStoppedError);
    expect(error?.message).toContain('within 3000 ms, though it showed signs of work all along');
    expect(ended).toBe(1);
  });

  it('a browser that sends messages while it does not answer is waited for', async () => {
    const { error, ended } = await verdict(3000, undefined, () => fake?.emit('log.entryAdded', logEntry()));
    expect(error).toBeUndefined();
    expect(ended).toBe(0);
  });

  it('a launched browser whose process uses CPU time while it does not answer is waited for', async () => {
    const busy = await child('for (;;) {}');
    const { error, ended } = await verdict(3000, busy.pid);
    expect(error).toBeUndefined();
    expect(ended).toBe(0);
  });

  it('a launched browser whose process is stopped is hung, though it would answer later', async () => {
    const stopped = await child('setInterval(() => {}, 1000)');
    stopped.kill('SIGSTOP');
    const { error, ended } = await verdict(3000, stopped.pid);
    expect(error).toBeInstanceOf(BrowserStoppedError);
    expect(ended).toBe(1);
  });
});

/** Node code that starts `source` in a child process of its own, and waits. */
function parentOf(source: string): string {
  return `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(source)}]); setInterval(() => {}, 1000)`;
}

describe('cpuTicks', () => {
  it('counts the work of a process group whose leader waits while a grandchild works', async () => {
    const waiting = spawn(process.execPath, ['-e', parentOf(parentOf('for (;;) {}'))], {
      stdio: 'ignore',
      detached: true,
    });
    await once(waiting, 'spawn');
    const pid = waiting.pid ?? 0;
    try {
      await waitFor(() => typeof cpuTicks(pid) === 'number');
      const before = cpuTicks(pid) as number;
      await waitFor(() => (cpuTicks(pid) as number) > before + 20);
    } finally {
      process.kill(-pid, 'SIGKILL');
    }
  });

  it('reads a running process as a count, a stopped or ended one as stopped', async () => {
    expect(cpuTicks(process.pid)).toEqual(expect.any(Number));
    const sleeper = await child('setInterval(() => {}, 1000)');
    sleeper.kill('SIGSTOP');
    await waitFor(() => cpuTicks(sleeper.pid) === 'stopped');
    sleeper.kill('SIGKILL');
    await once(sleeper, 'exit');
    expect(cpuTicks(sleeper.pid)).toBe('stopped');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

function logEntry() {
  return {
    type: 'console' as const,
    method: 'log',
    level: 'info' as const,
    source: { realm: 'realm-1' },
    text: 'working',
    timestamp: Date.now(),
    args: [],
  };
}

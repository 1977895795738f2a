import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Log, Script } from 'webdriver-bidi-protocol';
import {
  BidiConnection,
  BidiConnectionClosedError,
  BidiProtocolError,
  BidiTimeoutError,
} from '../../src/bidi/index.js';
import { FakeBidi, neverAnswer, RemoteError } from '../helpers/fake-bidi.js';

/** What Firefox answers to script.evaluate: the expression comes back as a string, so each answer names its command. */
function evaluateResult(params: Script.EvaluateParameters): Script.EvaluateResult {
  return { type: 'success', realm: 'realm-1', result: { type: 'string', value: params.expression } };
}

function evaluate(connection: BidiConnection, expression: string, timeout?: number) {
  return connection.send(
    'script.evaluate',
    { expression, target: { context: 'ctx-1' }, awaitPromise: false },
    timeout === undefined ? {} : { timeout },
  );
}

function logEntry(text: string): Log.Entry {
  return {
    type: 'console',
    method: 'log',
    level: 'info',
    text,
    timestamp: 1_700_000_000_000,
    source: { realm: 'realm-1', context: 'ctx-1' },
    args: [{ type: 'string', value: text }],
  };
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const cleanups: (() => Promise<void> | void)[] = [];

async function setup(commandTimeout = 10_000): Promise<{ remote: FakeBidi; connection: BidiConnection }> {
  const remote = await FakeBidi.start();
  cleanups.push(() => remote.stop());
  return { remote, connection: await remote.connect({ commandTimeout }) };
}

afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('BidiConnection', () => {
  it('matches answers to commands by id even when they arrive out of order', async () => {
    const { remote, connection } = await setup();
    const held: (() => void)[] = [];
    remote.onCommand(
      'script.evaluate',
      (params) =>
        new Promise((resolve) => {
          held.push(() => resolve(evaluateResult(params)));
          if (held.length < 3) return;
          // Answer the last command first, then the first, then the second.
          for (const index of [2, 0, 1]) held[index]?.();
        }),
    );

    const results = await Promise.all([
      evaluate(connection, 'first'),
      evaluate(connection, 'second'),
      evaluate(connection, 'third'),
    ]);

    expect(
      results.map((result) =>
        result.type === 'success' && result.result.type === 'string' ? result.result.value : result.type,
      ),
    ).toEqual(['first', 'second', 'third']);
    const ids = remote.commands.map((command) => command.id);
    expect(new Set(ids).size).toBe(3);
    expect(remote.commands.map((command) => command.method)).toEqual([
      'script.evaluate',
      'script.evaluate',
      'script.evaluate',
    ]);
  });

  it('rejects a command with BidiTimeoutError after its own timeout and stays usable, ignoring the late answer', async () => {
    const { remote, connection } = await setup();
    let answerLate = (): void => undefined;
    remote.onCommand('script.evaluate', (params) =>
      params.expression === 'slow'
        ? new Promise((resolve) => (answerLate = () => resolve(evaluateResult(params))))
        : evaluateResult(params),
    );

    const started = Date.now();
    const error = await evaluate(connection, 'slow', 50).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BidiTimeoutError);
    expect(error).toMatchObject({ method: 'script.evaluate', timeoutMs: 50, name: 'BidiTimeoutError' });
    expect((error as Error).message).toContain('script.evaluate got no answer within 50 ms');
    expect(Date.now() - started).toBeLessThan(2000); // far below the 10 s default: the per-command timeout applied

    expect(connection.closed).toBe(false);
    await expect(evaluate(connection, 'fast')).resolves.toMatchObject({ result: { value: 'fast' } });

    // The answer to the timed-out command arrives later and must not disturb the next command: it goes out first, and
    // one socket keeps the order.
    answerLate();
    await expect(evaluate(connection, 'after the late answer')).resolves.toMatchObject({
      result: { value: 'after the late answer' },
    });
    expect(connection.closed).toBe(false);
  });

  it('turns an error answer into BidiProtocolError keeping the code, message and stack trace', async () => {
    const { remote, connection } = await setup();
    remote.onCommand('script.evaluate', () => {
      throw new RemoteError(
        'no such frame',
        'Browsing context with id ctx-1 not found',
        'RemoteError@chrome://remote/\n',
      );
    });

    const error = await evaluate(connection, '1 + 1').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BidiProtocolError);
    const protocolError = error as BidiProtocolError;
    expect(protocolError.method).toBe('script.evaluate');
    expect(protocolError.code).toBe('no such frame');
    expect(protocolError.protocolMessage).toBe('Browsing context with id ctx-1 not found');
    expect(protocolError.stacktrace).toBe('RemoteError@chrome://remote/\n');
    expect(protocolError.message).toBe(
      'script.evaluate failed: no such frame: Browsing context with id ctx-1 not found',
    );
    expect(connection.closed).toBe(false);
  });

  it('delivers typed events to on() handlers of that event only, and unsubscribing stops them', async () => {
    const { remote, connection } = await setup();
    // Events sent before the answer arrive before it on the same socket.
    remote.onCommand('script.evaluate', (params) => {
      remote.emit('log.entryAdded', logEntry(params.expression));
      remote.emit('browsingContext.contextDestroyed', {
        context: 'ctx-9',
        url: 'about:blank',
        children: null,
        parent: null,
        userContext: 'default',
        originalOpener: null,
        clientWindow: 'w',
      });
      return evaluateResult(params);
    });
    const texts: (string | null)[] = [];
    const secondTexts: (string | null)[] = [];
    const destroyed: string[] = [];
    const unsubscribe = connection.on('log.entryAdded', (entry) => texts.push(entry.text));
    connection.on('log.entryAdded', (entry) => secondTexts.push(entry.text));
    connection.on('browsingContext.contextDestroyed', (info) => destroyed.push(info.context));

    await evaluate(connection, 'one');
    expect(texts).toEqual(['one']);
    expect(secondTexts).toEqual(['one']);
    expect(destroyed).toEqual(['ctx-9']);

    unsubscribe();
    await evaluate(connection, 'two');
    expect(texts).toEqual(['one']);
    expect(secondTexts).toEqual(['one', 'two']);
    expect(destroyed).toEqual(['ctx-9', 'ctx-9']);
  });

  it('ignores messages that are not JSON or answer no pending command', async () => {
    const { remote, connection } = await setup();
    remote.onCommand('script.evaluate', (params) => {
      remote.send('this is not JSON');
      remote.send({ type: 'success', id: 9999, result: { unrelated: true } });
      remote.send({ type: 'error', id: null, error: 'invalid argument', message: 'unparseable command' });
      return evaluateResult(params);
    });

    await expect(evaluate(connection, 'still fine')).resolves.toMatchObject({ result: { value: 'still fine' } });
    expect(connection.closed).toBe(false);
  });

  it('keeps calling the other listeners when one throws, and reports it as a warning', async () => {
    const { remote, connection } = await setup();
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    remote.onCommand('script.evaluate', (params) => {
      remote.emit('log.entryAdded', logEntry('hello'));
      return evaluateResult(params);
    });
    const seen: string[] = [];
    connection.on('log.entryAdded', () => {
      seen.push('before');
    });
    connection.on('log.entryAdded', () => {
      throw new Error('listener exploded');
    });
    connection.on('log.entryAdded', (entry) => {
      seen.push(`after:${entry.text ?? ''}`);
    });

    await evaluate(connection, 'x');

    expect(seen).toEqual(['before', 'after:hello']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('log.entryAdded');
    expect(String(warn.mock.calls[0]?.[0])).toContain('listener exploded');
    // The connection still answers commands.
    await expect(evaluate(connection, 'y')).resolves.toMatchObject({ result: { value: 'y' } });
  });

  it('close() rejects every pending command at once with BidiConnectionClosedError', async () => {
    const { remote, connection } = await setup(10_000);
    remote.onCommand('script.evaluate', neverAnswer).onCommand('session.status', neverAnswer);
    const closeReasons: string[] = [];
    connection.onClose((reason) => closeReasons.push(reason));
    const pending = [evaluate(connection, 'a'), evaluate(connection, 'b'), connection.send('session.status', {})];
    const settled = Promise.allSettled(pending);
    await vi.waitFor(() => expect(remote.commands).toHaveLength(3));

    const started = Date.now();
    connection.close('test is done');
    const results = await settled;
    const elapsed = Date.now() - started;

    expect(elapsed).toBeLessThan(1000); // the command timeout is 10 s
    expect(connection.closed).toBe(true);
    expect(closeReasons).toEqual(['test is done']);
    const methods: (string | undefined)[] = [];
    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(BidiConnectionClosedError);
        const error = result.reason as BidiConnectionClosedError;
        expect(error.reason).toBe('test is done');
        expect(error.message).toContain('the BiDi connection is closed (test is done)');
        methods.push(error.method);
      }
    }
    expect(methods).toEqual(['script.evaluate', 'script.evaluate', 'session.status']);
  });

  it('rejects send after close without sending anything', async () => {
    const { remote, connection } = await setup();
    remote.onCommand('script.evaluate', evaluateResult);
    await evaluate(connection, 'before');
    connection.close();

    const error = await evaluate(connection, 'after').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BidiConnectionClosedError);
    expect(error).toMatchObject({ method: 'script.evaluate', reason: 'closed by the client' });
    // The remote end sees the socket close after every message sent before it.
    await vi.waitFor(() => expect(remote.clients).toBe(0));
    expect(remote.commands.map((command) => command.params.expression)).toEqual(['before']);
  });

  it('rejects pending commands and fires onClose when the remote end closes the socket', async () => {
    const { remote, connection } = await setup(10_000);
    remote.onCommand('script.evaluate', neverAnswer);
    remote.onCommand('session.end', () => {
      remote.disconnect(1011, 'remote going away');
      return neverAnswer();
    });
    const reasons: string[] = [];
    connection.onClose((reason) => reasons.push(reason));
    const unsubscribed: string[] = [];
    const stop = connection.onClose((reason) => unsubscribed.push(reason));
    stop();

    const hanging = evaluate(connection, 'never answered');
    const settledHanging = hanging.catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(remote.commands).toHaveLength(1));
    const started = Date.now();
    const endError = await connection.send('session.end', {}).catch((caught: unknown) => caught);
    const hangingError = await settledHanging;

    expect(Date.now() - started).toBeLessThan(1000);
    for (const error of [endError, hangingError]) {
      expect(error).toBeInstanceOf(BidiConnectionClosedError);
      expect((error as BidiConnectionClosedError).reason).toBe('WebSocket closed with code 1011: remote going away');
    }
    expect((endError as BidiConnectionClosedError).method).toBe('session.end');
    expect((hangingError as BidiConnectionClosedError).method).toBe('script.evaluate');
    expect(connection.closed).toBe(true);
    expect(reasons).toEqual(['WebSocket closed with code 1011: remote going away']);
    expect(unsubscribed).toEqual([]);

    // A handler registered after the close hears about it at once.
    const late: string[] = [];
    connection.onClose((reason) => late.push(reason));
    expect(late).toEqual(['WebSocket closed with code 1011: remote going away']);
    await expect(connection.send('session.status', {})).rejects.toBeInstanceOf(BidiConnectionClosedError);
  });

  it('rejects connect with BidiConnectionClosedError naming the URL when nothing listens', async () => {
    const url = `ws://127.0.0.1:${await freePort()}/session`;

    const error = await BidiConnection.connect(url, { connectTimeout: 2000 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BidiConnectionClosedError);
    expect((error as BidiConnectionClosedError).method).toBeUndefined();
    expect((error as Error).message).toContain(`could not open ${url}`);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('rejects connect when the server answers HTTP without upgrading', async () => {
    const server: HttpServer = createHttpServer((_request, response) => {
      response.writeHead(404).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/session`;

    const error = await BidiConnection.connect(url).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BidiConnectionClosedError);
    expect((error as Error).message).toContain(`could not open ${url}: HTTP 404 instead of a WebSocket upgrade`);
  });
});

describe('FakeBidi, the scripted remote end of these tests', () => {
  it('answers with a fixed result, refuses commands nobody scripted, and logs them all', async () => {
    const { remote, connection } = await setup();
    remote.onCommand('session.status', { ready: true, message: 'ready' });

    await expect(connection.send('session.status', {})).resolves.toEqual({ ready: true, message: 'ready' });
    const error = await connection.send('browsingContext.getTree', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BidiProtocolError);
    expect(error).toMatchObject({
      code: 'unknown command',
      protocolMessage:
        "FakeBidi has no answer for browsingContext.getTree; script one with onCommand('browsingContext.getTree', …).",
    });
    expect(remote.commands).toEqual([
      { id: 1, method: 'session.status', params: {} },
      { id: 2, method: 'browsingContext.getTree', params: {} },
    ]);
  });

  it('pushes events to every connection', async () => {
    const { remote, connection } = await setup();
    const other = await remote.connect();
    const texts: string[] = [];
    connection.on('log.entryAdded', (entry) => texts.push(`first:${entry.text ?? ''}`));
    other.on('log.entryAdded', (entry) => texts.push(`second:${entry.text ?? ''}`));

    remote.emit('log.entryAdded', logEntry('hi'));

    await vi.waitFor(() => expect([...texts].sort()).toEqual(['first:hi', 'second:hi']));
  });
});

// The stdio protocol's edges, written as raw lines (the SDK client would refuse to send them).
// No test here starts Firefox: nothing calls a tool that needs a browser.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_BIN } from '../helpers/mcp.js';
import { eventually } from '../helpers/processes.js';

interface Answer {
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

const INITIALIZE = {
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

let running: ChildProcessWithoutNullStreams | undefined;

afterEach(() => {
  if (running?.exitCode === null) running.kill('SIGKILL');
  running = undefined;
});

/** Starts the built server with raw pipes; answers are collected as parsed lines. */
function start(): {
  child: ChildProcessWithoutNullStreams;
  answers: Answer[];
  write: (line: string | object) => void;
  answer: (id: string | number | null, timeoutMs?: number) => Promise<Answer>;
} {
  const child = spawn(process.execPath, [SERVER_BIN], { env: process.env, stdio: 'pipe' });
  running = child;
  const answers: Answer[] = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) answers.push(JSON.parse(line) as Answer);
  });
  child.stdin.on('error', () => undefined); // The old transport let the server die under our writes.
  return {
    child,
    answers,
    write: (line) =>
      child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify({ jsonrpc: '2.0', ...line })}\n`),
    // A server starting on a busy machine may take seconds to import itself before its first answer.
    answer: async (id, timeoutMs = 20_000) => {
      if (!(await eventually(() => answers.some((answer) => answer.id === id), timeoutMs)))
        throw new Error(
          `No answer with id ${JSON.stringify(id)} in ${timeoutMs} ms; got ${JSON.stringify(answers).slice(0, 500)}`,
        );
      return answers.find((answer) => answer.id === id) as Answer;
    },
  };
}

async function initialized(): Promise<ReturnType<typeof start>> {
  const server = start();
  server.write({ id: 'init', ...INITIALIZE });
  expect((await server.answer('init')).result?.protocolVersion).toBe('2025-06-18');
  server.write({ method: 'notifications/initialized' });
  return server;
}

describe('the MCP server over stdio, at the protocol edges', () => {
  it('refuses requests sent before initialize with a clear error, answers ping, then serves once initialized', async () => {
    const server = start();
    server.write({ id: 1, method: 'tools/list' });
    // A tool that does not exist: even a server without the check must not start Firefox here.
    server.write({ id: 2, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
    server.write({ id: 3, method: 'ping' });
    for (const id of [1, 2]) {
      const { error } = await server.answer(id);
      expect(error?.code, `id ${id}`).toBe(-32000);
      expect(error?.message, `id ${id}`).toMatch(/not initialized: send an "initialize" request first/);
    }
    expect((await server.answer(3)).result).toEqual({});
    server.write({ id: 'init', ...INITIALIZE });
    expect((await server.answer('init')).result?.serverInfo).toMatchObject({ name: 'firefox-bidi-mcp' });
    server.write({ method: 'notifications/initialized' });
    server.write({ id: 4, method: 'tools/list' });
    expect((await server.answer(4)).result?.tools).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'take_snapshot' })]),
    );
  });

  it('answers a malformed line with a parse error (-32700) and keeps serving', async () => {
    const server = await initialized();
    server.write('{"jsonrpc":"2.0","id":5,"method":"tools/list"');
    const error = await server.answer(null);
    expect(error.error?.code).toBe(-32700);
    server.write({ id: 6, method: 'tools/list' });
    expect((await server.answer(6)).result?.tools).toBeInstanceOf(Array);
  });

  it('answers a 12 MB message with an error naming the limit, quickly, and still serves the next request', async () => {
    const server = await initialized();
    const started = performance.now();
    server.write({ id: 7, method: 'tools/list', params: { padding: 'x'.repeat(12 * 1024 * 1024) } });
    server.write({ id: 8, method: 'tools/list' });
    const { error } = await server.answer(7);
    expect(error?.code).toBe(-32600);
    expect(error?.message).toContain('over 10 MiB');
    expect((await server.answer(8)).result?.tools).toBeInstanceOf(Array);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('answers tools/call arguments that are null, an array or a string with -32602 saying what to send, and keeps serving', async () => {
    const server = await initialized();
    const bad: [string | number, unknown, string][] = [
      ['null', null, 'not null'],
      ['array', ['https://example.com'], 'not an array'],
      ['string', '{"url": "https://example.com"}', 'not a string'],
      ['number', 3, 'not a number'],
    ];
    for (const [id, args] of bad)
      server.write({ id, method: 'tools/call', params: { name: 'navigate_page', arguments: args } });
    server.write({ id: 'nameless', method: 'tools/call', params: { arguments: {} } });
    for (const [id, , kind] of bad) {
      const { error } = await server.answer(id);
      expect(error?.code, String(id)).toBe(-32602);
      expect(error?.message).toContain(
        `"arguments" of tools/call "navigate_page" must be an object of the tool's parameters by name`,
      );
      expect(error?.message).toContain(kind);
      // A short sentence, not the SDK's raw validation dump.
      expect(error?.message).not.toMatch(/expected record|invalid_type|"path"/);
      expect(error?.message.length).toBeLessThan(400);
    }
    const nameless = (await server.answer('nameless')).error;
    expect(nameless?.code).toBe(-32602);
    expect(nameless?.message).toContain(
      'tools/call needs "name", the tool\'s name as a string (from tools/list); it was missing',
    );
    server.write({ id: 'after', method: 'tools/list' });
    expect((await server.answer('after')).result?.tools).toBeInstanceOf(Array);
  });

  it('answers wrong argument values as a tool error naming each parameter', async () => {
    const server = await initialized();
    server.write({
      id: 'wrong',
      method: 'tools/call',
      params: { name: 'navigate_page', arguments: { url: 5, timeout: 'soon' } },
    });
    const { result } = await server.answer('wrong');
    expect(result?.isError).toBe(true);
    const [content] = result?.content as { type: string; text: string }[];
    expect(content?.text).toContain('Invalid arguments for tool navigate_page');
    expect(content?.text).toContain('expected string, received number at url');
    expect(content?.text).toContain('expected number, received string at timeout');
  });

  it('exits within a few seconds when stdin closes after protocol errors', async () => {
    const server = await initialized();
    server.write({ id: 9, method: 'ping', params: { padding: 'x'.repeat(11 * 1024 * 1024) } });
    server.write('not json');
    server.write({ id: 10, method: 'ping' });
    expect((await server.answer(9)).error?.code).toBe(-32600);
    expect((await server.answer(10)).result).toEqual({});
    expect(server.child.exitCode).toBeNull(); // Still serving, not dead.
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    server.child.stdin.end();
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 5000)),
    ]);
    expect(code).toBe(0);
  });
});

import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, StdioTransport } from '../../src/mcp/stdio.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

/** A transport on in-memory streams: what it delivers to the server, and the lines it wrote back. */
async function setup(maxMessageBytes?: number): Promise<{
  transport: StdioTransport;
  stdin: PassThrough;
  delivered: JSONRPCMessage[];
  written: () => Promise<unknown[]>;
}> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const transport = new StdioTransport({
    stdin,
    stdout,
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
  });
  const delivered: JSONRPCMessage[] = [];
  transport.onmessage = (message) => delivered.push(message);
  await transport.start();
  const written = async (): Promise<unknown[]> => {
    await new Promise((resolve) => setImmediate(resolve));
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
  };
  return { transport, stdin, delivered, written };
}

/** Sends initialize and answers it as the server would, so requests are let through. */
async function initialized(maxMessageBytes?: number): ReturnType<typeof setup> {
  const context = await setup(maxMessageBytes);
  context.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
  await context.transport.send({
    jsonrpc: '2.0',
    id: 0,
    result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } },
  });
  context.delivered.length = 0;
  return context;
}

describe('StdioTransport framing', () => {
  it('joins lines split across chunks, splits several per chunk, and accepts CRLF and blank lines', async () => {
    const { stdin, delivered, written } = await initialized();
    const line = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    stdin.write(line.slice(0, 10));
    stdin.write(line.slice(10, 20));
    stdin.write(
      `${line.slice(20)}\r\n\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })}\n{"jsonrpc":"2.0","method":"notifications/initialized"}`,
    );
    stdin.write('\n');
    await written();
    expect(delivered).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
  });

  it('accepts a message of exactly the limit and refuses one byte more, keeping the id and the connection', async () => {
    const { stdin, delivered, written } = await initialized(200);
    const exact = (id: number): string => {
      const base = JSON.stringify({ jsonrpc: '2.0', id, method: 'ping', params: { pad: '' } });
      return base.replace('"pad":""', `"pad":"${'x'.repeat(200 - base.length)}"`);
    };
    stdin.write(`${exact(1)}\n`);
    stdin.write(`${exact(2).replace('"pad":"', '"pad":"y')}\n`);
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' })}\n`);
    const out = await written();
    expect(delivered.map((message) => ('id' in message ? message.id : undefined))).toEqual([1, 3]);
    expect(out.slice(1)).toEqual([
      { jsonrpc: '2.0', id: 2, error: { code: -32600, message: expect.stringContaining('over 200 bytes') as unknown } },
    ]);
  });

  it('skips an oversize line fed in many chunks up to its newline, finds an id written last, and goes on', async () => {
    const { stdin, delivered, written } = await initialized(1000);
    stdin.write('{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":{"id":7,"s":"');
    for (let i = 0; i < 50; i++) stdin.write('z'.repeat(100));
    stdin.write('"}},"id":"last-id"}\n{"jsonrpc":"2.0","id":4,"method":"ping"}\n');
    const out = await written();
    expect(out.slice(1)).toEqual([
      {
        jsonrpc: '2.0',
        id: 'last-id',
        error: { code: -32600, message: expect.stringContaining('Message too large') as unknown },
      },
    ]);
    expect(delivered).toEqual([{ jsonrpc: '2.0', id: 4, method: 'ping' }]);
  });

  it('answers an oversize line whose id cannot be seen with id null', async () => {
    const { stdin, written } = await initialized(300);
    stdin.write(`{"jsonrpc":"2.0","method":"ping","params":{"a":{"id":5,"b":"${'q'.repeat(400)}"}}}\n`);
    expect((await written()).slice(1)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('300 bytes') as unknown } },
    ]);
  });

  it('handles a 12 MB line at the default limit quickly', async () => {
    const { stdin, delivered, written } = await initialized();
    const started = performance.now();
    const big = Buffer.from(
      `{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"x":"${'a'.repeat(12 * 1024 * 1024)}"}}\n{"jsonrpc":"2.0","id":10,"method":"ping"}\n`,
    );
    for (let offset = 0; offset < big.length; offset += 65_536) stdin.write(big.subarray(offset, offset + 65_536));
    const out = await written();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(out.slice(1)).toEqual([
      {
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32600, message: expect.stringContaining(`${MAX_MESSAGE_BYTES} bytes`) as unknown },
      },
    ]);
    expect(delivered).toEqual([{ jsonrpc: '2.0', id: 10, method: 'ping' }]);
  });
});

describe('StdioTransport errors', () => {
  it('answers malformed JSON with -32700 and id null', async () => {
    const { stdin, written } = await initialized();
    stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    expect((await written()).slice(1)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('Parse error') as unknown } },
    ]);
  });

  it('answers JSON that is not JSON-RPC with -32600, with the id when it has one; not a bad response', async () => {
    const { stdin, delivered, written } = await initialized();
    stdin.write(
      '{"id":3,"method":"ping"}\n[1,2]\n{"jsonrpc":"2.0","id":4,"result":1}\n{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"x"}}\n',
    );
    const out = await written();
    expect(out.slice(1)).toEqual([
      {
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32600, message: expect.stringContaining('Invalid Request') as unknown },
      },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('Invalid Request') as unknown },
      },
    ]);
    expect(delivered).toEqual([]);
  });
});

describe('StdioTransport before initialize', () => {
  it('refuses requests other than initialize and ping, lets notifications through, and serves all once initialize succeeded', async () => {
    const { transport, stdin, delivered, written } = await setup();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    stdin.write(
      `${JSON.stringify(INITIALIZE)}\n{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_pages"}}\n`,
    );
    expect(await written()).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32000, message: expect.stringContaining('send an "initialize" request first') as unknown },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32000, message: expect.stringContaining('"tools/call" was refused') as unknown },
      },
    ]);
    expect(delivered.map((message) => ('method' in message ? message.method : undefined))).toEqual([
      'ping',
      'initialize',
    ]);

    // A failed initialize leaves the gate shut; a successful one opens it.
    await transport.send({ jsonrpc: '2.0', id: 0, error: { code: -32602, message: 'bad' } });
    stdin.write('{"jsonrpc":"2.0","id":4,"method":"tools/list"}\n');
    expect(((await written()).at(-1) as { id: number }).id).toBe(4);
    stdin.write(`${JSON.stringify({ ...INITIALIZE, id: 'again' })}\n`);
    await transport.send({
      jsonrpc: '2.0',
      id: 'again',
      result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } },
    });
    stdin.write(
      '{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":5,"method":"tools/list"}\n',
    );
    await written();
    expect(delivered.slice(-2)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 5, method: 'tools/list' },
    ]);
  });

  it('stops reading on close but leaves stdin flowing, so its end still arrives', async () => {
    const { transport, stdin, delivered } = await initialized();
    let closed = false;
    transport.onclose = () => (closed = true);
    await transport.close();
    const ended = new Promise((resolve) => stdin.once('end', resolve));
    stdin.end('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await ended;
    expect(closed).toBe(true);
    expect(delivered).toEqual([]);
  });
});

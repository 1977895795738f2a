import { describe, expect, it } from 'vitest';
import type { Script } from 'webdriver-bidi-protocol';
import { fromRemoteValue, toLocalValue, type JsonValue } from '../../src/bidi/index.js';

/**
 * What the browser sends back for a value built from `local`: the serialized RemoteValue of the
 * same data. Covers the LocalValue kinds toLocalValue produces; anything else is a test bug.
 */
function echo(local: Script.LocalValue): Script.RemoteValue {
  switch (local.type) {
    case 'undefined':
    case 'null':
      return { type: local.type };
    case 'string':
      return { type: 'string', value: local.value };
    case 'boolean':
      return { type: 'boolean', value: local.value };
    case 'number':
      return { type: 'number', value: local.value };
    case 'array':
      return { type: 'array', value: local.value.map(echo) };
    case 'object':
      return {
        type: 'object',
        value: local.value.map(([key, item]): [Script.RemoteValue | string, Script.RemoteValue] => {
          if (typeof key !== 'string') throw new Error('toLocalValue produced a non-string key');
          return [key, echo(item)];
        }),
      };
    default:
      throw new Error(`toLocalValue produced an unexpected ${local.type}`);
  }
}

const roundTrip = (value: JsonValue | undefined): JsonValue | undefined => fromRemoteValue(echo(toLocalValue(value)));

describe('toLocalValue', () => {
  it('encodes primitives', () => {
    expect(toLocalValue(undefined)).toEqual({ type: 'undefined' });
    expect(toLocalValue(null)).toEqual({ type: 'null' });
    expect(toLocalValue('')).toEqual({ type: 'string', value: '' });
    expect(toLocalValue('héllo')).toEqual({ type: 'string', value: 'héllo' });
    expect(toLocalValue(false)).toEqual({ type: 'boolean', value: false });
    expect(toLocalValue(true)).toEqual({ type: 'boolean', value: true });
    expect(toLocalValue(42.5)).toEqual({ type: 'number', value: 42.5 });
  });

  it('encodes the numbers JSON cannot hold as BiDi special numbers', () => {
    expect(toLocalValue(Number.NaN)).toEqual({ type: 'number', value: 'NaN' });
    expect(toLocalValue(-0)).toEqual({ type: 'number', value: '-0' });
    expect(toLocalValue(Infinity)).toEqual({ type: 'number', value: 'Infinity' });
    expect(toLocalValue(-Infinity)).toEqual({ type: 'number', value: '-Infinity' });
    // Plain zero stays a number, not "-0".
    const zero = toLocalValue(0);
    expect(zero.type === 'number' && Object.is(zero.value, 0)).toBe(true);
  });

  it('encodes nested arrays and objects with their keys in order', () => {
    expect(toLocalValue({ name: 'x', list: [1, [true, null]], inner: { deep: { n: -0 } }, empty: {} })).toEqual({
      type: 'object',
      value: [
        ['name', { type: 'string', value: 'x' }],
        [
          'list',
          {
            type: 'array',
            value: [
              { type: 'number', value: 1 },
              { type: 'array', value: [{ type: 'boolean', value: true }, { type: 'null' }] },
            ],
          },
        ],
        [
          'inner',
          { type: 'object', value: [['deep', { type: 'object', value: [['n', { type: 'number', value: '-0' }]] }]] },
        ],
        ['empty', { type: 'object', value: [] }],
      ],
    });
    expect(toLocalValue([])).toEqual({ type: 'array', value: [] });
  });
});

describe('fromRemoteValue', () => {
  it('decodes primitives and special numbers', () => {
    expect(fromRemoteValue({ type: 'undefined' })).toBeUndefined();
    expect(fromRemoteValue({ type: 'null' })).toBeNull();
    expect(fromRemoteValue({ type: 'string', value: 'a' })).toBe('a');
    expect(fromRemoteValue({ type: 'boolean', value: false })).toBe(false);
    expect(fromRemoteValue({ type: 'number', value: 3 })).toBe(3);
    expect(fromRemoteValue({ type: 'number', value: 'NaN' })).toBeNaN();
    expect(Object.is(fromRemoteValue({ type: 'number', value: '-0' }), -0)).toBe(true);
    expect(fromRemoteValue({ type: 'number', value: 'Infinity' })).toBe(Infinity);
    expect(fromRemoteValue({ type: 'number', value: '-Infinity' })).toBe(-Infinity);
  });

  it('keeps bigint, date and regexp readable as strings', () => {
    expect(fromRemoteValue({ type: 'bigint', value: '123456789012345678901234567890' })).toBe(
      '123456789012345678901234567890',
    );
    expect(fromRemoteValue({ type: 'date', value: '2024-05-01T12:00:00.000Z' })).toBe('2024-05-01T12:00:00.000Z');
    expect(fromRemoteValue({ type: 'regexp', value: { pattern: 'a+b', flags: 'gi' } })).toBe('/a+b/gi');
    expect(fromRemoteValue({ type: 'regexp', value: { pattern: '^x$' } })).toBe('/^x$/');
  });

  it('decodes list-like values to arrays, with undefined items as null', () => {
    const items: Script.ListRemoteValue = [
      { type: 'number', value: 1 },
      { type: 'undefined' },
      { type: 'string', value: 's' },
    ];
    expect(fromRemoteValue({ type: 'array', value: items })).toEqual([1, null, 's']);
    expect(fromRemoteValue({ type: 'set', value: items })).toEqual([1, null, 's']);
    expect(
      fromRemoteValue({
        type: 'nodelist',
        value: [{ type: 'node', sharedId: 'n1', value: { nodeType: 1, childNodeCount: 0, localName: 'li' } }],
      }),
    ).toEqual([{ node: 'li', sharedId: 'n1' }]);
    expect(fromRemoteValue({ type: 'htmlcollection', value: [] })).toEqual([]);
    // Past the serialization depth the browser sends no value at all.
    expect(fromRemoteValue({ type: 'array', handle: 'h1' })).toEqual([]);
    expect(fromRemoteValue({ type: 'object', handle: 'h2' })).toEqual({});
  });

  it('decodes objects and maps, dropping undefined members and naming non-string keys by their JSON', () => {
    expect(
      fromRemoteValue({
        type: 'object',
        value: [
          ['a', { type: 'number', value: 1 }],
          ['gone', { type: 'undefined' }],
          ['nested', { type: 'array', value: [{ type: 'object', value: [['b', { type: 'null' }]] }] }],
        ],
      }),
    ).toEqual({ a: 1, nested: [{ b: null }] });
    expect(
      fromRemoteValue({
        type: 'map',
        value: [
          [
            { type: 'number', value: 1 },
            { type: 'string', value: 'one' },
          ],
          [
            { type: 'array', value: [{ type: 'string', value: 'k' }] },
            { type: 'boolean', value: true },
          ],
          [{ type: 'undefined' }, { type: 'string', value: 'undefined key' }],
          ['plain', { type: 'number', value: 'NaN' }],
        ],
      }),
    ).toEqual({ '1': 'one', '["k"]': true, null: 'undefined key', plain: Number.NaN });
  });

  it('keeps a key named __proto__ as data instead of changing the prototype', () => {
    const value = fromRemoteValue({
      type: 'object',
      value: [
        ['__proto__', { type: 'object', value: [['polluted', { type: 'boolean', value: true }]] }],
        ['a', { type: 'number', value: 1 }],
      ],
    }) as Record<string, JsonValue>;

    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect('polluted' in value).toBe(false);
    expect(JSON.stringify(value)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });

  it('describes nodes by local name and shared id', () => {
    expect(
      fromRemoteValue({
        type: 'node',
        sharedId: 'f.1.d.2.e.3',
        value: { nodeType: 1, childNodeCount: 2, localName: 'button', attributes: { id: 'ok' } },
      }),
    ).toEqual({
      node: 'button',
      sharedId: 'f.1.d.2.e.3',
    });
    expect(
      fromRemoteValue({ type: 'node', sharedId: 't1', value: { nodeType: 3, childNodeCount: 0, nodeValue: 'text' } }),
    ).toEqual({ node: 'nodeType 3', sharedId: 't1' });
    expect(fromRemoteValue({ type: 'node' })).toEqual({ node: 'nodeType ?', sharedId: null });
  });

  it('names values JSON has no form for by their type', () => {
    const unsupported: Script.RemoteValue[] = [
      { type: 'function', handle: 'h' },
      { type: 'promise' },
      { type: 'symbol' },
      { type: 'weakmap' },
      { type: 'weakset' },
      { type: 'error' },
      { type: 'proxy' },
      { type: 'generator' },
      { type: 'arraybuffer' },
      { type: 'typedarray' },
      { type: 'window', value: { context: 'ctx-1' } },
    ];
    expect(unsupported.map((value) => fromRemoteValue(value))).toEqual([
      '[function]',
      '[promise]',
      '[symbol]',
      '[weakmap]',
      '[weakset]',
      '[error]',
      '[proxy]',
      '[generator]',
      '[arraybuffer]',
      '[typedarray]',
      '[window]',
    ]);
  });
});

describe('toLocalValue → browser → fromRemoteValue', () => {
  it('round-trips JSON values, nested ones included', () => {
    const samples: JsonValue[] = [
      null,
      true,
      0,
      -12.75,
      Number.MAX_SAFE_INTEGER,
      '',
      'line\nbreak "quoted" ✓',
      [],
      {},
      [1, 'two', [3, [4, [5]]], { six: 6 }],
      {
        user: { name: 'Ada', tags: ['a', 'b'], address: { city: 'London', zip: null } },
        active: false,
        scores: [1.5, 2.5],
      },
      JSON.parse('{"__proto__": {"x": 1}, "constructor": "c"}') as JsonValue,
    ];
    for (const sample of samples) expect(roundTrip(sample)).toEqual(sample);
    expect(roundTrip(undefined)).toBeUndefined();
  });

  it('round-trips NaN, -0 and the infinities, also inside structures', () => {
    expect(roundTrip(Number.NaN)).toBeNaN();
    expect(Object.is(roundTrip(-0), -0)).toBe(true);
    expect(Object.is(roundTrip(0), 0)).toBe(true);
    expect(roundTrip(Infinity)).toBe(Infinity);
    expect(roundTrip(-Infinity)).toBe(-Infinity);

    const back = roundTrip({ values: [Number.NaN, -0, Infinity, -Infinity] }) as { values: number[] };
    expect(back.values).toHaveLength(4);
    expect(back.values[0]).toBeNaN();
    expect(Object.is(back.values[1], -0)).toBe(true);
    expect(back.values.slice(2)).toEqual([Infinity, -Infinity]);
  });
});

import type { Script } from 'webdriver-bidi-protocol';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Turns a JSON value into the BiDi LocalValue that recreates it in the page. */
export function toLocalValue(value: JsonValue | undefined): Script.LocalValue {
  if (value === undefined) return { type: 'undefined' };
  if (value === null) return { type: 'null' };
  switch (typeof value) {
    case 'string':
      return { type: 'string', value };
    case 'boolean':
      return { type: 'boolean', value };
    case 'number':
      return { type: 'number', value: specialNumber(value) ?? value };
    default:
      if (Array.isArray(value)) return { type: 'array', value: value.map(toLocalValue) };
      return { type: 'object', value: Object.entries(value).map(([key, item]) => [key, toLocalValue(item)]) };
  }
}

function specialNumber(value: number): Script.SpecialNumber | undefined {
  if (Number.isNaN(value)) return 'NaN';
  if (Object.is(value, -0)) return '-0';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return undefined;
}

/**
 * Turns a BiDi RemoteValue into plain data. JSON-like values map one to one; values JSON has no
 * form for keep what a reader needs: a Date becomes its ISO string, a node `{ node, sharedId }`,
 * anything else (function, promise, window…) a `[type]` string. `mapNode` may say what a node becomes.
 */
export function fromRemoteValue(
  remote: Script.RemoteValue,
  mapNode?: (node: Script.NodeRemoteValue) => JsonValue,
): JsonValue | undefined {
  const convert = (item: Script.RemoteValue): JsonValue | undefined => fromRemoteValue(item, mapNode);
  switch (remote.type) {
    case 'undefined':
      return undefined;
    case 'null':
      return null;
    case 'string':
    case 'boolean':
      return remote.value;
    case 'number':
      return typeof remote.value === 'number' ? remote.value : Number(remote.value === '-0' ? -0 : remote.value);
    case 'bigint':
      return remote.value;
    case 'date':
      return remote.value;
    case 'regexp':
      return `/${remote.value.pattern}/${remote.value.flags ?? ''}`;
    case 'array':
    case 'set':
    case 'nodelist':
    case 'htmlcollection':
      return (remote.value ?? []).map((item) => convert(item) ?? null);
    case 'object':
    case 'map': {
      const entries: [string, JsonValue][] = [];
      for (const [key, item] of remote.value ?? []) {
        const name = typeof key === 'string' ? key : JSON.stringify(convert(key) ?? null);
        const converted = convert(item);
        if (converted !== undefined) entries.push([name, converted]);
      }
      // fromEntries defines own properties, so a key such as "__proto__" stays data, not a prototype.
      return Object.fromEntries(entries);
    }
    case 'node':
      if (mapNode) return mapNode(remote);
      return {
        node: remote.value?.localName ?? `nodeType ${remote.value?.nodeType ?? '?'}`,
        sharedId: remote.sharedId ?? null,
      };
    default:
      return `[${remote.type}]`;
  }
}

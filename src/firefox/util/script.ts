import type { Script } from 'webdriver-bidi-protocol';
import { fromRemoteValue, toLocalValue, type JsonValue } from '../../bidi/index.js';
import { EvaluationError, InvalidArgumentError } from '../errors.js';
import { oneLine, shorten } from './text.js';

/** A function, or its source, to call in a page. */
export type PageFunction = string | ((...args: never[]) => unknown);

/** The function's source, refusing an empty one with an example. */
export function sourceOf(fn: PageFunction, example: string): string {
  const source = typeof fn === 'function' ? fn.toString() : fn;
  if (source.trim() === '') throw new InvalidArgumentError(`The script needs a function, such as "${example}".`);
  return source;
}

/** One argument of a script call: an element by its BiDi reference, or a JSON value. */
export function scriptArgument(arg: unknown): Script.LocalValue | Script.RemoteReference {
  if (arg !== null && typeof arg === 'object' && 'sharedId' in arg && typeof arg.sharedId === 'string')
    return { sharedId: arg.sharedId };
  return toLocalValue(arg as JsonValue | undefined);
}

/** script.callFunction parameters for `source` in `target`, with JSON or element arguments, awaiting promises. */
export function callParams(
  source: string,
  target: Script.Target,
  args: (JsonValue | { sharedId: string })[],
): Script.CallFunctionParameters {
  return {
    functionDeclaration: source,
    arguments: args.map(scriptArgument),
    awaitPromise: true,
    target,
    resultOwnership: 'none',
    serializationOptions: { maxObjectDepth: 20, maxDomDepth: 0 },
  };
}

/** The script's value as JSON, or an EvaluationError with what it threw. */
export function unwrapEvaluation(result: Script.EvaluateResult): JsonValue | undefined {
  if (result.type === 'exception') {
    const details = result.exceptionDetails;
    throw new EvaluationError(
      `The script threw: ${oneLine(shorten(details.text, 2000))}${details.lineNumber ? ` (line ${details.lineNumber + 1})` : ''}`,
    );
  }
  return fromRemoteValue(result.result);
}

/** The BiDi references (sharedIds) of the elements in a result, each once, in order. */
export function elementsIn(value: Script.RemoteValue): string[] {
  const found = new Set<string>();
  const collect = (item: Script.RemoteValue): void => {
    if (item.type === 'node' && item.sharedId) found.add(item.sharedId);
    else if ('value' in item && Array.isArray(item.value))
      for (const entry of item.value as (Script.RemoteValue | [unknown, Script.RemoteValue])[])
        collect(Array.isArray(entry) ? entry[1] : entry);
  };
  collect(value);
  return [...found];
}

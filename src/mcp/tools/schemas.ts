import { z } from 'zod';
import { InvalidArgumentError, quote } from '../../firefox/index.js';

/** Parameters several tools share, described once for the model (those every tool of a kind takes are in tool.ts). */
export const uid = z.string().describe('Element uid from take_snapshot, e.g. 3_14.');

/** `given`, when every value is one of `allowed`; else an error naming the strangers and the choices. */
export function oneOf<T extends string>(given: readonly string[], allowed: readonly T[], parameter: string): T[] {
  const strangers = given.filter((value) => !(allowed as readonly string[]).includes(value));
  if (strangers.length)
    throw new InvalidArgumentError(
      `${parameter} has ${strangers.map((value) => quote(value, 40)).join(', ')}, which ${strangers.length === 1 ? 'is' : 'are'} not one of ${allowed.join(', ')}.`,
    );
  return given as T[];
}

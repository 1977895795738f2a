import { statSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { ElementNotInteractableError, InvalidArgumentError } from '../../errors.js';
import { oneLine, quote } from '../../util/text.js';
import type { NamedElement } from './done.js';

/*
 * How input's errors name its target and refuse one that cannot take it, in one wording for every action. (Answers
 * are worded by the caller, from the data: done.ts.)
 */

/** The target as the snapshot lists it: uid, role (the tag for a generic element) and name. */
export function describeTarget(uid: string, target: Pick<NamedElement, 'role' | 'tag' | 'name'>): string {
  const what = target.role && target.role !== 'generic' ? target.role : target.tag;
  return `uid=${uid} ${what}${target.name ? ` ${quote(target.name)}` : ''}`;
}

/** An element an action named, as its errors name it. */
export function describeElement(element: NamedElement): string {
  return describeTarget(element.uid, element);
}

export function behindModal(what: string, modal: string): ElementNotInteractableError {
  return new ElementNotInteractableError(
    `${what}: it is behind the open modal ${oneLine(modal)}. Act inside that dialog, or close it first (its close or cancel button, or the Escape key: pressKey()).`,
  );
}

export function inert(what: string): ElementNotInteractableError {
  return new ElementNotInteractableError(
    `${what}: it is inert (inside an element with the inert attribute), so the page lets nobody use it. Wait until the page makes it usable (waitForText()), or act on another element.`,
  );
}

export function covered(what: string, coveredBy: string): ElementNotInteractableError {
  return new ElementNotInteractableError(
    `${what}: it is covered by ${oneLine(coveredBy)}, which would get the click. Close or act on that element first, then try again.`,
  );
}

/** The absolute paths of `paths`, each an existing regular file; a clear refusal otherwise. */
export function existingFiles(paths: readonly string[]): string[] {
  if (paths.length === 0) throw new InvalidArgumentError('uploadFile needs at least one file path.');
  return paths.map((path) => {
    const absolute = resolvePath(path);
    let isFile = false;
    try {
      isFile = statSync(absolute).isFile();
    } catch {
      throw new InvalidArgumentError(`File ${quote(path)} does not exist; give the path of an existing file.`);
    }
    if (!isFile)
      throw new InvalidArgumentError(
        `${quote(path)} is not a regular file; give the path of a file, not a directory or device.`,
      );
    return absolute;
  });
}

/**
 * A part a canvas draws (see drawn-parts.ts): nothing says where, so no pointer can be aimed at it; `then` says what to
 * do instead.
 */
export function undrawn(
  what: string,
  canvas: string,
  then = 'Click it (that gives it the focus), then use the keys, or act on the canvas itself.',
): ElementNotInteractableError {
  return new ElementNotInteractableError(
    `${what}: ${oneLine(canvas)} draws it, and nothing on the page says where, so no pointer can be aimed at it. ${then}`,
  );
}

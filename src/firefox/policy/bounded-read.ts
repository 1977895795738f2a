import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { InvalidArgumentError } from '../errors.js';
import { quote } from '../util/text.js';

/** A size for people: "2.0 GB (2147483648 bytes)". */
export function describeSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]} (${bytes} bytes)`;
}

/**
 * The bytes of a file of at most `maxBytes`. The size is checked before anything is read, and the
 * read stops one byte past the limit, so a huge file (or one that grows, or a file whose size the
 * kernel does not know) costs neither the time nor the memory of reading it. `what` names the
 * file's use in the refusal, such as "a mocked body".
 */
export function readFileWithin(path: string, maxBytes: number, what: string, shownPath = path): Buffer {
  const refuse = (size: string): never => {
    throw new InvalidArgumentError(
      `${quote(shownPath)} is ${size}; ${what} may be at most ${describeSize(maxBytes)}. Give a smaller file.`,
    );
  };
  // Non-blocking, so a path swapped for a fifo since it was checked cannot hang the open.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new InvalidArgumentError(
        `${quote(shownPath)} is not a regular file; give the path of a file, not a directory or device.`,
      );
    const size = stat.size;
    if (size > maxBytes) refuse(describeSize(size));
    // One byte more than allowed tells a file that grew (or, like /proc files, reported no size) past the limit.
    let buffer = Buffer.alloc(Math.min(size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) refuse(`over ${describeSize(maxBytes)}`);
        const grown = Buffer.alloc(Math.min(buffer.length * 2 + 65_536, maxBytes + 1));
        buffer.copy(grown);
        buffer = grown;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) return buffer.subarray(0, length);
      length += read;
    }
  } finally {
    closeSync(fd);
  }
}

/** Screenshots decoded for tests: a pixel's colour, and how much of a box the secret cover paints. */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { COVER_COLOUR } from '../../src/firefox/picture/marks.js';

export type Box = { x: number; y: number; width: number; height: number };
export type Picture = { width: number; height: number; at: (x: number, y: number) => [number, number, number] };

export function decode(image: Buffer, format: 'png' | 'jpeg' = 'png'): Picture {
  const { width, height, data } =
    format === 'png' ? PNG.sync.read(image) : jpeg.decode(image, { useTArray: true, formatAsRGBA: true });
  return {
    width,
    height,
    at: (x, y) => [
      data[(y * width + x) * 4] ?? 0,
      data[(y * width + x) * 4 + 1] ?? 0,
      data[(y * width + x) * 4 + 2] ?? 0,
    ],
  };
}

export const near = (a: readonly number[], b: readonly number[], tolerance: number): boolean =>
  a.every((value, index) => Math.abs(value - (b[index] ?? 0)) <= tolerance);

/** The share of the pixels inside `box` (1 px in from its edge) that are the cover's colour. */
export function coveredShare(picture: Picture, box: Box, tolerance = 0): number {
  let covered = 0;
  let all = 0;
  for (
    let y = Math.max(0, Math.ceil(box.y) + 1);
    y < Math.min(picture.height, Math.floor(box.y + box.height) - 1);
    y++
  ) {
    for (
      let x = Math.max(0, Math.ceil(box.x) + 1);
      x < Math.min(picture.width, Math.floor(box.x + box.width) - 1);
      x++
    ) {
      all++;
      if (near(picture.at(x, y), COVER_COLOUR, tolerance)) covered++;
    }
  }
  return all ? covered / all : 0;
}

/**
 * How many pixels of the picture are painted over outside every one of `boxes` (each widened by
 * `margin`): the cover's colour with the 3 × 3 pixels around it, which a glyph's anti-aliased edge
 * of the same grey is not.
 */
export function coveredOutside(picture: Picture, boxes: readonly Box[], margin = 2): number {
  const inside = (x: number, y: number): boolean =>
    boxes.some(
      (box) =>
        x >= box.x - margin && x < box.x + box.width + margin && y >= box.y - margin && y < box.y + box.height + margin,
    );
  const painted = (x: number, y: number): boolean =>
    [-1, 0, 1].every((dy) => [-1, 0, 1].every((dx) => near(picture.at(x + dx, y + dy), COVER_COLOUR, 0)));
  let count = 0;
  for (let y = 1; y < picture.height - 1; y++)
    for (let x = 1; x < picture.width - 1; x++) if (!inside(x, y) && painted(x, y)) count++;
  return count;
}

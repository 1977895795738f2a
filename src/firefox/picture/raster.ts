/**
 * A screenshot as pixels that can be drawn on: decoded from PNG or JPEG, painted with solid
 * rectangles, and encoded again in the format asked for. Pictures are edited here, in Node, and
 * never by drawing into the page (which the page could see, keep or send).
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export type PictureFormat = 'png' | 'jpeg';
/** Red, green, blue, alpha: 0–255 each. */
export type Colour = readonly [number, number, number, number];

export class Raster {
  private constructor(
    readonly width: number,
    readonly height: number,
    /** RGBA, row by row. */
    private readonly data: Buffer | Uint8Array,
  ) {}

  static decode(image: Buffer, format: PictureFormat): Raster {
    if (format === 'png') {
      const png = PNG.sync.read(image);
      return new Raster(png.width, png.height, png.data);
    }
    const decoded = jpeg.decode(image, { useTArray: true, formatAsRGBA: true });
    return new Raster(decoded.width, decoded.height, decoded.data);
  }

  /** The picture in `format`; `quality` (0–100) for JPEG. */
  encode(format: PictureFormat, quality = 80): Buffer {
    if (format === 'jpeg')
      return Buffer.from(jpeg.encode({ data: this.data, width: this.width, height: this.height }, quality).data);
    const png = new PNG({ width: this.width, height: this.height });
    png.data = Buffer.from(this.data.buffer, this.data.byteOffset, this.data.byteLength);
    return PNG.sync.write(png);
  }

  /** Paints a rectangle (clipped to the picture; fractions rounded outwards) in `colour`. */
  fill(x: number, y: number, width: number, height: number, colour: Colour): void {
    const [left, top] = [Math.max(0, Math.floor(x)), Math.max(0, Math.floor(y))];
    const [right, bottom] = [Math.min(this.width, Math.ceil(x + width)), Math.min(this.height, Math.ceil(y + height))];
    for (let row = top; row < bottom; row++) {
      for (let column = left; column < right; column++) this.data.set(colour, (row * this.width + column) * 4);
    }
  }

  /** Paints the outline of a rectangle, `thickness` pixels inside its edge. */
  stroke(x: number, y: number, width: number, height: number, thickness: number, colour: Colour): void {
    this.fill(x, y, width, thickness, colour);
    this.fill(x, y + height - thickness, width, thickness, colour);
    this.fill(x, y, thickness, height, colour);
    this.fill(x + width - thickness, y, thickness, height, colour);
  }
}

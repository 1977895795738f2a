/**
 * What a screenshot gets before it leaves: the places that show a secret painted over, and, when
 * asked, each listed element outlined with its uid drawn at its top left corner, for a model that
 * reads pictures to name what it sees by the uid the input tools take.
 */
import { drawable, drawGlyphs, GLYPH_HEIGHT, glyphsWidth } from './glyphs.js';
import { Raster, type Colour, type PictureFormat } from './raster.js';

/** x, y, width, height in CSS pixels, from the picture's top left. */
export type PictureBox = readonly [number, number, number, number];

export interface PictureMarks {
  /** Places that show a secret or a password: painted over whole. */
  covers: readonly PictureBox[];
  /** Elements to outline, each with its uid. */
  labels: readonly { uid: string; box: PictureBox }[];
  /** Picture pixels per CSS pixel (the device pixel ratio). */
  scale: number;
}

export const COVER_COLOUR: Colour = [64, 64, 64, 255];
export const OUTLINE_COLOUR: Colour = [214, 0, 110, 255];
export const LABEL_INK: Colour = [255, 255, 255, 255];

/** Picture pixels per glyph pixel at `scale`: two at 1×, so a uid reads well in a 1280 px picture. */
export const glyphScale = (scale: number): number => Math.max(2, Math.round(2 * scale));
/** The label's margin around its text, in glyph pixels. */
const LABEL_PADDING = 1;

/**
 * Where a label of `uid` goes for an element at `box` (picture pixels): above its top left corner, or inside it when
 * there is no room above.
 */
export function labelBox(uid: string, box: PictureBox, scale: number): PictureBox {
  const dot = glyphScale(scale);
  const width = glyphsWidth(uid, dot) + 2 * LABEL_PADDING * dot;
  const height = (GLYPH_HEIGHT + 2 * LABEL_PADDING) * dot;
  const top = box[1] - height >= 0 ? box[1] - height : box[1];
  return [Math.round(box[0]), Math.round(top), width, height];
}

/** How a picture came and how it is to leave. */
export interface PictureFormats {
  from: PictureFormat;
  to: PictureFormat;
  /** JPEG quality, 0–100. */
  quality?: number;
}

/**
 * The picture with its marks, in the `to` format; the picture as it came when there is nothing to mark and no format to
 * change.
 */
export function markPicture(image: Buffer, formats: PictureFormats, marks: PictureMarks): Buffer {
  if (marks.covers.length === 0 && marks.labels.length === 0 && formats.from === formats.to) return image;
  const raster = Raster.decode(image, formats.from);
  const pixels = (box: PictureBox): PictureBox => [
    box[0] * marks.scale,
    box[1] * marks.scale,
    box[2] * marks.scale,
    box[3] * marks.scale,
  ];
  const thickness = Math.max(1, Math.round(marks.scale));
  for (const { uid, box } of marks.labels) {
    if (!drawable(uid)) continue;
    const [x, y, width, height] = pixels(box);
    raster.stroke(x, y, width, height, thickness, OUTLINE_COLOUR);
    const label = labelBox(uid, [x, y, width, height], marks.scale);
    raster.fill(...label, OUTLINE_COLOUR);
    const dot = glyphScale(marks.scale);
    drawGlyphs(uid, dot, (dx, dy) =>
      raster.fill(label[0] + LABEL_PADDING * dot + dx, label[1] + LABEL_PADDING * dot + dy, dot, dot, LABEL_INK),
    );
  }
  // Covers go last: no outline or label is ever drawn over a secret's place and left readable beside it.
  for (const box of marks.covers) raster.fill(...pixels(box), COVER_COLOUR);
  return raster.encode(formats.to, formats.quality);
}

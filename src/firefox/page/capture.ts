import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { InvalidArgumentError } from '../errors.js';
import type { PageParts } from './parts.js';
import type { ScreenshotOptions } from './types.js';

/** The image format of a screenshot, once its options are known to fit together (before anything is sent). */
export function screenshotFormat(options: ScreenshotOptions): 'png' | 'jpeg' {
  const format: string = options.format ?? 'png';
  if (format !== 'png' && format !== 'jpeg') throw new InvalidArgumentError(`Screenshot format "${format}" is not supported; use "png" or "jpeg".`);
  if (options.quality !== undefined) {
    if (format !== 'jpeg') throw new InvalidArgumentError('quality applies only to format "jpeg"; remove it or set format: "jpeg".');
    if (!(options.quality >= 0 && options.quality <= 100)) throw new InvalidArgumentError(`quality must be between 0 and 100, got ${options.quality}.`);
  }
  if (options.uid !== undefined && options.fullPage) throw new InvalidArgumentError('Give either uid (one element) or fullPage, not both.');
  return format;
}

/** A screenshot of the page's viewport, its whole document, or one element (found by its uid in its own document). */
export async function captureScreenshot(page: PageParts, options: ScreenshotOptions, format: 'png' | 'jpeg'): Promise<Buffer> {
  const element = options.uid === undefined ? undefined : await page.snapshots.elementRef(options.uid);
  const { data } = await page.send('browsingContext.captureScreenshot', screenshotParams(page.id, options, format, element), 'Taking a screenshot');
  return Buffer.from(data, 'base64');
}

/** BiDi captureScreenshot parameters: the viewport of page `context`, its whole document, or one element's box in its own document. */
function screenshotParams(context: string, options: ScreenshotOptions, format: 'png' | 'jpeg', element?: { frame: string; sharedId: string }): BrowsingContext.CaptureScreenshotParameters {
  return {
    context: element?.frame ?? context,
    origin: options.fullPage || element ? 'document' : 'viewport',
    ...(element ? { clip: { type: 'element', element: { sharedId: element.sharedId } } } : {}),
    format: { type: `image/${format}`, ...(options.quality === undefined ? {} : { quality: options.quality / 100 }) },
  };
}

/** BiDi print parameters: page `context` to PDF, with its backgrounds unless told otherwise. */
export function printParams(context: string, options: { landscape?: boolean; background?: boolean }): BrowsingContext.PrintParameters {
  return { context, background: options.background ?? true, orientation: options.landscape ? 'landscape' : 'portrait' };
}

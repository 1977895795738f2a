import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { InvalidArgumentError } from '../errors.js';
import { markPicture } from '../picture/marks.js';
import type { SecretStore } from '../policy/secrets.js';
import type { PageParts } from './parts.js';
import { labelledElements, secretPlaces, type SecretPlaces } from './picture.js';
import type { TakenSnapshot } from './snapshots.js';
import type { ScreenshotOptions } from './types.js';

/** A screenshot and what it shows beyond the page. */
export interface Screenshot {
  image: Buffer;
  /** Places painted over because they show a password or a secret. */
  covered: number;
  /** Picture pixels per CSS pixel (the device pixel ratio): what maps a point of the picture to one of the page. */
  scale: number;
  /** With annotate: the snapshot whose uids it drew, and how many elements it outlined. */
  annotated?: { snapshotId: number; elements: number };
}

/** The image format of a screenshot, once its options are known to fit together (before anything is sent). */
export function screenshotFormat(options: ScreenshotOptions): 'png' | 'jpeg' {
  const format: string = options.format ?? 'png';
  if (format !== 'png' && format !== 'jpeg')
    throw new InvalidArgumentError(`Screenshot format "${format}" is not supported; use "png" or "jpeg".`);
  if (options.quality !== undefined) {
    if (format !== 'jpeg')
      throw new InvalidArgumentError('quality applies only to format "jpeg"; remove it or set format: "jpeg".');
    if (!(options.quality >= 0 && options.quality <= 100))
      throw new InvalidArgumentError(`quality must be between 0 and 100, got ${options.quality}.`);
  }
  if (options.uid !== undefined && options.fullPage)
    throw new InvalidArgumentError('Give either uid (one element) or fullPage, not both.');
  return format;
}

/**
 * Both readings of what to cover, as one: a place that moved while the picture was taken is covered where it was and
 * where it is (one that stayed, once).
 */
const bothReadings = (before: SecretPlaces, after: SecretPlaces): SecretPlaces => {
  const stayed = new Set(after.covers.map((box) => box.join()));
  return { ...after, covers: [...before.covers.filter((box) => !stayed.has(box.join())), ...after.covers] };
};

/**
 * A screenshot of the page's viewport, its whole document, or one element (found by its uid in
 * its own document), with what shows a password or a secret painted over (read before and after
 * the capture, and in each state the page passed through between); with `snapshot`, each
 * element it lists that takes input outlined with its uid. A picture with marks is captured as
 * PNG and encoded in the format asked for once marked.
 */
export async function captureScreenshot(
  page: PageParts,
  secrets: SecretStore,
  options: ScreenshotOptions,
  snapshot?: TakenSnapshot,
): Promise<Screenshot> {
  const format = screenshotFormat(options);
  const element = options.uid === undefined ? undefined : await page.uids.elementRef(options.uid);
  const origin = {
    browsingContext: element?.frame ?? page.id,
    fullPage: options.fullPage === true,
    ...(options.uid === undefined ? {} : { clipUid: options.uid }),
  };
  const before = await secretPlaces(page, secrets, origin, 'before');
  const labels = snapshot ? labelledElements(snapshot, { ...origin, scroll: before.scroll }) : [];
  const marked = before.covers.length > 0 || labels.length > 0;
  const captureFormat = marked ? 'png' : format;
  const { data } = await page.send(
    'browsingContext.captureScreenshot',
    screenshotParams(
      page.id,
      options.fullPage === true,
      captureFormat,
      captureFormat === 'jpeg' ? options.quality : undefined,
      element,
    ),
    'Taking a screenshot',
  );
  const places = bothReadings(before, await secretPlaces(page, secrets, origin, 'after'));
  const captured = Buffer.from(data, 'base64');
  const image = markPicture(
    captured,
    { from: captureFormat, to: format, ...(options.quality === undefined ? {} : { quality: options.quality }) },
    { covers: places.covers, labels, scale: places.scale },
  );
  return {
    image,
    covered: places.covers.length,
    scale: places.scale,
    ...(snapshot ? { annotated: { snapshotId: snapshot.id, elements: labels.length } } : {}),
  };
}

/**
 * BiDi captureScreenshot parameters: the viewport of page `browsingContext`, its whole document, or one element's box
 * in its own document.
 */
function screenshotParams(
  browsingContext: string,
  fullPage: boolean,
  format: 'png' | 'jpeg',
  quality: number | undefined,
  element?: { frame: string; sharedId: string },
): BrowsingContext.CaptureScreenshotParameters {
  return {
    context: element?.frame ?? browsingContext,
    origin: fullPage || element ? 'document' : 'viewport',
    ...(element ? { clip: { type: 'element', element: { sharedId: element.sharedId } } } : {}),
    format: { type: `image/${format}`, ...(quality === undefined ? {} : { quality: quality / 100 }) },
  };
}

/** The page printed to PDF, with its backgrounds unless told otherwise. */
export async function printPdf(
  page: PageParts,
  options: { landscape?: boolean; background?: boolean },
): Promise<Buffer> {
  const params: BrowsingContext.PrintParameters = {
    context: page.id,
    background: options.background ?? true,
    orientation: options.landscape ? 'landscape' : 'portrait',
  };
  const { data } = await page.send('browsingContext.print', params, 'Printing to PDF', 60_000);
  return Buffer.from(data, 'base64');
}

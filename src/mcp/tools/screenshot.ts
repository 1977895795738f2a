import { z } from 'zod';
import { defineTool } from '../tool.js';

export const takeScreenshot = defineTool({
  name: 'take_screenshot',
  description: 'Take a screenshot of the selected page (the viewport, the full page, or one element). Returned as an image unless saved to a file.',
  annotations: { category: 'screenshot', readOnlyHint: true },
  pageScoped: true,
  blockedByDialog: true,
  schema: {
    uid: z.string().optional().describe('Only this element (a uid from take_snapshot).'),
    fullPage: z.boolean().optional().describe('The whole page instead of the viewport. Default false.'),
    format: z.enum(['png', 'jpeg']).optional().describe('Image format (default png).'),
    quality: z.number().int().min(0).max(100).optional().describe('JPEG quality, 0-100.'),
    filePath: z.string().optional().describe('Save the image to this file (in the output directory when relative) instead of returning it.'),
  },
  handler: async ({ uid, fullPage, format, quality, filePath }, { page, files }, response) => {
    const image = await page.screenshot({ format: format ?? 'png', ...(uid === undefined ? {} : { uid }), ...(fullPage === undefined ? {} : { fullPage }), ...(quality === undefined ? {} : { quality }) });
    const what = uid ? `element ${uid}` : fullPage ? 'the full page' : 'the viewport';
    if (filePath !== undefined) {
      const target = files.write(filePath, image);
      response.line(`Saved a screenshot of ${what} (${image.length} bytes) to ${target}.`).structured('filePath', target);
      return;
    }
    response.line(`Took a screenshot of ${what}.`).image(image, format === 'jpeg' ? 'image/jpeg' : 'image/png');
  },
});

export const screenshotTools = [takeScreenshot];

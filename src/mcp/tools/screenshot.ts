import { z } from 'zod';
import { pageTool } from '../tool.js';

export const takeScreenshot = pageTool({
  name: 'take_screenshot',
  description: 'Take a screenshot of the selected page (the viewport, the full page, or one element). Returned as an image unless saved to a file.',
  category: 'screenshot',
  readOnly: true,
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

export const savePdf = pageTool({
  name: 'save_pdf',
  description: 'Print the selected page to PDF and save it (in the output directory when the path is relative).',
  category: 'screenshot',
  readOnly: true,
  schema: {
    filePath: z.string().optional().describe('Where to save it (default page-<time>.pdf in the output directory).'),
    landscape: z.boolean().optional().describe('Landscape instead of portrait. Default false.'),
    background: z.boolean().optional().describe('Print backgrounds. Default true.'),
  },
  handler: async ({ filePath, landscape, background }, { page, files }, response) => {
    const pdf = await page.printPdf({ ...(landscape === undefined ? {} : { landscape }), ...(background === undefined ? {} : { background }) });
    const target = files.write(filePath ?? `page-${new Date().toISOString().replace(/[:.]/g, '-')}.pdf`, pdf);
    response.line(`Saved the page as PDF (${pdf.length} bytes) to ${target}.`).structured('filePath', target).structured('bytes', pdf.length);
  },
});

export const screenshotTools = [takeScreenshot, savePdf];

import { z } from 'zod';
import { pageTool } from '../tool.js';

export const takeScreenshot = pageTool({
  name: 'take_screenshot',
  description: 'Screenshot of the viewport, the full page or one element; an image unless saved to a file.',
  category: 'screenshot',
  readOnly: true,
  schema: {
    uid: z.string().optional().describe('Only this element (uid).'),
    fullPage: z.boolean().optional().describe('The whole page.'),
    format: z.enum(['png', 'jpeg']).optional().describe('Default png.'),
    quality: z.number().int().min(0).max(100).optional().describe('JPEG quality 0-100.'),
    filePath: z.string().optional().describe('Save to this file instead (relative: in the output directory).'),
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
  description: 'Print the page to a PDF file.',
  category: 'screenshot',
  readOnly: true,
  schema: {
    filePath: z.string().optional().describe('Default page-<time>.pdf in the output directory.'),
    landscape: z.boolean().optional().describe('Landscape.'),
    background: z.boolean().optional().describe('Print backgrounds (default true).'),
  },
  handler: async ({ filePath, landscape, background }, { page, files }, response) => {
    const pdf = await page.printPdf({ ...(landscape === undefined ? {} : { landscape }), ...(background === undefined ? {} : { background }) });
    const target = files.write(filePath ?? `page-${new Date().toISOString().replace(/[:.]/g, '-')}.pdf`, pdf);
    response.line(`Saved the page as PDF (${pdf.length} bytes) to ${target}.`).structured('filePath', target).structured('bytes', pdf.length);
  },
});

export const screenshotTools = [takeScreenshot, savePdf];

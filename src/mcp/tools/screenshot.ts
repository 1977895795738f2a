import { z } from 'zod';
import type { Screenshot } from '../../firefox/index.js';
import { lineWriter } from '../answer-frame.js';
import { pageTool } from '../tool.js';

const savedShot = lineWriter(
  'files',
  'Saved a screenshot of ',
  (what: string, bytes: number, path: string) => `${what} (${bytes} bytes) to ${path}.`,
  ['the viewport', 24233, '/out/shot.png'],
);
const tookShot = lineWriter('files', 'Took a screenshot of ', (what: string) => `${what}.`, ['the viewport']);
const savedPdf = lineWriter(
  'files',
  'Saved the page as PDF',
  (bytes: number, path: string) => ` (${bytes} bytes) to ${path}.`,
  [24233, '/out/page.pdf'],
);

export const takeScreenshot = pageTool({
  name: 'take_screenshot',
  description:
    'Screenshot of the viewport, the full page or one element; an image unless saved to a file. Password fields and whatever shows a --secrets value are painted over.',
  category: 'screenshot',
  readOnly: true,
  fileArgs: ['filePath'],
  lines: [savedShot.form, tookShot.form],
  schema: {
    uid: z.string().optional().describe('Only this element (uid).'),
    fullPage: z.boolean().optional().describe('The whole page.'),
    format: z.enum(['png', 'jpeg']).optional().describe('Default png.'),
    quality: z.number().int().min(0).max(100).optional().describe('JPEG quality 0-100.'),
    annotate: z.boolean().optional().describe('Outline the elements that take input, each with its uid.'),
    filePath: z.string().optional().describe('Save to this file instead (relative: in the output directory).'),
  },
  handler: async ({ uid, fullPage, format, quality, annotate, filePath }, { page, files }, response) => {
    const shot = await page.screenshot({
      format: format ?? 'png',
      ...(uid === undefined ? {} : { uid }),
      ...(fullPage === undefined ? {} : { fullPage }),
      ...(quality === undefined ? {} : { quality }),
      ...(annotate === undefined ? {} : { annotate }),
    });
    const what = `${uid ? `element ${uid}` : fullPage ? 'the full page' : 'the viewport'}${screenshotMarks(shot)}`;
    if (filePath !== undefined) {
      const target = files.write(filePath, shot.image);
      response.line(savedShot(what, shot.image.length, target)).structured('filePath', target);
      return;
    }
    response.line(tookShot(what)).image(shot.image, format === 'jpeg' ? 'image/jpeg' : 'image/png');
  },
});

/** What the picture shows beyond the page: the uids drawn on it, the places painted over. */
function screenshotMarks(shot: Screenshot): string {
  const marks = [
    ...(shot.annotated
      ? [
          `${shot.annotated.elements} element${shot.annotated.elements === 1 ? '' : 's'} outlined with their uids from snapshot ${shot.annotated.snapshotId}`,
        ]
      : []),
    ...(shot.covered
      ? [`${shot.covered} place${shot.covered === 1 ? '' : 's'} showing a password or a secret painted over`]
      : []),
  ];
  return marks.length ? `, ${marks.join('; ')}` : '';
}

export const savePdf = pageTool({
  name: 'save_pdf',
  description: 'Print the page to a PDF file.',
  category: 'screenshot',
  readOnly: true,
  fileArgs: ['filePath'],
  lines: [savedPdf.form],
  schema: {
    filePath: z.string().optional().describe('Default page-<time>.pdf in the output directory.'),
    landscape: z.boolean().optional().describe('Landscape.'),
    background: z.boolean().optional().describe('Print backgrounds (default true).'),
  },
  handler: async ({ filePath, landscape, background }, { page, files }, response) => {
    const pdf = await page.printPdf({
      ...(landscape === undefined ? {} : { landscape }),
      ...(background === undefined ? {} : { background }),
    });
    const target = files.write(filePath ?? `page-${new Date().toISOString().replace(/[:.]/g, '-')}.pdf`, pdf);
    response.line(savedPdf(pdf.length, target)).structured('filePath', target).structured('bytes', pdf.length);
  },
});

export const screenshotTools = [takeScreenshot, savePdf];

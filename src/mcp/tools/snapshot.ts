import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { formatSnapshotText } from '../../firefox/index.js';
import { defineTool, outputPath } from '../tool.js';
import { uid } from './schemas.js';

export const takeSnapshot = defineTool({
  name: 'take_snapshot',
  description:
    'Take a text snapshot of the selected page: one line per visible element a person can see or use, each with a uid that the input tools take. Prefer it to a screenshot. Uids stay valid until the page navigates.',
  annotations: { category: 'snapshot', readOnlyHint: true },
  schema: {
    verbose: z.boolean().optional().describe('Also show where each name came from and each element\'s box (x,y,width,height). Default false.'),
    filePath: z.string().optional().describe('Save the snapshot to this file (in the output directory when relative) instead of returning it.'),
  },
  handler: async ({ verbose, filePath }, { client, options }, response) => {
    const snapshot = await client.takeSnapshot();
    const text = verbose ? formatSnapshotText(snapshot, true) : snapshot.text;
    response.structured('snapshotId', snapshot.id).structured('url', snapshot.url).structured('title', snapshot.title);
    if (filePath !== undefined) {
      const target = outputPath(options, filePath);
      writeFileSync(target, `${text}\n`);
      response.line(`Saved snapshot ${snapshot.id} (${snapshot.stats.kept} elements, ${text.length} characters) to ${target}.`).structured('filePath', target);
      return;
    }
    response.line('## Page snapshot').line(text);
  },
});

export const resolveUidToSelector = defineTool({
  name: 'resolve_uid_to_selector',
  description: 'Give a CSS selector that finds exactly the element with this uid (with its shadow-host chain), for use in Playwright or Selenium scripts.',
  annotations: { category: 'snapshot', readOnlyHint: true },
  schema: { uid },
  handler: async ({ uid: target }, { client }, response) => {
    const found = await client.resolveUidToSelector(target);
    response.line(found.full).structured('selector', found.selector).structured('shadowHosts', found.shadowHosts).structured('frames', found.frames).structured('full', found.full);
  },
});

export const snapshotTools = [takeSnapshot, resolveUidToSelector];

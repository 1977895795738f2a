import { formatWitnessReport } from '../../firefox/index.js';
import { pageTool } from '../tool.js';

export const witnessSnapshot = pageTool({
  name: 'witness_snapshot',
  description:
    "Check a fresh snapshot against Firefox's own accessibility engine: every control it exposes that a person can see must be listed with the same role and name; and the snapshot you would get now against a full walk of the page. Lists the differences (deliberate ones with their reason), to report what a snapshot misses.",
  category: 'witness',
  readOnly: true,
  schema: {},
  handler: async (_args, { page }, response) => {
    const report = await page.witness();
    response
      .line(formatWitnessReport(report))
      .structured('snapshotId', report.snapshotId)
      .structured('checked', report.checked)
      .structured('differences', report.differences)
      .structured('deliberate', report.deliberate.length)
      .structured('unanswered', report.unanswered)
      .structured('freshness', report.freshness.checked ? (report.freshness.same ? 'same' : 'stale') : 'not checked');
  },
});

export const witnessTools = [witnessSnapshot];

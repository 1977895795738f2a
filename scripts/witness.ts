// Has Firefox's own accessibility engine witness a snapshot of any page, and prints where the two
// differ: what a person can see and use that the snapshot misses, names or roles it gets wrong,
// and the deliberate differences with their reasons. Paste the output into an issue.
// Usage: npm run witness -- <url> [<url> …] [--wait <text shown when the page is ready>]
// Exit code: 0 when no undocumented difference was found, 1 when one was, 2 on a usage error.
import { DELIBERATE, FirefoxClient, formatWitnessReport } from '../src/index.js';

const args = process.argv.slice(2);
const waitIndex = args.indexOf('--wait');
const waitFor = waitIndex >= 0 ? args[waitIndex + 1] : undefined;
const urls = args.filter((arg, index) => !arg.startsWith('--') && (waitIndex < 0 || index !== waitIndex + 1));
if (urls.length === 0 || (waitIndex >= 0 && waitFor === undefined)) {
  console.error('Usage: npm run witness -- <url> [<url> …] [--wait <text shown when the page is ready>]');
  process.exit(2);
}

const client = await FirefoxClient.launch();
let found = 0;
try {
  for (const url of urls) {
    await client.page.navigate(url);
    if (waitFor !== undefined) await client.page.waitForText(waitFor);
    const report = await client.page.witness();
    found += report.differences.length;
    console.log(`${formatWitnessReport(report)}\n`);
  }
  console.log(`Deliberate differences:\n${DELIBERATE.map((entry) => `- ${entry.id}: ${entry.reason}`).join('\n')}`);
} finally {
  await client.close();
}
process.exitCode = found > 0 ? 1 : 0;

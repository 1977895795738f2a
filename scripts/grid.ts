/**
 * npm run grid: a Selenium Grid 4 on this machine, a hub and two Chromium nodes as separate
 * processes (scripts/lib/grid.ts), until Ctrl-C, which stops them all and removes what they made.
 * As root, the hub and the second node run in network namespaces of their own (-- --no-namespaces
 * to keep everything on 127.0.0.1). Usage: npm run grid [-- --nodes <n>] [-- --max-sessions <n>]
 */
import { canMakeNamespaces, Grid } from './lib/grid.js';

const args = process.argv.slice(2);
const number = (flag: string, fallback: number): number => {
  const index = args.indexOf(flag);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${flag} takes a whole number above 0; got ${String(args[index + 1])}.`);
  return value;
};
const namespaces = !args.includes('--no-namespaces') && canMakeNamespaces();

const grid = await Grid.start({ nodes: number('--nodes', 2), maxSessions: number('--max-sessions', 1), namespaces });
// Keeps this process (which owns the Grid) alive, and says so if the hub stops answering.
const watch = setInterval(() => {
  grid.slots().catch((error: unknown) => console.error(String(error)));
}, 10_000);
const stop = (): void => {
  clearInterval(watch);
  void grid.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(
  `Selenium Grid up: hub ${grid.url}, nodes ${grid.nodes.map((node) => `${node.uri}${node.namespace ? ` (namespace ${node.namespace}, reached through the hub)` : ''}`).join(', ')}.`,
);
if (!namespaces) console.log('Everything runs on 127.0.0.1 (network namespaces need root and `ip`).');
console.log(`Pages for the nodes' browsers: serve them on ${grid.pageHost}.`);
console.log(
  `Try: node dist/src/mcp/bin.js --port 8931 --webdriver-url ${grid.url} --browser chrome [--isolated-browser]`,
);
console.log('Ctrl-C stops the Grid and everything it started.');

// The daemon process of `firefox-bidi`, started detached by the first command: argv[2] is the JSON
// of its settings ({ flags, idleMs, socket }). Its log (stderr) goes to the daemon log file.
import { parseOptions } from '../mcp/options.js';
import { Daemon } from './daemon.js';

const { flags, idleMs, socket } = JSON.parse(process.argv[2] ?? '{}') as {
  flags: string[];
  idleMs: number;
  socket: string;
};
const daemon = new Daemon(parseOptions(flags), socket, idleMs);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
  process.on(signal, () => void daemon.stop().then(() => process.exit(0)));
await daemon.listen();
console.error(`firefox-bidi daemon ${process.pid} listening on ${socket}`);

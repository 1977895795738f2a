import { readdirSync, readFileSync } from 'node:fs';

/**
 * How much CPU time process `pid` and its descendants have used (clock ticks, all their threads), read from Linux's
 * /proc: a count that grows while they work (a browser's parent process may wait while the processes it starts do the
 * work). 'stopped' when `pid` itself is stopped (SIGSTOP, a debugger), a zombie or gone; undefined where /proc cannot
 * tell (another system).
 */
export function cpuTicks(pid: number): number | 'stopped' | undefined {
  const own = processStat(pid);
  if (own === 'gone') return readable() ? 'stopped' : undefined;
  if (own === undefined) return undefined;
  if ('TtZX'.includes(own.state)) return 'stopped';
  // Firefox starts its content processes through a fork server: they are grandchildren of the parent process.
  const children = new Map<number, { ticks: number; pid: number }[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (typeof stat !== 'object') continue;
    const siblings = children.get(stat.parent) ?? [];
    siblings.push({ ticks: stat.ticks, pid: Number(entry) });
    children.set(stat.parent, siblings);
  }
  let ticks = 0;
  const tree = [{ ticks: own.ticks, pid }];
  for (let next = tree.pop(); next; next = tree.pop()) {
    ticks += next.ticks;
    tree.push(...(children.get(next.pid) ?? []));
  }
  return ticks;
}

/** A process's state, parent and CPU time from /proc/<pid>/stat; 'gone' when it has none. */
function processStat(pid: number): { state: string; parent: number; ticks: number } | 'gone' | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : undefined;
  }
  // The command name, in parentheses, may hold spaces: the fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, parent, utime, stime] = [fields[0], Number(fields[1]), Number(fields[11]), Number(fields[12])];
  if (state === undefined || ![parent, utime, stime].every(Number.isFinite)) return undefined;
  return { state, parent, ticks: utime + stime };
}

function readable(): boolean {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
}

/** The machine's CPU time, all cores (clock ticks): all of it, and what went idle. */
export interface MachineTicks {
  idle: number;
  total: number;
}

/** The machine's CPU time so far, from /proc/stat; undefined where it cannot tell. */
export function machineTicks(): MachineTicks | undefined {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    if (fields.length < 5 || fields.some((field) => !Number.isFinite(field))) return undefined;
    // Idle, and waiting on the disk: time nothing wanted the CPU for.
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, field) => sum + field, 0) };
  } catch {
    return undefined;
  }
}

/** The share of the machine's CPU time that went idle between two readings of it; undefined where it cannot tell. */
export function idleShareBetween(start: MachineTicks | undefined, now: MachineTicks | undefined): number | undefined {
  if (!start || !now || now.total <= start.total) return undefined;
  return (now.idle - start.idle) / (now.total - start.total);
}

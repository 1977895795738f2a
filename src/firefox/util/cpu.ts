import { readdirSync, readFileSync } from 'node:fs';

/**
 * How much CPU time process `pid` and the other processes of its group have used (clock ticks, all their threads), read
 * from Linux's /proc: a count that grows while they work. A launched Firefox leads a process group of its own (the one
 * its watchdog kills), which holds the content processes its fork server starts: its parent process may wait while
 * they do the work. 'stopped' when `pid` itself is stopped (SIGSTOP, a debugger), a zombie or gone; undefined where
 * /proc cannot tell (another system).
 */
export function cpuTicks(pid: number): number | 'stopped' | undefined {
  const own = processStat(pid);
  if (own === 'gone') return readable() ? 'stopped' : undefined;
  if (own === undefined) return undefined;
  if ('TtZX'.includes(own.state)) return 'stopped';
  let ticks = own.ticks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    const member = processStat(Number(entry));
    if (typeof member === 'object' && member.group === pid) ticks += member.ticks;
  }
  return ticks;
}

/** A process's state, process group and CPU time from /proc/<pid>/stat; 'gone' when it has none. */
function processStat(pid: number): { state: string; group: number; ticks: number } | 'gone' | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : undefined;
  }
  // The command name, in parentheses, may hold spaces: the fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, group, utime, stime] = [fields[0], Number(fields[2]), Number(fields[11]), Number(fields[12])];
  if (state === undefined || ![group, utime, stime].every(Number.isFinite)) return undefined;
  return { state, group, ticks: utime + stime };
}

function readable(): boolean {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
}

import { readFileSync } from 'node:fs';

/**
 * How much CPU time process `pid` has used (clock ticks, all its threads), read from Linux's /proc: a count that grows
 * while it works. 'stopped' when it is stopped (SIGSTOP, a debugger), a zombie or gone; undefined where /proc cannot
 * tell (another system).
 */
export function cpuTicks(pid: number): number | 'stopped' | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' && readable() ? 'stopped' : undefined;
  }
  // The command name, in parentheses, may hold spaces: the fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, utime, stime] = [fields[0], Number(fields[11]), Number(fields[12])];
  if (state === undefined || !Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return 'TtZX'.includes(state) ? 'stopped' : utime + stime;
}

function readable(): boolean {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
}

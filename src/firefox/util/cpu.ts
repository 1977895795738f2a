import { readdirSync, readFileSync } from 'node:fs';
import { TimeoutError } from '../errors.js';

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

/** The share of the machine's CPU time that must go idle over a wait for the machine to count as having had room. */
const SPARE_SHARE = 0.25;

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

/**
 * A window over the machine's CPU from now: `hadRoom()` says whether at least SPARE_SHARE of it went idle since, so
 * that a process that did not answer was not kept waiting for a core (true where the machine cannot tell, and over a
 * window too short to measure).
 */
export function cpuWindow(): CpuWindow {
  const start = machineTicks();
  return { hadRoom: () => hadRoomBetween(start, machineTicks()) };
}

/** Whether SPARE_SHARE of the machine CPU time went idle between two readings of it (true where either is unknown). */
export function hadRoomBetween(start: MachineTicks | undefined, now: MachineTicks | undefined): boolean {
  return (idleShareBetween(start, now) ?? 1) >= SPARE_SHARE;
}

/** The share of the machine's CPU time that went idle between two readings of it; undefined where it cannot tell. */
export function idleShareBetween(start: MachineTicks | undefined, now: MachineTicks | undefined): number | undefined {
  if (!start || !now || now.total <= start.total) return undefined;
  return (now.idle - start.idle) / (now.total - start.total);
}

export interface CpuWindow {
  hadRoom(): boolean;
}

/** Whether the machine had room over a wait: measured (MACHINE), or taken as always (NEVER_CROWDED). */
export interface Crowding {
  window(): CpuWindow;
}

export const MACHINE: Crowding = { window: cpuWindow };
/** For a browser whose answers are scripted (a test's): a late answer never waited for a core. */
export const NEVER_CROWDED: Crowding = { window: () => ({ hadRoom: () => true }) };

/**
 * `attempt`, bounded by a timeout of its own; when that runs out on a machine that had no room meanwhile (every core
 * busy: many sessions at once), once more, since what did not answer may only have been kept from a core.
 */
export async function onceMoreWhenCrowded<T>(crowding: Crowding, attempt: () => Promise<T>): Promise<T> {
  const machine = crowding.window();
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof TimeoutError) || machine.hadRoom()) throw error;
    return attempt();
  }
}

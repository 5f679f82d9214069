import fs from 'node:fs';

/** Processor time per answer served, in ms, of the processes a flat-out phase could see. */
export interface CpuPerAnswer {
  engine?: number | undefined;
  service?: number | undefined;
}

/**
 * The fields of /proc/<pid>/stat after the command name, which is in parentheses and may hold
 * spaces: [state, parent pid, …]; utime and stime are the 12th and 13th.
 */
export function procStatFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** A process's processor time so far, user and system, in ms (/proc/<pid>/stat counts in ticks of 1/100 s). */
export function cpuMs(pid: number): number {
  const fields = procStatFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** How bench:search and npm run bench print it: { engine: 6.2, service: 1.79 } -> '6.20 + 1.79'; nothing measured -> ''. */
export function cpuText(cpu: CpuPerAnswer | undefined): string {
  return [cpu?.engine, cpu?.service].filter((ms) => ms !== undefined).map((ms) => ms.toFixed(2)).join(' + ');
}

/** `roots` and every process below them, from /proc: [root, child, grandchild, …]. */
export function processTree(roots: number[]): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parentOf.set(Number(entry), Number(procStatFields(Number(entry))[1]));
    } catch {
      // Gone since the listing.
    }
  }
  const pids = [...roots];
  for (let i = 0; i < pids.length; i++) for (const [pid, parent] of parentOf) if (parent === pids[i]) pids.push(pid);
  return pids;
}

/** Processor time so far of `root` and every process below it (a storefront's workers), in ms. */
export function treeCpuMs(root: number): number {
  return processTree([root]).reduce((sum, pid) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum; // Gone since the listing.
    }
  }, 0);
}

/**
 * Telling a live process from a dead one by its pid, and a reused pid from
 * the process that wrote it: the lock and the leftover-staging clean-up both
 * trust a pid only while the same process still runs.
 */
import { readFileSync } from 'node:fs';

/** When the process started, as the kernel counts it (Linux: clock ticks since boot); undefined where /proc is absent. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name in field 2 may hold spaces and parentheses, so count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while the process `pid` that recorded `startTime` still runs (a pid reused by another process does not count). */
export function isSameProcessAlive(pid: number, startTime: string | undefined): boolean {
  if (!isProcessAlive(pid)) return false;
  if (startTime === undefined) return true;
  const now = processStartTime(pid);
  return now === undefined || now === startTime;
}

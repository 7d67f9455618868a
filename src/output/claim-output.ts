/**
 * Everything that happens to an output folder before a command writes to it,
 * in order: refuse a folder it must not replace (touching nothing), take the
 * lock, then put right what a killed run left (a half-done swap, staging
 * folders). The claim is held until the command ends.
 */
import { acquireOutputLock } from './output-lock.ts';
import { checkOutputFolder, type OutputGuardInput } from './output-guard.ts';
import { recoverInterruptedSwap, removeLeftoverStaging } from './swap-journal.ts';

export interface OutputClaim {
  /** What was put right, for the debug log. */
  repairs: string[];
  /** What could not be put right and does not stop the command (a leftover folder that cannot be deleted). */
  warnings: string[];
  release(): void;
}

export function claimOutput(input: OutputGuardInput, shown: string): OutputClaim {
  checkOutputFolder(input);
  const lock = acquireOutputLock(input.outDir, shown);
  try {
    const repairs: string[] = [];
    const recovered = recoverInterruptedSwap(input.outDir);
    if (recovered) repairs.push(recovered);
    const { removed, stuck } = removeLeftoverStaging(input.outDir);
    if (removed > 0) repairs.push(`removed ${removed} staging folder${removed === 1 ? '' : 's'} left by killed runs`);
    return { repairs, warnings: stuck, release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}

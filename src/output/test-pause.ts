/**
 * A test hook: with CLEANSITE_TEST_PAUSE_AT=<step> set, the build stops at
 * that named step, prints `CLEANSITE_TEST_PAUSED <step>` on stderr and waits
 * (up to a minute), so a test can kill it there deterministically. Without
 * the variable both functions return at once. Steps: locked, staged,
 * journal-written, old-moved, swapped, journal-removed (see staging.ts).
 */
const WAIT_MS = 60_000;

function pausedAt(step: string): boolean {
  if (process.env.CLEANSITE_TEST_PAUSE_AT !== step) return false;
  process.stderr.write(`CLEANSITE_TEST_PAUSED ${step}\n`);
  return true;
}

/** Waits with the event loop running, so signal handlers still run. */
export async function pauseForTest(step: string): Promise<void> {
  if (pausedAt(step)) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
}

/** Blocks the thread: for steps inside the synchronous swap, where no other code may run. */
export function pauseForTestSync(step: string): void {
  if (pausedAt(step)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAIT_MS);
}

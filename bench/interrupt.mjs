/**
 * Clean-ups that must run when the bench is stopped with Ctrl-C or SIGTERM, not only when it ends:
 * a `finally` does not run on a signal, and the bench moves the project's image cache aside and
 * creates folders. One listener per signal runs every registered clean-up, the latest first, then
 * exits as the signal would have.
 */
const cleanups = [];

const onSignal = (signal) => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(`bench: a clean-up after ${signal} failed: ${error.message}`);
    }
  }
  process.exit(signal === 'SIGINT' ? 130 : 143);
};

/** Runs `cleanup` if the bench is stopped by a signal before the returned function is called. */
export function onInterrupt(cleanup) {
  if (cleanups.length === 0) process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  cleanups.push(cleanup);
  return () => {
    const index = cleanups.indexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
    if (cleanups.length === 0) process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  };
}

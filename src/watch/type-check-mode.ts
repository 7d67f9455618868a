/**
 * How watch runs the templates' background type check (`watch --type-check`, watch/type-check.ts),
 * in a module of its own so the CLI can list the choices without loading watch:
 * - `low`, the default: 15 steps nicer than watch (nice 15 for a watch at 0), so the check takes only the CPU a rebuild leaves; on a machine
 *   kept busy by other work its result waits for idle time;
 * - `normal`: at watch's own priority, results sooner, beside the rebuild a save started;
 * - `off`: no check.
 */
export const TYPE_CHECK_MODES = ['low', 'normal', 'off'] as const;
export type TypeCheckMode = (typeof TYPE_CHECK_MODES)[number];
/** How much nicer than watch a `low` check runs, up to the nicest value the system has. */
export const LOW_PRIORITY_NICE = 15;
export const MOST_NICE = 19;

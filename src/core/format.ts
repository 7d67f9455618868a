export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/**
 * The build date, in Queensland's time zone (the business's "today").
 * SOURCE_DATE_EPOCH (seconds) pins it for reproducible builds.
 */
const BRISBANE_OFFSET_MS = 10 * 60 * 60 * 1000;

export function resolveBuildDate(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  const date = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : now;
  // Queensland keeps UTC+10 all year (no daylight saving), so a fixed offset is exact and
  // avoids loading Intl's time-zone data at start-up.
  return new Date(date.getTime() + BRISBANE_OFFSET_MS).toISOString().slice(0, 10);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/**
 * The build date, in the site's time zone (the business's "today"), given as
 * a fixed offset from UTC by its site.config.ts: exact for zones without
 * daylight saving, and no Intl time-zone data to load at start-up.
 * SOURCE_DATE_EPOCH (seconds) pins it for reproducible builds.
 */
export function resolveBuildDate(utcOffsetHours: number, env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  const date = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : now;
  return new Date(date.getTime() + utcOffsetHours * 3_600_000).toISOString().slice(0, 10);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/**
 * The build date, in Queensland's time zone (the business's "today").
 * SOURCE_DATE_EPOCH (seconds) pins it for reproducible builds.
 */
export function resolveBuildDate(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  const date = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : now;
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Brisbane', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

export interface SiteServer {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  close(): Promise<void>;
}
export interface ServeSiteOptions {
  /** Behave like the production host: apply the build's _headers rules and gzip text responses. */
  host?: boolean;
}
export function serveSite(dir: string, options?: ServeSiteOptions): Promise<SiteServer>;

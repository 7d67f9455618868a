export interface SiteServer {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  close(): Promise<void>;
}
export function serveSite(dir: string): Promise<SiteServer>;

export interface PreviewProcess {
  /** e.g. http://127.0.0.1:40123/ */
  url: string;
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  port: number;
  /** Every line the process printed so far, stdout and stderr. */
  output: string[];
  alive(): boolean;
  /** Sends SIGTERM (once) and resolves with the exit code. */
  stop(): Promise<number | null>;
  close(): Promise<void>;
}
export interface PreviewProcessOptions {
  cwd?: string;
  args?: string[];
  timeoutMs?: number;
}
export function startPreviewProcess(outDir: string, options?: PreviewProcessOptions): Promise<PreviewProcess>;

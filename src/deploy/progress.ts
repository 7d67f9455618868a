/**
 * Deploy progress on a terminal: one line rewritten in place with files and
 * bytes done. Elsewhere (CI logs) nothing until the command's summary line.
 */
import { formatBytes } from '../core/format.ts';

export interface DeployProgress {
  start(totalFiles: number, totalBytes: number): void;
  advance(bytes: number): void;
  finish(): void;
}

export const SILENT_PROGRESS: DeployProgress = { start() {}, advance() {}, finish() {} };

/** `write` is a terminal stream's write; called at most every 100 ms. */
export function createTerminalProgress(write: (text: string) => void): DeployProgress {
  let files = 0;
  let bytes = 0;
  let totalFiles = 0;
  let totalBytes = 0;
  let shownAt = 0;
  const show = () => write(`\r\x1b[2KUploading ${files}/${totalFiles} files, ${formatBytes(bytes)} of ${formatBytes(totalBytes)}`);
  return {
    start(fileCount, byteCount) {
      totalFiles = fileCount;
      totalBytes = byteCount;
      if (fileCount > 0) show();
    },
    advance(size) {
      files++;
      bytes += size;
      if (Date.now() - shownAt >= 100 || files === totalFiles) {
        shownAt = Date.now();
        show();
      }
    },
    finish() {
      if (totalFiles > 0) write('\r\x1b[2K');
    },
  };
}

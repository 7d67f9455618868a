/**
 * One error type for everything the build can report. The CLI is the only
 * place that prints these and chooses an exit code; stages just throw or
 * collect them.
 */
export type ErrorCode =
  | 'CONTENT_PARSE'
  | 'CONTENT_INVALID'
  | 'CONTENT_EMPTY'
  | 'DUPLICATE_ROUTE'
  | 'UNKNOWN_ROUTE'
  /** templates/site.config.ts is missing, does not compile or declares something the engine cannot use. */
  | 'CONFIG_INVALID'
  | 'TEMPLATE_COMPILE'
  | 'TEMPLATE_MISSING'
  | 'RENDER_FAILED'
  | 'ASSET_FAILED'
  | 'IMAGE_MISSING'
  | 'OUTPUT_FAILED'
  /** --out names a folder cleansite must not replace (exit 2). */
  | 'OUTPUT_REFUSED'
  /** Another cleansite process is writing the same output folder (exit 2). */
  | 'OUTPUT_LOCKED'
  | 'DEPLOY_FAILED'
  | 'USAGE';

export interface ErrorLocation {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  line?: number;
  column?: number;
}

export interface CleansiteErrorInit {
  code: ErrorCode;
  message: string;
  hint?: string;
  location?: ErrorLocation;
  cause?: unknown;
}

export class CleansiteError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly location: ErrorLocation | undefined;

  constructor(init: CleansiteErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'CleansiteError';
    this.code = init.code;
    this.hint = init.hint;
    this.location = init.location;
  }

  /** `file:line: message` — the one-line form every problem is printed in. */
  format(): string {
    const where = this.location
      ? `${this.location.file}${this.location.line ? `:${this.location.line}` : ''}${this.location.column ? `:${this.location.column}` : ''}: `
      : '';
    return `${where}${this.message}`;
  }
}

/** Several problems found in one pass, reported together. */
export class CleansiteErrorList extends Error {
  readonly errors: CleansiteError[];
  constructor(errors: CleansiteError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`);
    this.name = 'CleansiteErrorList';
    this.errors = errors;
  }
}

export function isCleansiteError(value: unknown): value is CleansiteError {
  return value instanceof CleansiteError;
}

/**
 * What to do about the file system's own failures. Node's message says what happened and names the
 * files ("ENOSPC: no space left on device, copyfile 'a' -> 'b'"); it is a fault of the machine, not
 * an unexpected failure of cleansite, so it is reported as it is, with a way out.
 */
const SYSTEM_FAILURE_HINTS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full: free some space on it (build and watch can write to another disk with --out)',
  EDQUOT: 'your disk quota is used up: free some space (build and watch can write to another disk with --out)',
  EROFS: 'that file system is mounted read-only (build and watch can write to a writable disk with --out)',
  EACCES: 'check the owner and permissions of the file or folder named (ls -l)',
  EPERM: 'the file or folder named may be immutable or owned by another user (lsattr, ls -l)',
  EMFILE: 'raise the limit of open files (ulimit -n); build and watch open fewer at once with fewer --jobs',
  EIO: 'the disk may be failing or disconnected: check it (build and watch can write to another disk with --out)',
};

/** Flattens whatever was thrown into a list of CleansiteErrors; unknown errors keep their cause. */
export function toErrorList(error: unknown): CleansiteError[] {
  if (error instanceof CleansiteErrorList) return error.errors;
  if (error instanceof CleansiteError) return [error];
  const message = error instanceof Error ? error.message : String(error);
  const hint = SYSTEM_FAILURE_HINTS[String((error as NodeJS.ErrnoException | undefined)?.code)];
  if (hint) return [new CleansiteError({ code: 'OUTPUT_FAILED', message, hint, cause: error })];
  return [new CleansiteError({ code: 'OUTPUT_FAILED', message: `Unexpected failure: ${message}`, cause: error })];
}

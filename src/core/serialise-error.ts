/**
 * How a CleansiteError crosses a thread boundary (render workers, see
 * src/render/render-threads.ts). postMessage would turn it into a plain
 * Error and lose its code, location and hint; this keeps all of them, its
 * own stack, and its cause with the cause's stack, which is what maps a
 * render error back to the template's .tsx line (watch/locate-template-frame.ts)
 * and what --debug prints.
 */
import { CleansiteError, type ErrorCode, type ErrorLocation } from './errors.ts';

export interface SerialisedError {
  code: ErrorCode;
  message: string;
  hint?: string;
  location?: ErrorLocation;
  /** The error's own stack. */
  stack?: string;
  /** What it was caused by: its message and stack. */
  cause?: { message: string; stack?: string };
}

export function serialiseError(error: CleansiteError): SerialisedError {
  const cause = error.cause === undefined
    ? undefined
    : error.cause instanceof Error
      ? { message: error.cause.message, stack: error.cause.stack }
      : { message: String(error.cause) };
  return { code: error.code, message: error.message, hint: error.hint, location: error.location, stack: error.stack, cause };
}

export function reviveError(error: SerialisedError): CleansiteError {
  const cause = error.cause ? Object.assign(new Error(error.cause.message), { stack: error.cause.stack ?? error.cause.message }) : undefined;
  const revived = new CleansiteError({ code: error.code, message: error.message, hint: error.hint, location: error.location, cause });
  if (error.stack) revived.stack = error.stack;
  return revived;
}

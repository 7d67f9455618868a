/** The messages between the watch session and its render worker, and how errors cross the thread boundary. */
import { CleansiteError, type ErrorCode, type ErrorLocation } from '../core/errors.ts';
import type { SitePatch } from './site-patch.ts';
import type { Dependency } from './track-dependencies.ts';

export interface WatchWorkerInit {
  templatesModule: string;
}

export interface WatchRenderRequest {
  id: number;
  /** Sent only when the site data changed since the last request, as a patch against the worker's copy. */
  patch?: SitePatch;
  paths: string[];
  outDir: string;
}

/** Asks the worker for a full garbage collection (sent when the watcher is idle). */
export interface WatchCompactRequest {
  compact: true;
}

export interface SerialisedError {
  code: ErrorCode;
  message: string;
  hint?: string;
  location?: ErrorLocation;
  stack?: string;
}

export type WatchRenderReply =
  | { id: -1; ok: true }
  | { id: number; ok: true; bytes: number; failures: SerialisedError[]; dependencies: Array<[string, Dependency[]]> }
  | { id: number; ok: false; message: string };

export function serialiseError(error: CleansiteError): SerialisedError {
  const stack = error.cause instanceof Error ? error.cause.stack ?? error.cause.message : undefined;
  return { code: error.code, message: error.message, hint: error.hint, location: error.location, stack };
}

export function reviveError(error: SerialisedError): CleansiteError {
  const cause = error.stack ? Object.assign(new Error(error.stack.split('\n')[0]), { stack: error.stack }) : undefined;
  return new CleansiteError({ code: error.code, message: error.message, hint: error.hint, location: error.location, cause });
}

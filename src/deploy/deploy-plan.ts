/**
 * What a deploy must do to make the bucket equal to a build, decided by
 * content only (local MD5 against the object's ETag), never by time or
 * size alone: deploying an older build is as exact as deploying a newer one.
 * A pure function of its inputs, so it is tested and timed without a server.
 *
 * Content-hashed assets the build no longer has are the one exception to
 * "equal": a visitor's tab or cache may hold a page from the previous deploy
 * that still asks for its CSS, so each is kept for a grace period counted
 * from the first deploy that found it unreferenced (recorded in the deploy
 * state), then deleted.
 */
import { HASHED_DIR, isHashedName } from '../publish/cache-rules.ts';
import type { LocalFile } from './local-files.ts';
import type { RemoteObject } from './remote-objects.ts';
import { PHASES, uploadPhaseOf, type UploadPhase } from './upload-order.ts';

export interface PlannedUpload {
  file: LocalFile;
  reason: 'new' | 'changed';
  phase: UploadPhase;
}

export interface DeployPlan {
  /** In upload order: files, then pages, then sitemap.xml/robots.txt. */
  uploads: PlannedUpload[];
  /** In deletion order (pages before the files they may reference); run after every upload. */
  deletions: RemoteObject[];
  /** Unreferenced hashed assets still in their grace period, with the date they were first found unreferenced. */
  keptAssets: Array<{ key: string; since: string }>;
  unchanged: number;
  /** The deploy state to store: key -> ISO date first found unreferenced. */
  unreferencedSince: Record<string, string>;
}

export interface PlanInput {
  local: readonly LocalFile[];
  remote: readonly RemoteObject[];
  unreferencedSince: Readonly<Record<string, string>>;
  now: Date;
  /** Days an unreferenced hashed asset is kept; 0 deletes it at once. */
  pruneAssetsAfterDays: number;
  /** Upload every file even when its bytes are already there (e.g. after a change of cache rules). */
  force?: boolean;
}

const DAY_MS = 86_400_000;

export function isGraceAsset(key: string): boolean {
  return key.startsWith(`${HASHED_DIR}/`) && isHashedName(key);
}

export function planDeploy(input: PlanInput): DeployPlan {
  const remoteByKey = new Map<string, RemoteObject>();
  for (const object of input.remote) remoteByKey.set(object.key, object);

  const uploads: PlannedUpload[] = [];
  let unchanged = 0;
  const localKeys = new Set<string>();
  for (const file of input.local) {
    localKeys.add(file.key);
    const remote = remoteByKey.get(file.key);
    if (remote === undefined) uploads.push({ file, reason: 'new', phase: uploadPhaseOf(file.key) });
    else if (input.force || remote.etag !== file.md5 || remote.size !== file.size) uploads.push({ file, reason: 'changed', phase: uploadPhaseOf(file.key) });
    else unchanged++;
  }
  const rank = (phase: UploadPhase) => PHASES.indexOf(phase);
  uploads.sort((a, b) => rank(a.phase) - rank(b.phase) || (a.file.key < b.file.key ? -1 : 1));

  const deletions: RemoteObject[] = [];
  const keptAssets: DeployPlan['keptAssets'] = [];
  const unreferencedSince: Record<string, string> = {};
  for (const object of input.remote) {
    if (localKeys.has(object.key)) continue;
    if (isGraceAsset(object.key)) {
      const since = input.unreferencedSince[object.key] ?? input.now.toISOString();
      if (input.now.getTime() - Date.parse(since) < input.pruneAssetsAfterDays * DAY_MS) {
        keptAssets.push({ key: object.key, since });
        unreferencedSince[object.key] = since;
        continue;
      }
    }
    deletions.push(object);
  }
  deletions.sort((a, b) => rank(uploadPhaseOf(b.key)) - rank(uploadPhaseOf(a.key)) || (a.key < b.key ? -1 : 1));
  return { uploads, deletions, keptAssets, unchanged, unreferencedSince };
}

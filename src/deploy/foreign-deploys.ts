/**
 * Other deploys inside this deploy's target: a prefix below it holding its
 * own deploy records (`preview/.cleansite-deploy/`) is another deploy's
 * site. A deploy to `s3://bucket` must leave `s3://bucket/preview/` alone:
 * never compare, overwrite or delete what is under it, and say so.
 */
import { CleansiteError } from '../core/errors.ts';
import { isDeployRecord, RECORDS_DIR } from './deploy-records.ts';
import type { LocalFile } from './local-files.ts';
import type { RemoteObject } from './remote-objects.ts';
import { formatS3Target, type S3Target } from './s3-target.ts';

export interface ForeignDeploy {
  /** The other deploy's prefix, below this target's ('preview/'). */
  prefix: string;
  /** Its objects, records included, as keys below this target's prefix. */
  keys: string[];
}

/** This deploy's objects (its own records left out too), and the other deploys found under it. */
export function splitForeignDeploys(remote: readonly RemoteObject[]): { own: RemoteObject[]; foreign: ForeignDeploy[] } {
  const prefixes = new Set<string>();
  for (const object of remote) {
    const at = object.key.indexOf(`/${RECORDS_DIR}`);
    if (at > 0) prefixes.add(object.key.slice(0, at + 1));
  }
  // The outermost prefix holds any nested one (preview/ holds preview/pr-1/).
  const outer = [...prefixes].filter((prefix) => ![...prefixes].some((other) => other !== prefix && prefix.startsWith(other))).sort();
  const foreign = outer.map((prefix) => ({ prefix, keys: [] as string[] }));
  const own: RemoteObject[] = [];
  for (const object of remote) {
    const owner = foreign.find((entry) => object.key.startsWith(entry.prefix));
    if (owner) owner.keys.push(object.key);
    else if (!isDeployRecord(object.key)) own.push(object);
  }
  return { own, foreign };
}

/** A build with files where another deploy lives would overwrite that deploy's site: refused before any write. */
export function refuseOverlap(local: readonly LocalFile[], foreign: readonly ForeignDeploy[], target: S3Target): void {
  for (const entry of foreign) {
    const clash = local.find((file) => file.key.startsWith(entry.prefix));
    if (!clash) continue;
    throw new CleansiteError({
      code: 'DEPLOY_FAILED',
      message: `refusing to deploy to ${formatS3Target(target)}: the build has ${clash.key}, under ${formatS3Target({ ...target, prefix: target.prefix + entry.prefix })}, which is another deploy's target (it holds ${entry.prefix}${RECORDS_DIR}); nothing was changed`,
      hint: 'deploy this build to its own prefix, or remove the other deploy first',
    });
  }
}

/**
 * Only a finished production build may be published: the bucket is made
 * equal to the folder, deletions included. The build's output marker
 * (src/output/output-marker.ts) says which command wrote the folder and
 * whether it finished; `watch` writes a development site (the live-reload
 * client, unhashed /assets/site.css served as immutable, no redirect pages).
 */
import { isEarlierCleansiteOutput, OUTPUT_MARKER, readOutputMarker } from '../output/output-marker.ts';

/** Why `dir` must not be deployed, in words; undefined for a complete build. */
export function whyNotDeployable(dir: string): string | undefined {
  const marker = readOutputMarker(dir);
  // Before builds wrote the marker (or what made it): a generated _headers is written last, by `build` only.
  if (!marker || marker.maker === undefined) {
    if (isEarlierCleansiteOutput(dir)) return undefined;
    return marker ? `its ${OUTPUT_MARKER} does not say it is a finished \`cleansite build\` (an earlier version wrote it, and it has no generated _headers)` : `it is not a folder cleansite built (it has no ${OUTPUT_MARKER})`;
  }
  if (marker.maker === 'watch') return 'it was written by `cleansite watch`: a development site with the live-reload client and unhashed assets, not a production build';
  if (marker.state !== 'complete') return 'it is an unfinished build (a build stopped before this folder was complete)';
  return undefined;
}

/**
 * The shell commands that publish dist/ to S3, printed verbatim in the
 * README ("Publishing to S3") and checked against it by a test, so the
 * documented commands always carry the same content types and cache rules
 * as the build.
 *
 * Pass 1 uploads the content-hashed assets first (immutable, never deleted:
 * pages still cached in browsers may reference the previous ones); pass 2
 * uploads HTML and everything else (revalidated) and deletes removed pages.
 * One `aws s3 sync` per file type, because the CLI's own type guessing
 * differs between installs (.avif and .webp are often octet-stream).
 */
import { HASHED_DIR, IMMUTABLE, REVALIDATE } from './cache-rules.ts';
import { CONTENT_TYPES } from './content-types.ts';

export function renderS3PublishScript(distDir = 'dist'): string {
  const types = Object.entries(CONTENT_TYPES).map(([extension, type]) => `${extension} ${type}`).join('\n');
  return `set -euo pipefail
BUCKET="\${BUCKET:?set BUCKET to the bucket name}"
# Extension and Content-Type of every file type the site ships (src/publish/content-types.ts).
TYPES='
${types}
'

# Pass 1: content-hashed assets, cached for a year.
echo "$TYPES" | while read -r ext type; do
  [ -n "$ext" ] || continue
  aws s3 sync ${distDir}/${HASHED_DIR} "s3://$BUCKET/${HASHED_DIR}" --size-only \\
    --exclude "*" --include "*.$ext" \\
    --content-type "$type" --cache-control "${IMMUTABLE}" </dev/null
done

# Pass 2: HTML and every other file, revalidated on each request; deletes removed pages.
echo "$TYPES" | while read -r ext type; do
  [ -n "$ext" ] || continue
  aws s3 sync ${distDir} "s3://$BUCKET" --delete \\
    --exclude "*" --include "*.$ext" --exclude "${HASHED_DIR}/*" \\
    --content-type "$type" --cache-control "${REVALIDATE}" </dev/null
done
`;
}

/**
 * The commands' side of src/publish/placeholders.ts: `build` lists the
 * placeholder business details once (and refuses in a production build),
 * records them beside the output; `deploy` refuses a build that recorded any.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cachedStep } from '../cache/step-cache.ts';
import type { BusinessDetails } from '../config/site-config.ts';
import { CleansiteError } from '../core/errors.ts';
import { hashText } from '../core/hash-text.ts';
import type { Logger } from '../core/logger.ts';
import type { SitePaths } from '../core/site-paths.ts';
import { codeVersion } from '../cache/code-version.ts';
import { importSiteConfig, shownConfigFile } from '../config/load-config.ts';
import { compileConfigCached } from '../session/pass-steps.ts';
import { describePlaceholders, isProductionBuild, readPlaceholderRecord, scanPlaceholders, type Placeholder } from '../publish/placeholders.ts';

/**
 * --allow-placeholders, or CLEANSITE_ALLOW_PLACEHOLDERS=1 for a pipeline that builds previews
 * (and this project's tests, whose fixture sites carry stand-ins on purpose): the stand-ins are
 * intended. A build then neither refuses nor warns; its record still lists them for `deploy`.
 */
export function placeholdersAllowed(flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return flag === true || env.CLEANSITE_ALLOW_PLACEHOLDERS === '1';
}

const WHERE_REAL_DETAILS_GO = 'put the real details in the content file named above and remove them from its `placeholders:` list (README, "Business details"); --allow-placeholders publishes anyway';

/** The site's placeholders, or a usage error when a production build (Netlify's CONTEXT=production) must not go on. */
export async function checkPlaceholdersBeforeBuild(paths: SitePaths, allow: boolean | undefined, env = process.env): Promise<Placeholder[]> {
  let found: Placeholder[];
  try {
    found = await findSitePlaceholders(paths);
  } catch {
    // A missing or broken site config: the build reports it, with its file and line.
    return [];
  }
  if (found.length > 0 && !placeholdersAllowed(allow, env) && isProductionBuild(env)) {
    throw new CleansiteError({ code: 'USAGE', message: `refusing a production build: ${describePlaceholders(found)}`, hint: WHERE_REAL_DETAILS_GO });
  }
  return found;
}

async function findSitePlaceholders(paths: SitePaths): Promise<Placeholder[]> {
  // Named as the build names it: the import is shared with the build (load-config.ts keeps one per module).
  const compiled = await compileConfigCached({ templatesDir: paths.templatesDir, compileDir: paths.cacheDir, stepCacheDir: paths.cacheDir, code: codeVersion(), rootDir: paths.rootDir });
  const config = await importSiteConfig(compiled.modulePath, shownConfigFile(paths.templatesDir, paths.rootDir));
  return scanCached(paths, config.businessDetails);
}

/**
 * The scan, kept in the step cache: on a warm build the details file is the only YAML parsed
 * (the content comes from its cache), and parsing it cost ~13 ms of a 0.27 s build. Keyed by
 * the file's bytes, not by its size and time as compiled steps are: this check guards
 * production builds, and an edit that keeps both must still be seen.
 */
function scanCached(paths: SitePaths, details: BusinessDetails | undefined): Promise<Placeholder[]> {
  const text = details ? readIfFile(path.join(paths.contentDir, details.file)) : undefined;
  if (text === undefined) return Promise.resolve(scanPlaceholders(paths.contentDir, paths.rootDir, details, paths.baseUrl));
  // The text the key was made from, not the file read again.
  const scan = () => scanPlaceholders(paths.contentDir, paths.rootDir, details, paths.baseUrl, () => text);
  const key = ['placeholders', codeVersion(), paths.contentDir, paths.rootDir, paths.baseUrl ?? '', JSON.stringify(details), hashText(text)].join('\n');
  return cachedStep(paths.cacheDir, key, async () => ({ value: scan(), inputs: [] }));
}

function readIfFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** After a build: one warning listing them (the build wrote the record `deploy` reads: placeholderRecord()). */
export function warnOfPlaceholders(found: readonly Placeholder[], allow: boolean | undefined, logger: Logger): void {
  if (found.length > 0 && !placeholdersAllowed(allow)) logger.warn(`${describePlaceholders(found)}\n  (fine for a preview; \`cleansite deploy\` and production builds refuse them: ${WHERE_REAL_DETAILS_GO})`);
}

/** Before a deploy: the build's placeholders refuse it, unless allowed. */
export function refusePlaceholderDeploy(dir: string, allow: boolean | undefined, logger: Logger): void {
  const found = readPlaceholderRecord(dir);
  if (found.length === 0) return;
  if (!placeholdersAllowed(allow)) throw new CleansiteError({ code: 'USAGE', message: `refusing to publish a build with ${describePlaceholders(found)}`, hint: WHERE_REAL_DETAILS_GO });
  logger.warn(`publishing with ${describePlaceholders(found)}`);
}

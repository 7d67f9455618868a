/**
 * The commands' side of src/publish/placeholders.ts: `build` lists the
 * placeholder business details once (and refuses in a production build),
 * records them beside the output; `deploy` refuses a build that recorded any.
 */
import { CleansiteError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { SitePaths } from '../core/site-paths.ts';
import { compileSiteConfig, importSiteConfig } from '../config/load-config.ts';
import { describePlaceholders, isProductionBuild, readPlaceholderRecord, scanPlaceholders, type Placeholder } from '../publish/placeholders.ts';

const WHERE_REAL_DETAILS_GO = 'put the real details in the content file named above and remove them from its `placeholders:` list (README, "Business details"); --allow-placeholders publishes anyway';

/** The site's placeholders, or a usage error when a production build (Netlify's CONTEXT=production) must not go on. */
export async function checkPlaceholdersBeforeBuild(paths: SitePaths, allow: boolean | undefined, env = process.env): Promise<Placeholder[]> {
  const config = await importSiteConfig((await compileSiteConfig(paths.templatesDir, paths.cacheDir)).modulePath);
  const found = scanPlaceholders(paths.contentDir, paths.rootDir, config.businessDetails, paths.baseUrl);
  if (found.length > 0 && !allow && isProductionBuild(env)) {
    throw new CleansiteError({ code: 'USAGE', message: `refusing a production build: ${describePlaceholders(found)}`, hint: WHERE_REAL_DETAILS_GO });
  }
  return found;
}

/** After a build: one warning listing them (the build wrote the record `deploy` reads: placeholderRecord()). */
export function warnOfPlaceholders(found: readonly Placeholder[], logger: Logger): void {
  if (found.length > 0) logger.warn(`${describePlaceholders(found)}\n  (fine for a preview; \`cleansite deploy\` and production builds refuse them: ${WHERE_REAL_DETAILS_GO})`);
}

/** Before a deploy: the build's placeholders refuse it, unless allowed. */
export function refusePlaceholderDeploy(dir: string, allow: boolean | undefined, logger: Logger): void {
  const found = readPlaceholderRecord(dir);
  if (found.length === 0) return;
  if (!allow) throw new CleansiteError({ code: 'USAGE', message: `refusing to publish a build with ${describePlaceholders(found)}`, hint: WHERE_REAL_DETAILS_GO });
  logger.warn(`publishing with ${describePlaceholders(found)}`);
}

/** The content of a test site through the one content loader, kept as watch keeps it, with its routes. */
import path from 'node:path';
import type { LoadedSite } from '../../src/build.ts';
import { createContentLoader } from '../../src/content/content-loader.ts';
import { routeContent } from '../../src/routes/route-content.ts';
import { siteConfig } from './site-config.ts';

export interface KeptContent {
  /** Reads the given content-relative files again; `relist` also picks up added and deleted files. */
  update(relatives: string[], relist: boolean): Promise<boolean>;
  /** The site as loaded; throws a CleansiteErrorList. */
  assemble(): LoadedSite;
}

export async function keepContent(root: string): Promise<KeptContent> {
  const loader = createContentLoader({ contentDir: path.join(root, 'content'), rootDir: root, collections: siteConfig.collections, codeVersion: 'test' });
  await loader.refresh();
  return {
    update: (relatives, relist) => loader.refresh({ relatives, relist }),
    assemble: () => routeContent(siteConfig, loader.assemble(), undefined),
  };
}

/** The typed content of test/fixtures/basic-site, loaded once per test file without any cache. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContentCached } from '../../../src/content/content-loader.ts';
import type { SiteContent } from '../../../templates/site.config.ts';
import { collections } from '../../support/site-config.ts';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'basic-site');

export async function loadBasicContent(): Promise<SiteContent> {
  const { content } = await loadContentCached({ contentDir: path.join(FIXTURE, 'content'), rootDir: FIXTURE, collections, codeVersion: 'unit-test' });
  return content as SiteContent;
}

/** The error list a function throws, as `code: message` lines, or [] when it does not throw. */
export function thrownProblems(work: () => unknown): string[] {
  try {
    work();
    return [];
  } catch (error) {
    const list = (error as { errors?: Array<{ code: string; message: string }> }).errors ?? [error as { code: string; message: string }];
    return list.map((item) => `${item.code}: ${item.message}`);
  }
}

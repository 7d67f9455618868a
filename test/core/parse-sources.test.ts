/**
 * A file listed but gone (or unreadable) by the time it is read is reported
 * with its path, whichever thread reads it, and the rest of the batch still
 * parses.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSources } from '../../src/content/parse-sources.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { collections } from '../support/site-config.ts';

describe('parseSources', () => {
  it('reports a file it cannot read, with its path, and parses the others', () => {
    const real = path.join(PROJECT_ROOT, 'content', 'faqs');
    const parsed = parseSources([
      { relative: 'faqs/gone.md', file: 'content/faqs/gone.md', absolute: path.join(real, 'gone.md') },
      { relative: 'site.md', file: 'content/site.md', absolute: path.join(PROJECT_ROOT, 'content', 'site.md') },
    ], collections);
    expect(parsed.readErrors).toHaveLength(1);
    expect(parsed.readErrors[0]!.code).toBe('CONTENT_PARSE');
    expect(parsed.readErrors[0]!.location?.file).toBe('content/faqs/gone.md');
    expect(parsed.readErrors[0]!.message).toMatch(/^cannot read file: ENOENT/);
    expect(parsed.fingerprints[0]).toBeUndefined();
    expect(parsed.fingerprints[1]).toMatch(/^[\w-]{32}$/);
    expect(parsed.items.map(({ item }) => item.kind)).toEqual(['site']);
  });
});

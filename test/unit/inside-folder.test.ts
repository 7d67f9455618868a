import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath, isInside, relativeBelow, shownPath } from '../../src/core/inside-folder.ts';

const root = path.resolve('/srv/site');

describe('paths below a folder', () => {
  it('takes a name that starts with two dots as inside, and `..` as a step out', () => {
    expect(relativeBelow(path.join(root, '..cache', 'a.json'), root)).toBe(path.join('..cache', 'a.json'));
    expect(isInside(path.join(root, '..md'), root)).toBe(true);
    expect(isInside(path.join(root, '..', 'other'), root)).toBe(false);
    expect(isInside(path.resolve(root, '..'), root)).toBe(false);
    expect(isInside(root, root)).toBe(false);
  });

  it('names files for messages relative with slashes inside, as given outside', () => {
    expect(shownPath(path.join(root, 'content', 'site.md'), root)).toBe('content/site.md');
    expect(shownPath(path.join(root, '..cache'), root)).toBe('..cache');
    expect(shownPath('/elsewhere/site.md', root)).toBe('/elsewhere/site.md');
  });

  it('shows the working folder as `.`', () => {
    expect(displayPath(root, root)).toBe('.');
    expect(displayPath(path.join(root, 'dist'), root)).toBe('dist');
    expect(displayPath('/tmp/out', root)).toBe('/tmp/out');
  });
});

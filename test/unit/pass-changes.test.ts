/**
 * What a batch of watch events asks of a pass (src/watch/classify-change.ts): the steps, and the
 * public files to copy or remove. A folder's own event (`addDir`, `unlinkDir`) is no file: a
 * folder copied into public/ (`cp -r`) once reached the output's copy as a file (EISDIR), which
 * failed the pass and left the folder's files out until watch restarted.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passChanges } from '../../src/watch/classify-change.ts';
import type { FileChange } from '../../src/watch/file-watcher.ts';

const root = path.resolve('/site');
const folders = { contentDir: path.join(root, 'content'), templatesDir: path.join(root, 'templates'), publicDir: path.join(root, 'public') };
const inputs = { config: new Set<string>(), templates: new Set<string>(), styles: new Set<string>(), client: new Set<string>() };
const event = (relative: string, kind: FileChange['event']): FileChange => ({ file: path.join(root, relative), event: kind });

describe('a batch of public/ events', () => {
  it('names the files of a folder copied in, not the folder', () => {
    const changes = passChanges([event('public/brochures', 'addDir'), event('public/brochures/sites', 'addDir'), event('public/brochures/office.pdf', 'add'), event('public/brochures/sites/hospital.jpg', 'add')], folders, inputs);
    expect(changes.publicFiles).toEqual([{ relative: 'brochures/office.pdf', removed: false }, { relative: 'brochures/sites/hospital.jpg', removed: false }]);
    expect([...changes.steps].sort()).toEqual(['images', 'public']);
  });

  it('names the files of a folder removed, not the folder, whichever event comes first', () => {
    const changes = passChanges([event('public/brochures', 'unlinkDir'), event('public/brochures/office.pdf', 'unlink')], folders, inputs);
    expect(changes.publicFiles).toEqual([{ relative: 'brochures/office.pdf', removed: true }]);
    expect([...changes.steps]).toEqual(['public']);
  });

  it('still reads a content folder\'s events as a new listing', () => {
    const changes = passChanges([event('content/case-studies', 'addDir')], folders, inputs);
    expect(changes.content).toEqual({ relatives: ['case-studies'], relist: true });
    expect(changes.publicFiles).toEqual([]);
  });
});

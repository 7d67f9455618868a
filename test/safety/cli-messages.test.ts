/**
 * Usage errors about the source folders: one line naming the option and the
 * path as given, exit 2, before any work (nothing written), for `build` and
 * `watch`.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSafetySite, treeState, type SafetySite } from './support/safety-site.ts';

let site: SafetySite;

beforeAll(() => {
  site = makeSafetySite();
  writeFileSync(path.join(site.project, 'notes.txt'), 'my notes\n');
});

afterAll(() => site?.remove());

function expectOneLine(args: string[], line: string): void {
  const before = treeState(site.base);
  const result = site.run(args);
  const context = `${args.join(' ')}\n${result.stderr}`;
  expect(result.status, context).toBe(2);
  expect(result.errorLines, context).toEqual([line]);
  expect(result.stdout, context).toBe('');
  expect(existsSync(path.join(site.project, 'dist')), context).toBe(false);
  expect(treeState(site.base), context).toEqual(before);
}

describe('source folders that are missing or are files', () => {
  it('--content <missing folder> names that folder, not content/site.md', () => {
    expectOneLine(['build', '--content', 'no-such-content'], 'error: --content no-such-content: no such folder');
    const absolute = path.join(site.base, 'elsewhere', 'content');
    expectOneLine(['build', '--content', absolute], `error: --content ${absolute}: no such folder`);
  });

  it('--content <a file> says it is a file', () => {
    expectOneLine(['build', '--content', 'notes.txt'], 'error: --content notes.txt: is a file, not a folder');
  });

  it('a missing --public folder is one line', () => {
    expectOneLine(['build', '--public', 'no-such-public'], 'error: --public no-such-public: no such folder');
  });

  it('a missing or file --templates folder is one line', () => {
    expectOneLine(['build', '--templates', 'no-such-templates'], 'error: --templates no-such-templates: no such folder');
    expectOneLine(['build', '--templates', 'notes.txt'], 'error: --templates notes.txt: is a file, not a folder');
  });

  it('a misspelt folder names the nearest folder beside it, in build, watch and new', () => {
    expectOneLine(['build', '--content', 'contnet'], 'error: --content contnet: no such folder (did you mean content?)');
    expectOneLine(['build', '--templates', './tempaltes'], 'error: --templates ./tempaltes: no such folder (did you mean templates?)');
    expectOneLine(['watch', '--port', '0', '--public', 'pubilc'], 'error: --public pubilc: no such folder (did you mean public?)');
    expectOneLine(['new', 'locations', 'Cairns', '--content', 'Content'], 'error: --content Content: no such folder (did you mean content?)');
  });

  it('watch reports them the same way', () => {
    expectOneLine(['watch', '--port', '0', '--content', 'no-such-content'], 'error: --content no-such-content: no such folder');
    expectOneLine(['watch', '--port', '0', '--public', 'notes.txt'], 'error: --public notes.txt: is a file, not a folder');
  });
});

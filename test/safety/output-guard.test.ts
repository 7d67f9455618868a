/**
 * The fast tier of output ownership: findOutputProblem() and the names of
 * the folders beside an output, in-process on a temporary tree (the CLI
 * cases are in output-ownership.test.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOutputProblem, type OutputGuardInput } from '../../src/output/output-guard.ts';
import { OUTPUT_MARKER } from '../../src/output/output-marker.ts';
import { leftoverOwner } from '../../src/output/sibling-names.ts';

let base: string;
let input: (outDir: string, force?: boolean) => OutputGuardInput;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'cleansite-guard-'));
  const project = path.join(base, 'project');
  for (const dir of ['content/pages', 'templates', 'public', 'built', 'mine', 'node_modules', 'tool/.cache', 'home']) mkdirSync(path.join(project, dir), { recursive: true });
  writeFileSync(path.join(project, 'built', OUTPUT_MARKER), '');
  writeFileSync(path.join(project, 'built', 'package.json'), '{}');
  writeFileSync(path.join(project, 'mine', 'index.html'), 'mine');
  symlinkSync('built', path.join(project, 'built-link'));
  input = (outDir, force = false) => ({
    outDir: path.resolve(project, outDir),
    cwd: project,
    contentDir: path.join(project, 'content'),
    templatesDir: path.join(project, 'templates'),
    publicDir: path.join(project, 'public'),
    cacheDir: path.join(project, 'tool', '.cache'),
    homeDir: path.join(project, 'home'),
    force,
  });
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('findOutputProblem', () => {
  it.each([
    ['dist', undefined],
    ['built', undefined],
    ['tool/.cache/watch', undefined],
    ['mine', 'is a folder cleansite did not make (it has no .cleansite-output) and it is not empty; empty it, choose another --out, or pass --force to replace it'],
    ['built-link', 'is a symbolic link; pass the folder it points to'],
    ['content/pages/out', 'lies inside the content folder content/'],
    ['public', 'is the public folder'],
    ['node_modules/site', 'lies inside a node_modules folder'],
    ['tool/.cache/images', "lies inside cleansite's cache folder"],
    ['tool', "is cleansite's own folder"],
    ['home', 'is your home folder'],
    ['.', 'is the current folder (the project)'],
    ['/', 'is the file-system root'],
  ])('--out %s: %s', (out, problem) => expect(findOutputProblem(input(out))).toBe(problem));

  it('--force unlocks only a non-empty folder cleansite did not make', () => {
    expect(findOutputProblem(input('mine', true))).toBeUndefined();
    for (const out of ['.', 'home', 'public', 'built-link', 'content/pages/out', 'tool']) expect(findOutputProblem(input(out, true)), out).toBeDefined();
  });
});

describe('leftoverOwner', () => {
  it('matches only cleansite\'s own staging, previous and side folders of that output', () => {
    expect(leftoverOwner('/x/my.site+1', '.cleansite-my.site+1-123-0a1b2c3d.tmp')).toBe(123);
    expect(leftoverOwner('/x/my.site+1', '.cleansite-my.site+1-123-0a1b2c3d.old')).toBe(123);
    expect(leftoverOwner('/x/my.site+1', '.cleansite-my.site+1-watch-77-0a1b2c3d.tmp')).toBe(77);
    expect(leftoverOwner('/x/my.site+1', '.cleansite-myXsite+1-123-0a1b2c3d.tmp')).toBeUndefined();
    expect(leftoverOwner('/x/dist', '.cleansite-dist.lock')).toBeUndefined();
    expect(leftoverOwner('/x/dist', '.cleansite-dist-123-0a1b2c3d.tmp.keep')).toBeUndefined();
    expect(leftoverOwner('/x/dist', '.cleansite-dist-abc-0a1b2c3d.tmp')).toBeUndefined();
  });
});

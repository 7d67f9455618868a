/**
 * Output ownership through the real CLI: cleansite replaces only a folder it
 * made (it holds .cleansite-output), an empty one or a missing one. Every
 * other --out is refused before any work: exit 2, one line naming the path
 * and why, and nothing under the temporary folder touched (no lock, no
 * staging, no file changed). --force unlocks only a non-empty folder
 * cleansite did not make. `watch` shares the check; `preview` writes nothing.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER } from '../../src/output/output-marker.ts';
import { hashTree } from '../support/fixture-site.ts';
import { makeSafetySite, treeState, type SafetySite } from './support/safety-site.ts';

let site: SafetySite;

beforeAll(() => {
  site = makeSafetySite();
  writeFileSync(path.join(site.project, 'package.json'), '{ "name": "my-site", "private": true }\n');
  writeFileSync(path.join(site.project, 'notes.txt'), 'my notes\n');
  mkdirSync(path.join(site.project, 'photos'));
  writeFileSync(path.join(site.project, 'photos', 'holiday.jpg'), 'not really a photo');
  mkdirSync(path.join(site.project, 'empty'));
  mkdirSync(path.join(site.project, 'other-project'));
  writeFileSync(path.join(site.project, 'other-project', 'package.json'), '{}\n');
  symlinkSync('content', path.join(site.project, 'content-link'));
  writeFileSync(path.join(site.home, 'diary.txt'), 'dear diary\n');
});

afterAll(() => site?.remove());

/** Runs `build --out <out>` and expects a refusal that touched nothing. */
function expectRefused(args: string[], why: RegExp, env: NodeJS.ProcessEnv = {}): void {
  const before = treeState(site.base);
  const result = site.run(['build', ...args], env);
  const context = `${args.join(' ')}\n${result.stderr}${result.stdout}`;
  expect(result.status, context).toBe(2);
  expect(result.errorLines, context).toHaveLength(1);
  expect(result.errorLines[0], context).toMatch(why);
  expect(result.stdout, context).toBe('');
  expect(treeState(site.base), `${context}: the refused build touched files`).toEqual(before);
}

describe('build refuses an --out it must not replace, touching nothing', () => {
  it('the content folder', () => expectRefused(['--out', 'content'], /^error: refusing --out content: it is the content folder$/));
  it('a folder inside the content folder', () => expectRefused(['--out', 'content/pages'], /^error: refusing --out content\/pages: it lies inside the content folder content\/$/));
  it('a folder that contains the content folder by another name (a symlink)', () => expectRefused(['--out', 'content-link'], /^error: refusing --out content-link: it is the content folder$/));
  it('the templates folder', () => expectRefused(['--out', 'templates'], /^error: refusing --out templates: it is the templates folder$/));
  it('the public folder and a folder inside it', () => {
    expectRefused(['--out', 'public'], /^error: refusing --out public: it is the public folder$/);
    expectRefused(['--out', 'public/images'], /^error: refusing --out public\/images: it lies inside the public folder public\/$/);
  });
  it('the project (current) folder, as . and by its absolute path', () => {
    expectRefused(['--out', '.'], /^error: refusing --out \.: it is the current folder \(the project\)$/);
    expectRefused(['--out', site.project], /^error: refusing --out \.: it is the current folder \(the project\)$/);
  });
  it('a folder that contains the project', () => expectRefused(['--out', '..'], new RegExp(`^error: refusing --out ${site.base}: it contains the current folder \\(the project\\)$`)));
  it('the home folder and a folder that contains it', () => {
    expectRefused(['--out', site.home], new RegExp(`^error: refusing --out ${site.home}: it is your home folder$`));
    const deeperHome = path.join(site.base, 'users', 'me');
    mkdirSync(deeperHome, { recursive: true });
    expectRefused(['--out', path.dirname(deeperHome)], new RegExp(`^error: refusing --out ${path.dirname(deeperHome)}: it contains your home folder$`), { HOME: deeperHome });
  });
  it('the file-system root', () => expectRefused(['--out', '/'], /^error: refusing --out \/: it is the file-system root$/));
  it('an existing file', () => {
    expectRefused(['--out', 'notes.txt'], /^error: refusing --out notes\.txt: it is a file, not a folder$/);
    expect(readFileSync(path.join(site.project, 'notes.txt'), 'utf8')).toBe('my notes\n');
  });
  it('a non-empty folder cleansite did not make', () => {
    expectRefused(['--out', 'photos'], /^error: refusing --out photos: it is a folder cleansite did not make \(it has no \.cleansite-output\) and it is not empty; empty it, choose another --out, or pass --force to replace it$/);
  });
  it('another project folder (it holds package.json)', () => expectRefused(['--out', 'other-project'], /^error: refusing --out other-project: it holds package\.json: it is a project, not an output folder$/));
});

describe('--force replaces a folder cleansite did not make, and nothing else', () => {
  it('never unlocks the project, home, root, source folders, files or other projects', () => {
    expectRefused(['--force', '--out', '.'], /it is the current folder/);
    expectRefused(['--force', '--out', '..'], /it contains the current folder/);
    expectRefused(['--force', '--out', site.home], /it is your home folder/);
    expectRefused(['--force', '--out', '/'], /it is the file-system root/);
    expectRefused(['--force', '--out', 'content'], /it is the content folder/);
    expectRefused(['--force', '--out', 'templates'], /it is the templates folder/);
    expectRefused(['--force', '--out', 'public'], /it is the public folder/);
    expectRefused(['--force', '--out', 'notes.txt'], /it is a file, not a folder/);
    expectRefused(['--force', '--out', 'other-project'], /it holds package\.json/);
  });

  it('replaces a non-empty folder it did not make, which from then on is its own', () => {
    mkdirSync(path.join(site.project, 'old-site'));
    writeFileSync(path.join(site.project, 'old-site', 'index.html'), '<p>hand-made</p>');
    const forced = site.run(['build', '--force', '--out', 'old-site']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(existsSync(path.join(site.project, 'old-site', OUTPUT_MARKER))).toBe(true);
    expect(readFileSync(path.join(site.project, 'old-site', 'index.html'), 'utf8')).not.toContain('hand-made');
    const again = site.run(['build', '--out', 'old-site']);
    expect(again.status, again.stderr).toBe(0);
  });
});

describe('build replaces what it owns', () => {
  it('builds the default dist/ (missing, then its own) and an empty folder', () => {
    const first = site.run(['build']);
    expect(first.status, first.stderr).toBe(0);
    expect(readFileSync(path.join(site.project, 'dist', OUTPUT_MARKER), 'utf8')).toMatch(/written by `cleansite build`/);
    writeFileSync(path.join(site.project, 'content', 'pages', 'about.md'), `${readFileSync(path.join(site.project, 'content', 'pages', 'about.md'), 'utf8')}\nA rebuilt paragraph.\n`);
    const second = site.run(['build']);
    expect(second.status, second.stderr).toBe(0);
    expect(readFileSync(path.join(site.project, 'dist', 'about', 'index.html'), 'utf8')).toContain('A rebuilt paragraph.');
    const empty = site.run(['build', '--out', 'empty']);
    expect(empty.status, empty.stderr).toBe(0);
    expect(existsSync(path.join(site.project, 'empty', 'index.html'))).toBe(true);
  });

  it('keeps the marker out of what is served and deployed', () => {
    const built = readFileSync(path.join(site.project, 'dist', '_headers'), 'utf8');
    expect(built).not.toContain(OUTPUT_MARKER);
  });
});

describe('watch shares the check', () => {
  it('refuses the content folder and a folder it did not make, touching nothing', () => {
    for (const [out, why] of [['content', /it is the content folder$/], ['photos', /it is a folder cleansite did not make/]] as const) {
      const before = treeState(site.base);
      const result = site.run(['watch', '--port', '0', '--out', out]);
      expect(result.status, result.stderr).toBe(2);
      expect(result.errorLines, result.stderr).toHaveLength(1);
      expect(result.errorLines[0]).toMatch(why);
      expect(treeState(site.base)).toEqual(before);
    }
  });
});

describe('preview writes nothing', () => {
  it('serves a build and leaves every file and folder as it was', async () => {
    const built = site.run(['build', '--out', 'dist']);
    expect(built.status, built.stderr).toBe(0);
    const before = treeState(site.base);
    const distHash = hashTree(path.join(site.project, 'dist'));
    const preview = site.start(['preview', '--out', 'dist', '--port', '0']);
    const url = (await preview.waitFor(/at (http:\/\/127\.0\.0\.1:\d+\/)/))[1]!;
    for (const urlPath of ['/', '/about/', '/about', '/missing/', `/${OUTPUT_MARKER}`, '/_headers', '/../content/site.md', '/%2e%2e/notes.txt']) {
      const response = await fetch(new URL(urlPath, url), { redirect: 'manual' });
      await response.arrayBuffer();
      if (urlPath === `/${OUTPUT_MARKER}`) expect(response.status).toBe(404);
    }
    preview.kill('SIGTERM');
    await preview.exited;
    expect(hashTree(path.join(site.project, 'dist'))).toBe(distHash);
    expect(treeState(site.base)).toEqual(before);
  }, 60_000);
});

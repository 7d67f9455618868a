/**
 * The README's promise, followed as a newcomer would (docs/site-config.md,
 * "Adding a routed collection"): case studies, a page per project and a
 * listing, added to a copy of the real site by writing ONLY the collection's
 * declaration (one entry in site.config.ts, with the imports it uses), its
 * templates (one file, two entries in the template map) and its content.
 * Nothing in templates/model/ changes: the entry type, the content type and
 * the template names follow from what was written. The copy then builds,
 * and `watch` serves the new pages, reports a type error in the new template
 * (terminal and overlay) without holding up the reload, and, the typo fixed,
 * finds none: its check is the site's `tsc --noEmit` on the copy.
 */
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeSite, repoRoot } from '../support/fixture-site.ts';
import { runCliAsync } from '../support/cli.ts';
import { readEvents, startWatchProcess, type EventReader, type WatchProcess } from '../support/watch-process.ts';
import { addCaseStudies } from './support/case-studies.ts';

/** A copy of the real site as a user's project: its sources, a tsconfig like the repository's, and the packages. */
function copyRealSite(): string {
  const site = makeTempDir('cleansite-case-studies-', 'memory');
  for (const folder of ['content', 'templates', 'public']) cpSync(path.join(repoRoot, folder), path.join(site, folder), { recursive: true });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  writeFileSync(path.join(site, 'package.json'), JSON.stringify({ name: 'case-studies-site', private: true, type: 'module' }));
  writeFileSync(path.join(site, 'tsconfig.json'), JSON.stringify({ extends: path.join(repoRoot, 'tsconfig.json'), include: ['templates'], exclude: [] }));
  return site;
}

const site = copyRealSite();
const out = path.join(site, 'dist');
let watch: WatchProcess | undefined;
let events: EventReader | undefined;
beforeAll(() => addCaseStudies(site));
afterAll(async () => {
  events?.close();
  await watch?.stop();
  removeSite(site);
});

const page = (file: string) => load(readFileSync(path.join(out, file), 'utf8'));

describe('a routed collection added by its declaration, templates and content only', () => {
  it('builds a page per entry and the listing, in the site map and with the site\'s title rule', async () => {
    // Stage times are printed for slow stages on a loaded machine: not what this test is about.
    const result = await runCliAsync(['build', '--out', out], site, {}, 240_000);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const study = page('case-studies/hospital-wing/index.html');
    expect(study('h1').text()).toBe('A hospital wing, cleaned overnight');
    expect(study('title').text()).toBe('A hospital wing, cleaned overnight | Riverbright');
    expect(study('.page-hero').text()).toContain('Case study: Riverside Private Hospital');
    expect(study('main').text()).toContain('forty beds');
    const listing = page('case-studies/index.html');
    expect(listing('h1').text()).toBe('Case Studies');
    expect(listing('.case-studies a').map((_, link) => listing(link).attr('href')).get()).toEqual(['/case-studies/hospital-wing/', '/case-studies/school-term/']);
    expect(listing('.case-studies .client').map((_, client) => listing(client).text()).get()).toEqual(['Riverside Private Hospital', 'Northside State School']);
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    for (const loc of ['/case-studies/', '/case-studies/hospital-wing/', '/case-studies/school-term/']) expect(sitemap).toContain(`${loc}</loc>`);
  }, 300_000);

  // One type check, the site's own `tsc --noEmit` that watch runs on the copy's tsconfig (src/watch/type-check.ts):
  // a second, stand-alone tsc run of the same program cost ~12 s of CPU and proved nothing more.
  it('watches: serves the new pages, reports a type error in its template (terminal and overlay) without holding up the reload, and type-checks the copy clean (tsc --noEmit), the new entry and content types inferred from the declaration', async () => {
    // At watch's own priority: at the default low one, the check waits for a core the suite's other
    // file leaves idle (48-152 s of this test in whole runs, against ~25 s alone); the default's
    // priority is type-check-child.test.ts's.
    watch = await startWatchProcess(site, ['--type-check', 'normal']);
    const served = await fetch(new URL('/case-studies/school-term/', watch.url));
    expect(served.status).toBe(200);
    expect(load(await served.text())('h1').text()).toBe('Fifty classrooms before the first bell');
    events = await readEvents(watch.url);
    await events.next((event) => event.event === 'hello');

    const template = path.join(site, 'templates', 'pages', 'case-studies.tsx');
    const from = watch.output.length;
    writeFileSync(template, readFileSync(template, 'utf8').replace('{study.client}</span>', '{study.clinet}</span>'));
    // The reload is not held up by the check: the listing is rebuilt from the code as written.
    await events.next((event) => event.event === 'reload', 120_000);
    const listing = load(await (await fetch(new URL('/case-studies/', watch.url))).text());
    expect(listing('.case-studies .client').first().text()).toBe('');
    const line = await watch.waitForLine(/error: templates\/pages\/case-studies\.tsx:\d+:\d+: type error TS2551: Property 'clinet' does not exist/, from, 240_000);
    expect(line).toContain("Did you mean 'client'?");
    await watch.waitForLine(/^Type check: 1 type error in the templates/, from, 10_000);
    const overlay = await events.next((event) => event.event === 'build-error', 30_000);
    expect(overlay.data.problems).toEqual([expect.objectContaining({ file: 'templates/pages/case-studies.tsx', message: expect.stringContaining("Property 'clinet' does not exist") })]);

    const fixed = watch.output.length;
    writeFileSync(template, readFileSync(template, 'utf8').replace('{study.clinet}</span>', '{study.client}</span>'));
    await watch.waitForLine(/^Type check: the templates have no type errors now/, fixed, 240_000);
    await events.next((event) => event.event === 'clear', 30_000);
    expect(watch.alive()).toBe(true);
    // The copy as written (the typo fixed) type-checks clean, and the one error ever reported was the typo:
    // an error in the declaration's inferred types would have been counted with it from the first check on.
    const checks = watch.output.filter((text) => text.startsWith('Type check:'));
    expect(checks.at(-1)).toMatch(/^Type check: the templates have no type errors now/);
    for (const check of checks.slice(0, -1)) expect(check).toMatch(/^Type check: 1 type error in the templates/);
  }, 600_000);
});

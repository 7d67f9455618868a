/**
 * A watch session must leave exactly what a fresh build makes. This drives one in-process watch
 * session over a copy of the real site through more than fifty edits (71 today) (content, site.md, the site's
 * declaration and its modules, templates, styles, client script, public files; renames, deletions, additions, and broken saves
 * that are later fixed) and, after each valid state, compares its output folder with a fresh,
 * cache-less build of the same sources, file for file and byte for byte. Both carry the
 * live-reload client. Two differences are by design and normalised here, nothing else:
 * - watch serves the stylesheet and the script at stable URLs (/assets/site.css, /assets/site.js),
 *   so a style edit is swapped into open pages without re-rendering every page; the build's
 *   content-hashed names are mapped to those before comparing (their bytes are compared too);
 * - the static host's own files are not part of a watch output: _headers and _redirects
 *   configure a host the dev server is not, and the fallback page of each redirect source (for
 *   hosts that honour no redirects) is never reached there: the dev server answers the redirect;
 * - the output marker says which command wrote the folder (`made-by: watch`), so deploy can
 *   refuse a watch output; the build's is compared as the complete watch marker.
 * A broken save must report a problem and leave the watch output as it was.
 */
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { OUTPUT_MARKER, outputMarkerText } from '../../src/output/output-marker.ts';
import { defaultCacheDir } from '../../src/commands/command-support.ts';
import { createMemoryLogger } from '../../src/core/logger.ts';
import type { SitePaths } from '../../src/core/site-paths.ts';
import { LIVE_RELOAD_PATH } from '../../src/server/live-reload-client.ts';
import { workerTraffic } from '../../src/render/worker-handle.ts';
import type { FileChange, FileEvent } from '../../src/watch/file-watcher.ts';
import { createWatchSession, type WatchSession } from '../../src/watch/watch-session.ts';
import { listRedirectPages } from '../support/site-build.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';

let copy: RealSiteCopy | undefined;
let root: string;
let paths: SitePaths;
let session: WatchSession;
let freshCount = 0;

beforeAll(async () => {
  copy = copyRealSite({ prefix: 'cleansite-watch-equals-build-' });
  root = copy.root;
  paths = {
    rootDir: root,
    contentDir: copy.contentDir,
    templatesDir: copy.templatesDir,
    publicDir: copy.publicDir,
    outDir: path.join(root, 'watch-out'),
    cacheDir: defaultCacheDir(),
    buildDate: '2026-11-20',
  };
  // Without drafts, as a build: watch's default shows them (marked), which no build does (test/engine/watch-guides.test.ts).
  session = createWatchSession({ ...paths, devScripts: [LIVE_RELOAD_PATH], drafts: false });
  const first = await session.rebuild([]);
  expect(first.problems).toEqual([]);
});

afterAll(async () => {
  await session?.close();
  copy?.remove();
});

/** Every file under `dir`, relative, sorted, with its bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, absolute).split(path.sep).join('/'), readFileSync(absolute));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Differences between two snapshots as readable lines (empty when equal). */
function differences(watched: Map<string, Buffer>, built: Map<string, Buffer>): string[] {
  const lines: string[] = [];
  for (const [file, bytes] of built) {
    const other = watched.get(file);
    if (!other) lines.push(`missing in watch output: ${file}`);
    else if (!other.equals(bytes)) {
      const a = other.toString('latin1');
      const b = bytes.toString('latin1');
      let index = 0;
      while (index < a.length && a[index] === b[index]) index++;
      lines.push(`differs: ${file} at byte ${index}: watch "${a.slice(Math.max(0, index - 30), index + 50)}" build "${b.slice(Math.max(0, index - 30), index + 50)}"`);
    }
  }
  for (const file of watched.keys()) if (!built.has(file)) lines.push(`only in watch output: ${file}`);
  return lines;
}

const HOST_FILES = new Set(['_headers', '_redirects']);
const HASHED_ASSET = /^assets\/site\.[0-9a-f]{10}\.(css|js)$/;

async function freshBuild(): Promise<Map<string, Buffer>> {
  const outDir = path.join(root, `fresh-${freshCount++}`);
  const logger = createMemoryLogger();
  await build({ ...paths, outDir, keepGoing: false, jobs: 1, cache: false, devScripts: [LIVE_RELOAD_PATH] }, logger);
  const built = snapshot(outDir);
  const redirectPages = new Set(listRedirectPages(outDir));
  expect(redirectPages.size, 'the site declares redirects, so this exclusion is exercised').toBeGreaterThan(0);
  rmSync(outDir, { recursive: true, force: true });
  const stable = new Map<string, string>();
  for (const file of built.keys()) {
    const match = HASHED_ASSET.exec(file);
    if (match) stable.set(`/${file}`, `/assets/site.${match[1]}`);
  }
  const files = new Map<string, Buffer>();
  for (const [file, bytes] of built) {
    if (HOST_FILES.has(file) || redirectPages.has(file)) continue;
    if (file === OUTPUT_MARKER) {
      files.set(file, Buffer.from(outputMarkerText('watch', 'complete')));
      continue;
    }
    if (stable.has(`/${file}`)) {
      files.set(stable.get(`/${file}`)!.slice(1), bytes);
      continue;
    }
    if (!file.endsWith('.html')) {
      files.set(file, bytes);
      continue;
    }
    let html = bytes.toString('utf8');
    for (const [hashed, name] of stable) html = html.replaceAll(`"${hashed}"`, `"${name}"`);
    files.set(file, Buffer.from(html));
  }
  return files;
}

type Edit = { name: string; broken?: boolean; apply: () => FileChange[] };

const at = (relative: string) => path.join(root, relative);
const change = (relative: string, event: FileEvent = 'change'): FileChange => ({ file: at(relative), event });
function edit(relative: string, from: string | RegExp, to: string): FileChange[] {
  const text = readFileSync(at(relative), 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit of ${relative} changed nothing: ${String(from)} not found`);
  writeFileSync(at(relative), next);
  return [change(relative)];
}
function write(relative: string, text: string): FileChange[] {
  const existed = statSync(at(relative), { throwIfNoEntry: false }) !== undefined;
  writeFileSync(at(relative), text);
  return [change(relative, existed ? 'change' : 'add')];
}
function remove(relative: string): FileChange[] {
  rmSync(at(relative));
  return [change(relative, 'unlink')];
}
function rename(from: string, to: string): FileChange[] {
  renameSync(at(from), at(to));
  return [change(from, 'unlink'), change(to, 'add')];
}
/** Puts `words` at the start of a one-line front-matter field, inside its quotes if it has them. */
const prefixField = (relative: string, field: string, words: string) =>
  edit(relative, new RegExp(`^${field}: ("?)`, 'm'), `${field}: $1${words} `);
/** Replaces a one-line front-matter field's value. */
const setField = (relative: string, field: string, value: string) => edit(relative, new RegExp(`^${field}: .*$`, 'm'), `${field}: ${value}`);
const append = (relative: string, text: string) => write(relative, readFileSync(at(relative), 'utf8') + text);

const newLocation = (name: string, region: string) => readFileSync(at('content/locations/noosa.md'), 'utf8')
  .replace(/^name: .*$/m, `name: ${name}`)
  .replace(/^region: .*$/m, `region: ${region}`)
  .replace(/^featured: .*$/m, 'featured: false');

const EDITS: Edit[] = [
  { name: 'location description', apply: () => setField('content/locations/noosa.md', 'description', 'Edited once. Commercial cleaning described again, long enough for the seventy-character minimum.') },
  { name: 'location body', apply: () => append('content/locations/cairns.md', '\nA new closing paragraph for Cairns.\n') },
  { name: 'location feature', apply: () => edit('content/locations/ipswich.md', /^( {2}- )(.*)$/m, '$1$2 and more') },
  { name: 'service description', apply: () => setField('content/services/office-cleaning.md', 'description', 'Now edited. Commercial cleaning described again, long enough for the seventy-character minimum.') },
  { name: 'service body', apply: () => append('content/services/retail-cleaning.md', '\nRetail spaces are cleaned out of hours.\n') },
  { name: 'page title', apply: () => edit('content/pages/about.md', /^title: .*$/m, 'title: About Riverbright') },
  { name: 'page body', apply: () => append('content/pages/privacy.md', '\nWe review this policy every year.\n') },
  { name: 'faq answer', apply: () => append('content/faqs/quality-control.md', '\nEvery site has a named supervisor.\n') },
  { name: 'faq question', apply: () => prefixField('content/faqs/one-time-events.md', 'question', 'Really,') },
  { name: 'testimonial author', apply: () => edit('content/testimonials/sarah-kelly.md', /^author: .*$/m, 'author: Sarah Kelly') },
  { name: 'gallery title', apply: () => edit('content/gallery/boardroom.md', /^title: .*$/m, 'title: Boardroom, after') },
  { name: 'stat value', apply: () => edit('content/stats/home-years.md', /^value: .*$/m, 'value: "16+"') },
  { name: 'service card feature', apply: () => edit('content/service-cards/commercial-retail.md', /^( {2}- )(.*)$/m, '$1$2, weekly') },
  { name: 'sitemap group title', apply: () => edit('content/sitemap-groups/legal.md', /^title: .*$/m, 'title: Legal and policies') },
  { name: 'site tagline', apply: () => prefixField('content/site.md', 'tagline', 'Since 2010,') },
  { name: 'site footer text', apply: () => append('content/site.md', '\nFamily owned.\n') },
  { name: 'broken YAML in a location', broken: true, apply: () => edit('content/locations/noosa.md', /^name: .*$/m, 'name: [Noosa') },
  { name: 'the broken location fixed', apply: () => edit('content/locations/noosa.md', /^name: \[Noosa$/m, 'name: Noosa') },
  { name: 'a missing required field', broken: true, apply: () => edit('content/faqs/service-areas.md', /^question: .*$/m, '') },
  { name: 'the missing field restored', apply: () => edit('content/faqs/service-areas.md', /^---\n\n/, '---\nquestion: Which areas do you service?\n') },
  { name: 'a new location', apply: () => write('content/locations/nambour.md', newLocation('Nambour', 'Sunshine Coast')) },
  { name: 'the new location edited', apply: () => setField('content/locations/nambour.md', 'description', 'Nambour too. Commercial cleaning described again, long enough for the seventy-character minimum.') },
  { name: 'a location renamed (file)', apply: () => rename('content/locations/nambour.md', 'content/locations/nambour-town.md') },
  { name: 'a location renamed (name, so its route moves)', apply: () => edit('content/locations/nambour-town.md', /^name: .*$/m, 'name: Nambour Town') },
  { name: 'the new location deleted', apply: () => remove('content/locations/nambour-town.md') },
  { name: 'a duplicate slug', broken: true, apply: () => write('content/locations/noosa-copy.md', readFileSync(at('content/locations/noosa.md'), 'utf8')) },
  { name: 'the duplicate removed', apply: () => remove('content/locations/noosa-copy.md') },
  { name: 'a featured location no longer featured', apply: () => edit('content/locations/west-end.md', /^featured: true$/m, 'featured: false') },
  { name: 'and featured again', apply: () => edit('content/locations/west-end.md', /^featured: false$/m, 'featured: true') },
  { name: 'a new FAQ', apply: () => write('content/faqs/parking.md', '---\nquestion: Do your cleaners need parking?\norder: 9\n---\nNo: our teams arrive by van and park on the street or in visitor bays.\n') },
  { name: 'the new FAQ deleted', apply: () => remove('content/faqs/parking.md') },
  { name: 'a gallery item deleted', apply: () => remove('content/gallery/pressure-washer.md') },
  { name: 'a stylesheet rule', apply: () => append('templates/styles/site.css', '\n.watch-equals-build { color: #123456; }\n') },
  { name: 'a stylesheet rule changed', apply: () => edit('templates/styles/site.css', '#123456', '#654321') },
  { name: 'CSS importing a missing file', broken: true, apply: () => write('templates/styles/site.css', `@import "./does-not-exist.css";\n${readFileSync(at('templates/styles/site.css'), 'utf8')}`) },
  { name: 'the missing import removed', apply: () => edit('templates/styles/site.css', '@import "./does-not-exist.css";\n', '') },
  { name: 'a client script change', apply: () => append('templates/client/main.ts', '\nexport const watchEqualsBuild = 1;\n') },
  { name: 'the client script change undone', apply: () => edit('templates/client/main.ts', '\nexport const watchEqualsBuild = 1;\n', '\n') },
  { name: 'a template text change', apply: () => edit('templates/pages/about.tsx', /<\/h2>/, ' </h2>') },
  { name: 'a layout change seen on every page', apply: () => edit('templates/layout/site-footer.tsx', /<\/footer>/, '<p className="watch-mark">Watched.</p></footer>') },
  { name: 'a template that throws', broken: true, apply: () => edit('templates/pages/about.tsx', /return \(/, 'if (Date.length >= 0) throw new Error("about broke");\n  return (') },
  { name: 'the throwing template fixed', apply: () => edit('templates/pages/about.tsx', 'if (Date.length >= 0) throw new Error("about broke");\n  return (', 'return (') },
  { name: 'a template syntax error', broken: true, apply: () => append('templates/pages/about.tsx', '\nexport const = ;\n') },
  { name: 'the syntax error fixed', apply: () => edit('templates/pages/about.tsx', '\nexport const = ;\n', '\n') },
  { name: 'a public file added', apply: () => write('public/price-list.txt', 'Prices on request.\n') },
  { name: 'the public file changed', apply: () => write('public/price-list.txt', 'Prices on request, from $45 an hour.\n') },
  { name: 'the public file deleted', apply: () => remove('public/price-list.txt') },
  { name: 'a file under public/.well-known (published)', apply: () => write('public/.well-known/change-password', 'https://www.example.com/contact/\n') },
  { name: 'a dot file in public/ (never published)', apply: () => write('public/.DS_Store', 'Finder junk\n') },
  { name: 'the .well-known file deleted', apply: () => remove('public/.well-known/change-password') },
  { name: 'a page added', apply: () => write('content/pages/careers.md', readFileSync(at('content/pages/license.md'), 'utf8').replace(/^title: .*$/m, 'title: Careers')) },
  { name: 'the page deleted', apply: () => remove('content/pages/careers.md') },
  { name: 'two files saved at once', apply: () => [...setField('content/locations/toowoomba.md', 'description', 'Garden City. Commercial cleaning described again, long enough for the seventy-character minimum.'), ...setField('content/locations/mackay.md', 'description', 'Sugar City. Commercial cleaning described again, long enough for the seventy-character minimum.')] },
  { name: 'a service deleted and restored in one batch', apply: () => {
    const text = readFileSync(at('content/services/medical-facility-cleaning.md'), 'utf8');
    const removed = remove('content/services/medical-facility-cleaning.md');
    return [...removed, ...write('content/services/medical-facility-cleaning.md', text)];
  } },
  { name: 'an unrelated file in content/', apply: () => write('content/NOTES.txt', 'not content\n') },
  { name: 'the site phone changed', apply: () => edit('content/site.md', /display: .*$/m, 'display: (07) 3000 1234') },
  // A guide: its page, the listing pages, the topic pages and index, and the feeds it is on.
  { name: 'a guide added', apply: () => write('content/guides/watching-the-watchers.md', readFileSync(at('content/guides/colour-coded-cleaning.md'), 'utf8').replace(/^title: .*$/m, 'title: Watching the Watchers').replace(/^date: .*$/m, 'date: 2026-11-19').replace(/^topics: .*$/m, 'topics: [Office cleaning, Night shifts]')) },
  { name: 'the guide retitled', apply: () => setField('content/guides/watching-the-watchers.md', 'title', 'Watching the Night Shift') },
  { name: 'the guide re-tagged', apply: () => setField('content/guides/watching-the-watchers.md', 'topics', '[Seasonal care]') },
  { name: 'the guide made a draft', apply: () => edit('content/guides/watching-the-watchers.md', /^topics: .*$/m, 'topics: [Seasonal care]\ndraft: true') },
  { name: 'the guide published again', apply: () => edit('content/guides/watching-the-watchers.md', /^draft: true\n/m, '') },
  { name: 'the guide deleted', apply: () => remove('content/guides/watching-the-watchers.md') },
  // The site's declaration (templates/site.config.ts) and the modules it imports.
  { name: 'a route rule in a module the site config imports', apply: () => edit('templates/model/routes.ts', 'Commercial Cleaning in ${location.name}', 'Commercial Cleaners in ${location.name}') },
  { name: 'a site config that does not compile', broken: true, apply: () => append('templates/site.config.ts', '\nexport const = ;\n') },
  { name: 'the site config fixed', apply: () => edit('templates/site.config.ts', '\nexport const = ;\n', '\n') },
  { name: 'a schema rule the content breaks', broken: true, apply: () => edit('templates/model/schemas.ts', ".length(8, 'must list exactly eight services')", ".length(9, 'must list exactly nine services')") },
  { name: 'the schema rule undone', apply: () => edit('templates/model/schemas.ts', ".length(9, 'must list exactly nine services')", ".length(8, 'must list exactly eight services')") },
  // Same files, other entries: the content's fingerprints do not change, the pages must all the same.
  { name: 'a schema transform that changes entries, not files (section anchors)', apply: () => edit('templates/model/schemas.ts', 'id: written.id ?? anchorOf(written.title)', "id: written.id ?? `part-${anchorOf(written.title)}`") },
  { name: 'the schema transform undone', apply: () => edit('templates/model/schemas.ts', "id: written.id ?? `part-${anchorOf(written.title)}`", 'id: written.id ?? anchorOf(written.title)') },
];

describe('a watch session', () => {
  it('has at least fifty edits to make', () => {
    expect(EDITS.length).toBeGreaterThanOrEqual(50);
    expect(EDITS.filter((item) => item.broken).length).toBeGreaterThanOrEqual(5);
  });

  it('leaves exactly what a fresh build makes after each edit, and keeps the last good output on a broken save', async () => {
    const initialDiff = differences(snapshot(paths.outDir), await freshBuild());
    expect(initialDiff, 'after the first build').toEqual([]);
    for (const item of EDITS) {
      const before = snapshot(paths.outDir);
      const report = await session.rebuild(item.apply());
      if (item.broken) {
        expect(report.problems.length, `${item.name}: reports a problem`).toBeGreaterThan(0);
        expect(differences(snapshot(paths.outDir), before), `${item.name}: keeps the last good output`).toEqual([]);
        continue;
      }
      expect(report.problems.map((problem) => problem.format()), `${item.name}: no problem`).toEqual([]);
      expect(differences(snapshot(paths.outDir), await freshBuild()), `after: ${item.name}`).toEqual([]);
    }
  }, 600_000);
});

/**
 * With pages open in a browser, a pass writes the open pages first, reloads them, and only then
 * writes the rest (src/session/open-pages-first.ts); a later change supersedes the rest. Either
 * way the output must end equal to a fresh build: a page the abandoned pass left is rendered by
 * the next one, whatever that one's change is.
 */
describe('a watch session with pages open in a browser', () => {
  const OPEN = ['/about/', '/services/'];
  const BACKGROUND_PAGE = 'contact/index.html';
  let open: WatchSession;
  let outDir: string;
  let supersede = false;
  /** At each early reload: what the open pages and a page not open held in the output at that moment, and what had crossed to render workers. */
  const reloads: Array<{ only: readonly string[] | undefined; openPage: string; backgroundPage: string; traffic: typeof workerTraffic }> = [];
  const page = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

  beforeAll(async () => {
    outDir = path.join(root, 'watch-open-out');
    open = createWatchSession({
      ...paths, outDir, devScripts: [LIVE_RELOAD_PATH], drafts: false,
      openPages: () => OPEN,
      tell: (message) => reloads.push({ only: message.only, openPage: page('about/index.html'), backgroundPage: page(BACKGROUND_PAGE), traffic: { ...workerTraffic } }),
      superseded: () => supersede && reloads.length > 0,
    });
    expect((await open.rebuild([])).problems).toEqual([]);
  });
  afterAll(async () => {
    await open?.close();
  });

  it('writes and reloads the open pages before the rest after a template edit, and ends equal to a fresh build', async () => {
    // The spare is readied on the turn of the event loop after a pass.
    await new Promise((resolve) => setImmediate(resolve));
    const traffic = { ...workerTraffic };
    const report = await open.rebuild(edit('templates/layout/site-footer.tsx', /<\/footer>/, '<p className="open-first">First.</p></footer>'));
    expect(report.problems).toEqual([]);
    expect(report.first?.pages).toEqual(OPEN);
    expect(report.deferred).toBe(0);
    expect(reloads.map((reload) => reload.only)).toEqual([OPEN]);
    expect(reloads[0]!.openPage, 'the open page is in the output when it is told to reload').toContain('First.');
    expect(reloads[0]!.backgroundPage, 'a page not open is not yet written then').not.toContain('First.');
    // On the spare worker (src/render/render-threads.ts), started before the save and holding the site: no worker start, no entry sent.
    expect(reloads[0]!.traffic, 'the open page renders on a worker started before the save, which held the site').toEqual(traffic);
    expect(page(BACKGROUND_PAGE)).toContain('First.');
    // The others reload at the end; the open pages, already reloaded, are not told again.
    expect(report.messages).toEqual([{ event: 'reload', data: expect.any(Object), except: OPEN }]);
    expect(differences(snapshot(outDir), await freshBuild())).toEqual([]);
  }, 300_000);

  it('stops the rest when a later change supersedes it, and the next pass, even for a content edit, leaves no stale page', async () => {
    reloads.length = 0;
    supersede = true;
    const superseded = await open.rebuild(edit('templates/layout/site-footer.tsx', 'First.', 'Second.'));
    supersede = false;
    expect(superseded.problems).toEqual([]);
    expect(reloads.map((reload) => reload.only)).toEqual([OPEN]);
    expect(page('about/index.html')).toContain('Second.');
    expect(superseded.deferred, 'the rest was left to the next pass').toBeGreaterThan(0);
    expect(page(BACKGROUND_PAGE), 'a page the superseded pass left').toContain('First.');
    expect(superseded.messages.filter((message) => message.event === 'reload'), 'nobody else reloads to a page not yet written').toEqual([]);

    reloads.length = 0;
    const next = await open.rebuild(setField('content/locations/noosa.md', 'description', 'Open pages first. Commercial cleaning described again, long enough for the seventy-character minimum.'));
    expect(next.problems).toEqual([]);
    expect(next.deferred).toBe(0);
    expect(page(BACKGROUND_PAGE)).toContain('Second.');
    expect(differences(snapshot(outDir), await freshBuild())).toEqual([]);
  }, 300_000);
});

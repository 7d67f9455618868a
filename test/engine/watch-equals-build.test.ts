/**
 * A watch session must leave exactly what a fresh build makes. This drives one in-process watch
 * session over a copy of the real site through more than fifty edits (support/watch-edits.ts:
 * content, site.md, the site's declaration and its modules, templates, styles, client script,
 * public files; renames, deletions, additions, and broken saves that are later fixed), each its
 * own watch pass, and compares its output folder with a fresh, cache-less build of the same
 * sources, file for file and byte for byte, after each group of edits. A group holds edits whose
 * passes change different files (checked here, pass by pass), so no edit in it can rewrite a page
 * another left stale before the comparison sees it. Both carry the
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
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { OUTPUT_MARKER, outputMarkerText } from '../../src/output/output-marker.ts';
import { createMemoryLogger } from '../../src/core/logger.ts';
import type { SitePaths } from '../../src/core/site-paths.ts';
import { LIVE_RELOAD_PATH } from '../../src/server/live-reload-client.ts';
import { workerTraffic } from '../../src/render/worker-handle.ts';
import { createWatchSession, type WatchSession } from '../../src/watch/watch-session.ts';
import { listRedirectPages } from '../support/site-build.ts';
import { changedFiles, differences, madeFile, snapshot, type Snapshot } from './support/output-snapshot.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';
import { edit, editIn, EDITS, remove, setField } from './support/watch-edits.ts';

let copy: RealSiteCopy | undefined;
let root: string;
let paths: SitePaths;
let session: WatchSession;
let freshCount = 0;

beforeAll(async () => {
  // In memory: its 31 fresh builds write and remove the whole site each time (see MEMORY_TMP).
  copy = copyRealSite({ prefix: 'cleansite-watch-equals-build-', inMemory: true });
  root = copy.root;
  editIn(root);
  paths = {
    rootDir: root,
    contentDir: copy.contentDir,
    templatesDir: copy.templatesDir,
    publicDir: copy.publicDir,
    outDir: path.join(root, 'watch-out'),
    cacheDir: copy.cacheDir,
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

/** The last snapshot of each watch output: the next takes the bytes of files still stamped as they were (support/output-snapshot.ts). */
const lastSnapshots = new Map<string, Snapshot>();
function watchSnapshot(dir: string): Snapshot {
  const taken = snapshot(dir, lastSnapshots.get(dir));
  lastSnapshots.set(dir, taken);
  return taken;
}

const HOST_FILES = new Set(['_headers', '_redirects']);
const HASHED_ASSET = /^assets\/site\.[0-9a-f]{10}\.(css|js)$/;

/**
 * Compares the watch output with the comparison build: a fresh, cache-less build of the copy's
 * sources (only the images pages use, as the CLI's build and watch make them; its step, content and page caches off; image variants come from the image cache,
 * named by their content), with the live-reload client, as watch has it, normalised as the
 * header says. The one place the comparison build's options are set.
 */
async function expectEqualToFreshBuild(watchOut: string, what: string): Promise<void> {
  const outDir = path.join(root, `fresh-${freshCount++}`);
  try {
    await build({ ...paths, outDir, keepGoing: false, jobs: 1, cache: false, devScripts: [LIVE_RELOAD_PATH], onlyUsedImages: true }, createMemoryLogger());
    const built = normalised(snapshot(outDir), new Set(listRedirectPages(outDir)));
    expect(differences(watchSnapshot(watchOut), built), what).toEqual([]);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function normalised(built: Snapshot, redirectPages: Set<string>): Snapshot {
  expect(redirectPages.size, 'the site declares redirects, so this exclusion is exercised').toBeGreaterThan(0);
  const stable = new Map<string, string>();
  for (const file of built.keys()) {
    const match = HASHED_ASSET.exec(file);
    if (match) stable.set(`/${file}`, `/assets/site.${match[1]}`);
  }
  const files: Snapshot = new Map();
  for (const [file, made] of built) {
    if (HOST_FILES.has(file) || redirectPages.has(file)) continue;
    if (file === OUTPUT_MARKER) files.set(file, madeFile(Buffer.from(outputMarkerText('watch', 'complete'))));
    else if (stable.has(`/${file}`)) files.set(stable.get(`/${file}`)!.slice(1), made);
    else if (!file.endsWith('.html')) files.set(file, made);
    else {
      let html = made.bytes().toString('utf8');
      for (const [hashed, name] of stable) html = html.replaceAll(`"${hashed}"`, `"${name}"`);
      files.set(file, madeFile(Buffer.from(html)));
    }
  }
  return files;
}

describe('a watch session', () => {
  it('has at least fifty edits to make, in groups that each end on a valid state', () => {
    expect(EDITS.flat().length).toBeGreaterThanOrEqual(50);
    expect(EDITS.flat().filter((item) => item.broken).length).toBeGreaterThanOrEqual(5);
    for (const group of EDITS) expect(group.at(-1)!.broken, `the group ending "${group.at(-1)!.name}" ends on a valid state`).toBeFalsy();
  });

  it('leaves exactly what a fresh build makes after each group of edits, and keeps the last good output on a broken save', async () => {
    await expectEqualToFreshBuild(paths.outDir, 'after the first build');
    for (const group of EDITS) {
      // Which edit of the group changed each output file: no two may change the same one.
      const changedBy = new Map<string, string>();
      let before = watchSnapshot(paths.outDir);
      for (const item of group) {
        const report = await session.rebuild(item.apply());
        const after = watchSnapshot(paths.outDir);
        if (item.broken) {
          expect(report.problems.length, `${item.name}: reports a problem`).toBeGreaterThan(0);
          expect(differences(after, before), `${item.name}: keeps the last good output`).toEqual([]);
          continue;
        }
        expect(report.problems.map((problem) => problem.format()), `${item.name}: no problem`).toEqual([]);
        for (const file of changedFiles(before, after)) {
          const earlier = changedBy.get(file);
          expect(earlier, `"${item.name}" changed ${file}, as "${earlier}" did in the same group: one could hide a page the other left stale; put them in separate groups`).toBeUndefined();
          changedBy.set(file, item.name);
        }
        before = after;
      }
      await expectEqualToFreshBuild(paths.outDir, `after: ${group.map((item) => item.name).join(', ')}`);
    }
  }, 600_000);

  it('holds no variant of an image that no page shows', () => {
    // A shown image gets all its variants (the page links some of them: srcset, og:image); an image no page shows gets none.
    const imageOf = (variant: string) => variant.replace(/-\d+\.[0-9a-f]+\.\w+$/, '');
    const shown = new Set<string>();
    for (const [file, output] of snapshot(paths.outDir)) {
      // Pages, feeds, the stylesheet: every file that may link an image.
      if (!file.startsWith('assets/img/')) for (const match of output.bytes().toString('utf8').matchAll(/\/(assets\/img\/[^"'\s,?)<&]+)/g)) shown.add(imageOf(match[1]!));
    }
    const variants = [...snapshot(paths.outDir).keys()].filter((file) => file.startsWith('assets/img/'));
    expect(variants.length, 'the site has image variants to check').toBeGreaterThan(0);
    expect(variants.filter((file) => !shown.has(imageOf(file)))).toEqual([]);
  });
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
  let openNow: readonly string[] = OPEN;
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
      openPages: () => openNow,
      tell: (message) => reloads.push({ only: message.only, openPage: page('about/index.html'), backgroundPage: page(BACKGROUND_PAGE), traffic: { ...workerTraffic } }),
      superseded: () => supersede && reloads.length > 0,
    });
    expect((await open.rebuild([])).problems).toEqual([]);
  });
  afterAll(async () => {
    await open?.close();
  });

  // Each test adds its own mark to the footer, so either may run first (--sequence.shuffle).
  it('writes and reloads the open pages before the rest after a template edit, and ends equal to a fresh build', async () => {
    reloads.length = 0;
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
    await expectEqualToFreshBuild(outDir, 'the open pages first, then the rest');
  }, 300_000);

  it('stops the rest when a later change supersedes it, and the next pass, even for a content edit, leaves no stale page', async () => {
    reloads.length = 0;
    supersede = true;
    const superseded = await open.rebuild(edit('templates/layout/site-footer.tsx', /<\/footer>/, '<p className="open-second">Second.</p></footer>'));
    supersede = false;
    expect(superseded.problems).toEqual([]);
    expect(reloads.map((reload) => reload.only)).toEqual([OPEN]);
    expect(page('about/index.html')).toContain('Second.');
    expect(superseded.deferred, 'the rest was left to the next pass').toBeGreaterThan(0);
    expect(page(BACKGROUND_PAGE), 'a page the superseded pass left').not.toContain('Second.');
    expect(superseded.messages.filter((message) => message.event === 'reload'), 'nobody else reloads to a page not yet written').toEqual([]);

    reloads.length = 0;
    const next = await open.rebuild(setField('content/locations/noosa.md', 'description', 'Open pages first. Commercial cleaning described again, long enough for the seventy-character minimum.'));
    expect(next.problems).toEqual([]);
    expect(next.deferred).toBe(0);
    expect(page(BACKGROUND_PAGE)).toContain('Second.');
    await expectEqualToFreshBuild(outDir, 'a superseded pass, then a content edit');
  }, 300_000);

  it('removes the page of an entry deleted while a page that lists it is open', async () => {
    const entry = 'content/locations/rockhampton.md';
    const text = readFileSync(path.join(root, entry), 'utf8');
    const gone = path.join(outDir, 'locations/rockhampton/index.html');
    expect(existsSync(gone)).toBe(true);
    // The site map page lists every page, so the deletion makes it stale: it is written before the plan.
    openNow = ['/sitemap/'];
    try {
      const report = await open.rebuild(remove(entry));
      expect(report.problems).toEqual([]);
      expect(report.first?.pages, 'the open page went first').toEqual(['/sitemap/']);
      // Before, writing the open page dropped the deleted entry's record, and the plan then found no page to remove.
      expect(existsSync(gone), 'the deleted entry\'s page is still in the output').toBe(false);
      await expectEqualToFreshBuild(outDir, 'an entry deleted while a page listing it is open');
    } finally {
      openNow = OPEN;
      writeFileSync(path.join(root, entry), text);
      expect((await open.rebuild([{ file: path.join(root, entry), event: 'add' }])).problems).toEqual([]);
    }
  }, 300_000);
});

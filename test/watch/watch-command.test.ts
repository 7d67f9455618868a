/**
 * `cleansite watch` as a developer uses it: the real CLI process on a
 * temporary copy of the fixture site, edited file by file, observed through
 * its output folder, its printed lines and its live-reload event stream.
 * The tests run in order against one watch process, which must survive
 * every broken edit.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree, makeTempDir, removeSite, runCli } from '../support/fixture-site.ts';
import { readEvents, useWatchProcesses, type EventReader, type WatchProcess } from '../support/watch-process.ts';

let site: string;
let out: string;
let watch: WatchProcess;
let events: EventReader;

const watching = useWatchProcesses();

beforeAll(async () => {
  site = watching.site('watch-overlay');
  out = path.join(site, 'out');
  watch = await watching.start(site);
  events = await watching.events(watch);
});

const sourceFile = (relative: string) => path.join(site, relative);
const read = (relative: string) => readFileSync(sourceFile(relative), 'utf8');
const write = (relative: string, text: string) => writeFileSync(sourceFile(relative), text);
const edit = (relative: string, from: string | RegExp, to: string) => {
  const before = read(relative);
  const after = before.replace(from, to);
  expect(after, `the edit of ${relative} changes the file`).not.toBe(before);
  write(relative, after);
};
const page = (file: string) => readFileSync(path.join(out, file), 'utf8');
const fetchText = async (urlPath: string) => {
  const response = await fetch(new URL(urlPath, watch.url));
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};

/** Inode of every HTML file: a re-rendered page is moved in as a new file, so its inode changes. */
function htmlInodes(): Map<string, number> {
  const inodes = new Map<string, number>();
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) {
      const file = path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      inodes.set(file, statSync(path.join(out, file)).ino);
    }
  }
  return inodes;
}

function rewritten(before: Map<string, number>): string[] {
  const after = htmlInodes();
  return [...after].filter(([file, inode]) => before.get(file) !== inode).map(([file]) => file).sort();
}

/** The next live-reload event; a timeout shows what the watcher printed. */
async function nextEvent(): Promise<{ event: string; data: Record<string, unknown> }> {
  try {
    return await events.next();
  } catch (error) {
    throw new Error(`${(error as Error).message}\nwatch output:\n${watch.output.join('\n')}`);
  }
}

type Problem = { file: string; line?: number; message: string };
const problemsOf = (event: { data: Record<string, unknown> }) => event.data.problems as Problem[];

describe('cleansite watch', () => {
  it('serves the first build with the live-reload client, which a normal build never includes', async () => {
    expect(watch.output[0]).toMatch(/^Built 9 pages into out\/ in \d+\.\d\d s\.$/);
    expect(watch.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    const location = await fetchText('/locations/new-farm/');
    expect(location.status).toBe(200);
    expect(location.type).toBe('text/html; charset=utf-8');
    expect(location.body).toContain('<script src="/__cleansite/live-reload.js" defer=""></script>');

    const client = await fetchText('/__cleansite/live-reload.js');
    expect(client.status).toBe(200);
    expect(client.type).toBe('text/javascript; charset=utf-8');
    // It names the page it is open on, which watch renders first (src/server/open-page.ts).
    expect(client.body).toContain('new EventSource(`${settings.eventsPath}?page=${encodeURIComponent(location.pathname)}`)');
    expect(client.body).toContain('"/__cleansite/events"');
    expect(client.body).not.toContain('innerHTML');

    const buildOut = makeTempDir('cleansite-build-');
    try {
      const result = runCli(['build', '--out', buildOut], site);
      expect(result.status, result.stderr).toBe(0);
      const html = readdirSync(buildOut, { recursive: true }).map(String).filter((file) => file.endsWith('.html'));
      expect(html.length).toBe(9);
      for (const file of html) expect(readFileSync(path.join(buildOut, file), 'utf8')).not.toContain('__cleansite');
    } finally {
      removeSite(buildOut);
    }
  });

  it('re-renders only the page of a location whose body changed, and tells open pages to reload', async () => {
    const before = htmlInodes();
    const from = watch.output.length;
    edit('content/locations/new-farm.md', 'Body for New Farm.', 'Body for New Farm, now with *window* cleaning.');
    const reload = await nextEvent();
    expect(reload.event).toBe('reload');
    expect(page('locations/new-farm/index.html')).toContain('<p>Body for New Farm, now with <em>window</em> cleaning.</p>');
    // No other page shows a location's body.
    expect(rewritten(before)).toEqual(['locations/new-farm/index.html']);
    expect(await watch.waitForLine(/new-farm\.md changed/, from)).toMatch(/^content\/locations\/new-farm\.md changed: re-rendered 1 page in \d+ ms\.$/);
  });

  it('re-renders an edited location and the page that lists what changed', async () => {
    const before = htmlInodes();
    edit('content/locations/new-farm.md', 'intro: Cleaning in New Farm.', 'intro: Offices and strata in New Farm.');
    expect((await nextEvent()).event).toBe('reload');
    // The home page's areas list shows each intro; the site map shows names only.
    expect(rewritten(before)).toEqual(['index.html', 'locations/new-farm/index.html']);
    expect(page('index.html')).toContain('Offices and strata in New Farm.');
  });

  it('re-renders only the pages that read a collection when one of its entries changes', async () => {
    const before = htmlInodes();
    edit('content/testimonials/one.md', /^author: .*$/m, 'author: Priya Watchful');
    expect((await nextEvent()).event).toBe('reload');
    expect(rewritten(before)).toEqual(['about/index.html']);
    expect(page('about/index.html')).toContain('<li>Priya Watchful</li>');
  });

  it('adds a new location to its page, the lists, the site map and sitemap.xml', async () => {
    write('content/locations/teneriffe.md', [
      '---', 'name: Teneriffe', 'region: Brisbane Area', 'state: Queensland', 'geo: { latitude: -27.4560, longitude: 153.0480 }',
      'description: Commercial cleaning in Teneriffe for the watch fixture, long enough for the rule.',
      'intro: Cleaning in Teneriffe.', 'features: [a, b, c, d, e, f, g, h]', '---', 'Body for Teneriffe.', '',
    ].join('\n'));
    expect((await nextEvent()).event).toBe('reload');
    expect(page('locations/teneriffe/index.html')).toContain('<h1>Commercial Cleaning in Teneriffe</h1>');
    expect(page('index.html')).toContain('<a href="/locations/teneriffe/">Teneriffe</a>');
    expect(page('sitemap/index.html')).toContain('<a href="/locations/teneriffe/">Teneriffe</a>');
    expect(page('sitemap.xml')).toContain('<loc>https://fixture.example.com/locations/teneriffe/</loc>');
  });

  it('removes a deleted location from the output, the lists, the site map and sitemap.xml', async () => {
    rmSync(sourceFile('content/locations/new-farm.md'));
    expect((await nextEvent()).event).toBe('reload');
    expect(existsSync(path.join(out, 'locations/new-farm'))).toBe(false);
    expect((await fetchText('/locations/new-farm/')).status).toBe(404);
    for (const file of ['index.html', 'sitemap/index.html', 'sitemap.xml']) expect(page(file)).not.toMatch(/new-farm|New Farm/);
    expect(await watch.waitForLine(/new-farm\.md deleted/)).toMatch(/removed 1 page/);
  });

  it('reports broken YAML with file and line, keeps the last good output, and recovers when the file is fixed', async () => {
    const good = hashTree(out);
    const from = watch.output.length;
    edit('content/locations/brisbane-cbd.md', /^region: Brisbane Area$/m, 'region: Brisbane Area: x');
    const failure = await nextEvent();
    expect(failure.event).toBe('build-error');
    expect(problemsOf(failure)).toEqual([expect.objectContaining({ file: 'content/locations/brisbane-cbd.md', line: 3 })]);
    expect(problemsOf(failure)[0]!.message).toMatch(/^invalid YAML front-matter: /);
    expect(await watch.waitForLine(/^error: /, from)).toMatch(/^error: content\/locations\/brisbane-cbd\.md:3:\d+: invalid YAML front-matter: /);
    expect(hashTree(out)).toBe(good);
    expect((await fetchText('/locations/brisbane-cbd/')).status).toBe(200);

    // A page opened (or reloaded) while the problem is open is shown it at once.
    const late = await readEvents(watch.url);
    try {
      await late.next((event) => event.event === 'hello');
      expect(problemsOf(await late.next())[0]).toMatchObject({ file: 'content/locations/brisbane-cbd.md', line: 3 });
    } finally {
      late.close();
    }

    edit('content/locations/brisbane-cbd.md', 'region: Brisbane Area: x', 'region: Brisbane Area');
    // The fixed file equals the last good one: nothing to render, the overlay is cleared.
    expect((await nextEvent()).event).toBe('clear');
    edit('content/locations/brisbane-cbd.md', 'Body for Brisbane CBD.', 'Body for Brisbane CBD, fixed.');
    expect((await nextEvent()).event).toBe('reload');
    expect(page('locations/brisbane-cbd/index.html')).toContain('Body for Brisbane CBD, fixed.');
  });

  it('reports a template that does not compile, and picks up the fix without a restart', async () => {
    const good = hashTree(out);
    const original = read('templates/index.tsx');
    edit('templates/index.tsx', '<ul className="areas">', '<ul className="areas"');
    const failure = await nextEvent();
    expect(failure.event).toBe('build-error');
    const [problem] = problemsOf(failure);
    expect(problem).toMatchObject({ file: 'templates/index.tsx' });
    expect(problem!.line).toBe(original.split('\n').findIndex((line) => line.includes('<ul className="areas">')) + 2);
    expect(problem!.message).toMatch(/^template does not compile: /);
    expect(hashTree(out)).toBe(good);

    write('templates/index.tsx', original.replace('<ul className="areas">', '<ul className="areas areas-grid">'));
    expect((await nextEvent()).event).toBe('reload');
    expect(page('index.html')).toContain('<ul class="areas areas-grid">');
    expect(watch.alive()).toBe(true);
  });

  it('reports a template that throws at its own file and line, and keeps the last good pages', async () => {
    const good = hashTree(out);
    const original = read('templates/index.tsx');
    edit('templates/index.tsx', '{props.content.testimonials.map(', "{(() => { throw new Error('testimonials are broken'); })() ?? props.content.testimonials.map(");
    const failure = await nextEvent();
    expect(failure.event).toBe('build-error');
    const [problem] = problemsOf(failure);
    expect(problem!.message).toBe('/about failed to render with template "about": testimonials are broken');
    expect(problem).toMatchObject({ file: 'templates/index.tsx', line: original.split('\n').findIndex((line) => line.includes('props.content.testimonials.map(')) + 1 });
    expect(hashTree(out)).toBe(good);

    write('templates/index.tsx', original);
    expect((await nextEvent()).event).toBe('reload');
    expect(page('about/index.html')).toContain('<li>Priya Watchful</li>');
  });

  it('swaps the stylesheet on a CSS-only change without re-rendering any page', async () => {
    const before = htmlInodes();
    const from = watch.output.length;
    write('templates/styles/site.css', `${read('templates/styles/site.css')}\n.watch-marker { outline: 3px solid #123456; }\n`);
    const swap = await nextEvent();
    expect(swap.event).toBe('css');
    expect(swap.data.href).toMatch(/^\/assets\/site\.css\?v=[0-9a-f]{10}$/);
    expect((await fetchText('/assets/site.css')).body).toContain('.watch-marker{outline:3px solid #123456}');
    expect(rewritten(before)).toEqual([]);
    expect(await watch.waitForLine(/site\.css changed/, from)).toMatch(/^templates\/styles\/site\.css changed: rebuilt the stylesheet in \d+ ms\.$/);
  });

  it('reports a stylesheet that does not compile; the fix swaps the CSS and clears the overlay', async () => {
    const stylesheet = read('templates/styles/site.css');
    const before = htmlInodes();
    write('templates/styles/site.css', `${stylesheet}\n.broken { color: red; } }\n`);
    const failure = await nextEvent();
    expect(failure.event).toBe('build-error');
    expect(problemsOf(failure)[0]).toMatchObject({ file: 'templates/styles/site.css' });
    expect(problemsOf(failure)[0]!.message).toMatch(/^stylesheet does not compile: /);
    expect((await fetchText('/assets/site.css')).body).toContain('.watch-marker{outline:3px solid #123456}');

    write('templates/styles/site.css', `${stylesheet}\n.fixed { color: #0a0a0a; }\n`);
    expect((await nextEvent()).event).toBe('css');
    expect((await nextEvent()).event).toBe('clear');
    expect((await fetchText('/assets/site.css')).body).toContain('.fixed{color:#0a0a0a}');
    expect(rewritten(before)).toEqual([]);
  });

  it('copies a new public file into the output', async () => {
    write('public/humans.txt', 'Made in Queensland.\n');
    expect((await nextEvent()).event).toBe('reload');
    const served = await fetchText('/humans.txt');
    expect(served).toMatchObject({ status: 200, body: 'Made in Queensland.\n' });
    expect(served.type).toMatch(/^text\/plain/);
  });

  it('is still running after every broken edit, and stops cleanly', async () => {
    expect(watch.alive()).toBe(true);
    expect(await watch.stop()).toBe(0);
  });
});

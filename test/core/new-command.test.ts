/**
 * `cleansite new <collection> "Title"` through the real CLI: the file it
 * writes builds as it is (from the site's archetype, or from the schema
 * alone), is named by the slug rule, is never written over an existing file
 * or when it would not build, and an unknown collection is a usage error.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFixture, fixturesDir, makeFixtureSite, makeTempDir, removeSite, repoRoot, runCli } from '../support/fixture-site.ts';
import { copyRealSite } from '../support/real-site.ts';

let sites: string[] = [];
afterEach(() => {
  for (const site of sites) removeSite(site);
  sites = [];
});

function system(command: string, ...args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  expect(result.status, `${command} ${args.join(' ')}: ${result.stderr}${result.error ?? ''}`).toBe(0);
}

function bookshop(): string {
  const site = makeTempDir('cleansite-new-');
  cpSync(path.join(fixturesDir, 'bookshop-site'), site, { recursive: true });
  sites.push(site);
  return site;
}

const newEntry = (site: string, ...args: string[]) => runCli(['new', ...args, '--content', path.join(site, 'content'), '--templates', path.join(site, 'templates')], site, { SOURCE_DATE_EPOCH: String(Date.UTC(2026, 10, 18, 20) / 1000) });
const ARCHETYPE = '---\ntitle: {{ title }}\nauthor: Unknown\npricePence: 999\ndescription: A new book, {{ slug }}, shelved {{ date }}.\n---\n# {{ title }}\n\nWhat the book is about.\n';

describe('cleansite new', () => {
  it('writes a file from the site\'s archetype, named by the slug rule, that builds as it is', () => {
    const site = bookshop();
    mkdirSync(path.join(site, 'templates', 'archetypes'));
    writeFileSync(path.join(site, 'templates', 'archetypes', 'books.md'), ARCHETYPE);
    const result = newEntry(site, 'books', 'Café: "Notes" & Maps');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const file = path.join(site, 'content', 'books', 'cafe-notes-maps.md');
    expect(result.stdout.trim()).toBe('wrote content/books/cafe-notes-maps.md (from templates/archetypes/books.md)');
    // The title is quoted in the front-matter (it holds a colon and quotes) and as written in the body; the date is today in the site's zone (London).
    expect(readFileSync(file, 'utf8')).toBe('---\ntitle: "Café: \\"Notes\\" & Maps"\nauthor: Unknown\npricePence: 999\ndescription: A new book, cafe-notes-maps, shelved 2026-11-18.\n---\n# Café: "Notes" & Maps\n\nWhat the book is about.\n');
    const built = buildFixture(site);
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    expect(load(readFileSync(path.join(site, 'dist', 'books', 'cafe-notes-maps', 'index.html'), 'utf8'))('h1').first().text()).toBe('Café: "Notes" & Maps');
  });

  it('refuses to write over an existing file, and leaves it as it was', () => {
    const site = bookshop();
    const file = path.join(site, 'content', 'books', 'paper-cities.md');
    const before = readFileSync(file, 'utf8');
    const result = newEntry(site, 'books', 'Paper Cities');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: .*content\/books\/paper-cities\.md already exists; nothing was written\n/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('says which characters a file name keeps when a title has none of them, and writes nothing', () => {
    const site = bookshop();
    for (const title of ['日本語', '!!!']) {
      const result = newEntry(site, 'books', title);
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toContain(`error: "${title}" gives an empty file name: a file name keeps only a title's letters a-z and digits (accents are dropped, other scripts left out)`);
    }
    expect(readdirSync(path.join(site, 'content', 'books')).sort()).toEqual(readdirSync(path.join(fixturesDir, 'bookshop-site', 'content', 'books')).sort());
  });

  it('on a full disk: fails naming the file, leaves no part of it nor the folder it made, and writes it once there is room', () => {
    const site = bookshop();
    mkdirSync(path.join(site, 'templates', 'archetypes'));
    writeFileSync(path.join(site, 'templates', 'archetypes', 'books.md'), ARCHETYPE);
    const disk = path.join(site, 'content');
    const moved = path.join(site, 'content-on-disk');
    // The content folder on a small disk of its own (a tmpfs), full but for its files.
    cpSync(disk, moved, { recursive: true });
    rmSync(disk, { recursive: true });
    mkdirSync(disk);
    system('mount', '-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk);
    try {
      cpSync(moved, disk, { recursive: true });
      // The collection's folder is made by `new`: on a full disk, that is left behind too.
      rmSync(path.join(disk, 'books'), { recursive: true });
      const filler = path.join(disk, 'filler');
      const { bavail, bsize } = statfsSync(disk);
      writeFileSync(filler, Buffer.alloc(bavail * bsize));
      const full = newEntry(site, 'books', 'Paper Moons');
      expect(full.status, full.stderr).toBe(1);
      // Named as every other message of `new` names it, from the content folder as given.
      expect(full.stderr).toMatch(/^error: ENOSPC: no space left on device, write 'content\/books\/paper-moons\.md'$/m);
      expect(full.stderr).toMatch(/^ {2}hint: the disk is full/m);
      expect(existsSync(path.join(disk, 'books')), 'a half-written entry, or the folder made for it, was left in the content folder').toBe(false);
      rmSync(filler);
      const roomy = newEntry(site, 'books', 'Paper Moons');
      expect(roomy.stderr).toBe('');
      expect(roomy.stdout.trim()).toBe('wrote content/books/paper-moons.md (from templates/archetypes/books.md)');
    } finally {
      spawnSync('umount', [disk]);
    }
  });

  it('says the title is what does not fit when the archetype builds with a plain one (a guide title over 60 characters), and writes nothing', () => {
    const copy = copyRealSite({ folders: ['content', 'templates'] });
    sites.push(copy.root);
    const title = 'How to choose a commercial cleaner for a busy medical practice in Brisbane';
    const result = newEntry(copy.root, 'guides', title);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toContain('would not build as written from the archetype templates/archetypes/guides.md; nothing was written');
    expect(result.stderr).toMatch(/^ {2}hint: the title given is what does not fit: give a shorter or different one \(the problems below say why\)$/m);
    expect(result.stderr).toMatch(/guides\/how-to-choose-[a-z-]+\.md:2: title: must be at most 60 characters/);
    expect(readdirSync(path.join(copy.root, 'content', 'guides')).sort()).toEqual(readdirSync(path.join(repoRoot, 'content', 'guides')).sort());
  });

  it('writes nothing when the schema alone cannot make a valid entry, and says which fields an archetype must give', () => {
    const site = bookshop();
    const result = newEntry(site, 'books', 'A Book');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('books/a-book.md would not build as written from the books schema alone; nothing was written');
    expect(result.stderr).toContain('hint: give the site an archetype with the fields books entries need: templates/archetypes/books.md');
    expect(result.stderr).toMatch(/books\/a-book\.md:2: author: is required/);
    expect(existsSync(path.join(site, 'content', 'books', 'a-book.md'))).toBe(false);
  });

  it('from the schema alone, where it can: a FAQ with its question, that builds', () => {
    const site = makeFixtureSite();
    sites.push(site);
    const result = newEntry(site, 'faqs', 'Do you clean on weekends?');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(path.join(site, 'content', 'faqs', 'do-you-clean-on-weekends.md'), 'utf8')).toBe('---\nquestion: "Do you clean on weekends?"\n---\nWrite this entry\'s text here.\n');
    const built = buildFixture(site);
    // basic-site's business details are example values: a placeholder warning, never an error.
    expect(built.stderr).not.toMatch(/^error/m);
    expect(built.status).toBe(0);
  });

  it('a guide on the real site, from templates/archetypes/guides.md: a draft that builds, left out until the draft line goes', () => {
    // A copy of the real content (new writes into it); the real templates and public/ as they are.
    const site = makeTempDir('cleansite-new-guide-');
    sites.push(site);
    cpSync(path.join(repoRoot, 'content'), path.join(site, 'content'), { recursive: true });
    const realSite = (...args: string[]) => runCli([...args, '--content', path.join(site, 'content'), '--templates', path.join(repoRoot, 'templates')], site, { SOURCE_DATE_EPOCH: String(Date.UTC(2026, 10, 18, 20) / 1000) });
    const build = () => realSite('build', '--public', path.join(repoRoot, 'public'), '--out', path.join(site, 'dist'));
    const title = 'Mould After the Wet: What "Clean" Means';
    const created = realSite('new', 'guides', title);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^wrote content\/guides\/mould-after-the-wet-what-clean-means\.md \(from .*templates\/archetypes\/guides\.md\)\n$/);
    const file = path.join(site, 'content', 'guides', 'mould-after-the-wet-what-clean-means.md');
    const text = readFileSync(file, 'utf8');
    // 20:00 UTC on 18 November is the 19th in Queensland, the site's time zone.
    expect(text).toMatch(/^---\ntitle: "Mould After the Wet: What \\"Clean\\" Means"\n(.*\n)*date: 2026-11-19\n(.*\n)*draft: true\n---\n/);

    const asDraft = build();
    expect(asDraft.status, asDraft.stderr).toBe(0);
    expect(asDraft.stdout).toMatch(/entries left out: 2 drafts, 1 scheduled/);
    expect(existsSync(path.join(site, 'dist', 'guides', 'mould-after-the-wet-what-clean-means'))).toBe(false);
    expect(readFileSync(path.join(site, 'dist', 'guides', 'index.html'), 'utf8')).not.toContain('Mould After the Wet');

    // Everything but the draft flag is ready to publish: the site's own checks (titles, descriptions, images, links) pass.
    writeFileSync(file, text.replace(/^#.*\n/gm, '').replace('draft: true\n', ''));
    const published = build();
    expect(published.status, published.stderr).toBe(0);
    const $ = load(readFileSync(path.join(site, 'dist', 'guides', 'mould-after-the-wet-what-clean-means', 'index.html'), 'utf8'));
    expect($('h1').first().text()).toBe(title);
    expect($('.guide-meta time').attr('datetime')).toBe('2026-11-19');
    const listing = load(readFileSync(path.join(site, 'dist', 'guides', 'index.html'), 'utf8'));
    expect(listing('.guide-card a').first().attr('href')).toBe('/guides/mould-after-the-wet-what-clean-means/');
  }, 240_000);

  it('an unknown collection, or a one-file one, is a usage error naming the collections', () => {
    const site = bookshop();
    const unknown = newEntry(site, 'bokos', 'A Book');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('error: unknown collection "bokos" (did you mean "books"?)\n  hint: the site\'s collections: shop, pages, books, events, news\n');
    const single = newEntry(site, 'shop', 'A Shop');
    expect(single.status).toBe(2);
    expect(single.stderr).toMatch(/^error: shop is one file \(shop\.md\), not a folder of entries/);
  });

  it('--help says what it writes and from what', () => {
    const help = runCli(['new', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: cleansite new [options] <collection> <title>');
    expect(help.stdout).toContain('templates/archetypes/<collection>.md');
    expect(help.stdout).toContain('never replaces an existing file');
  });
});

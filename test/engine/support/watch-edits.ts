/**
 * The edits test/engine/watch-equals-build.test.ts makes to its copy of the real site, one
 * distinct kind each (content, site.md, the site's declaration and its modules, templates,
 * styles, client script, public files; renames, deletions, additions, and broken saves that are
 * later fixed). An inner list is a group: each edit is its own watch pass, and the group is
 * compared with one fresh build at its end. A group holds only edits whose passes change
 * different output files (the test fails when two of a group's edits change the same file), so
 * a page one edit left stale is never rewritten by another before the comparison.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileChange, FileEvent } from '../../../src/watch/file-watcher.ts';

export type Edit = { name: string; broken?: boolean; apply: () => FileChange[] };

let root = '';
/** The copy the edits are made in (set before the first edit). */
export function editIn(copyRoot: string): void {
  root = copyRoot;
}

const at = (relative: string) => path.join(root, relative);
const change = (relative: string, event: FileEvent = 'change'): FileChange => ({ file: at(relative), event });
export function edit(relative: string, from: string | RegExp, to: string): FileChange[] {
  const text = readFileSync(at(relative), 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit of ${relative} changed nothing: ${String(from)} not found`);
  writeFileSync(at(relative), next);
  return [change(relative)];
}
function write(relative: string, text: string | Buffer): FileChange[] {
  const existed = statSync(at(relative), { throwIfNoEntry: false }) !== undefined;
  writeFileSync(at(relative), text);
  return [change(relative, existed ? 'change' : 'add')];
}
export function remove(relative: string): FileChange[] {
  rmSync(at(relative));
  return [change(relative, 'unlink')];
}
/** A folder of files made at once (`cp -r`): chokidar reports the folders, then each file. */
function addFolder(folder: string, files: Record<string, string>): FileChange[] {
  const folders = [...new Set(Object.keys(files).flatMap((file) => path.dirname(file) === '.' ? [folder] : [folder, path.join(folder, path.dirname(file))]))];
  for (const made of folders) mkdirSync(at(made), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(at(path.join(folder, file)), text);
  return [...folders.map((made) => change(made, 'addDir')), ...Object.keys(files).map((file) => change(path.join(folder, file), 'add'))];
}
/** A folder removed with its files (`rm -r`); its own events first, the harder order. */
function removeFolder(folder: string, files: readonly string[], folders: readonly string[]): FileChange[] {
  rmSync(at(folder), { recursive: true });
  return [...[folder, ...folders.map((inner) => path.join(folder, inner))].map((gone) => change(gone, 'unlinkDir')), ...files.map((file) => change(path.join(folder, file), 'unlink'))];
}
function rename(from: string, to: string): FileChange[] {
  renameSync(at(from), at(to));
  return [change(from, 'unlink'), change(to, 'add')];
}
/** Puts `words` at the start of a one-line front-matter field, inside its quotes if it has them. */
const prefixField = (relative: string, field: string, words: string) =>
  edit(relative, new RegExp(`^${field}: ("?)`, 'm'), `${field}: $1${words} `);
/** Replaces a one-line front-matter field's value. */
export const setField = (relative: string, field: string, value: string) => edit(relative, new RegExp(`^${field}: .*$`, 'm'), `${field}: ${value}`);
const append = (relative: string, text: string) => write(relative, readFileSync(at(relative), 'utf8') + text);

const newLocation = (name: string, region: string) => readFileSync(at('content/locations/noosa.md'), 'utf8')
  .replace(/^name: .*$/m, `name: ${name}`)
  .replace(/^region: .*$/m, `region: ${region}`)
  .replace(/^featured: .*$/m, 'featured: false');

/** The edits in order, in groups (see above). */
export const EDITS: Edit[][] = [
  [
    { name: 'location description', apply: () => setField('content/locations/noosa.md', 'description', 'Edited once. Commercial cleaning described again, long enough for the seventy-character minimum.') },
    { name: 'location body', apply: () => append('content/locations/cairns.md', '\nA new closing paragraph for Cairns.\n') },
    { name: 'location feature', apply: () => edit('content/locations/ipswich.md', /^( {2}- )(.*)$/m, '$1$2 and more') },
    { name: 'service description', apply: () => setField('content/services/office-cleaning.md', 'description', 'Now edited. Commercial cleaning described again, long enough for the seventy-character minimum.') },
    { name: 'service body', apply: () => append('content/services/retail-cleaning.md', '\nRetail spaces are cleaned out of hours.\n') },
    { name: 'page title', apply: () => edit('content/pages/about.md', /^title: .*$/m, 'title: About Riverbright') },
    { name: 'page body', apply: () => append('content/pages/privacy.md', '\nWe review this policy every year.\n') },
    { name: 'faq answer', apply: () => append('content/faqs/quality-control.md', '\nEvery site has a named supervisor.\n') },
  ],
  [
    { name: 'faq question', apply: () => prefixField('content/faqs/one-time-events.md', 'question', 'Really,') },
    { name: 'testimonial author', apply: () => edit('content/testimonials/sarah-kelly.md', /^author: .*$/m, 'author: Sarah Kelly') },
    { name: 'gallery title', apply: () => edit('content/gallery/boardroom.md', /^title: .*$/m, 'title: Boardroom, after') },
  ],
  [
    { name: 'stat value', apply: () => edit('content/stats/home-years.md', /^value: .*$/m, 'value: "16+"') },
    { name: 'service card feature', apply: () => edit('content/service-cards/commercial-retail.md', /^( {2}- )(.*)$/m, '$1$2, weekly') },
    { name: 'sitemap group title', apply: () => edit('content/sitemap-groups/legal.md', /^title: .*$/m, 'title: Legal and policies') },
  ],
  [
    { name: 'site tagline', apply: () => prefixField('content/site.md', 'tagline', 'Since 2010,') },
  ],
  [
    { name: 'site footer text', apply: () => append('content/site.md', '\nFamily owned.\n') },
    { name: 'broken YAML in a location', broken: true, apply: () => edit('content/locations/noosa.md', /^name: .*$/m, 'name: [Noosa') },
    { name: 'the broken location fixed', apply: () => edit('content/locations/noosa.md', /^name: \[Noosa$/m, 'name: Noosa') },
  ],
  [
    { name: 'a missing required field', broken: true, apply: () => edit('content/faqs/service-areas.md', /^question: .*$/m, '') },
    { name: 'the missing field restored', apply: () => edit('content/faqs/service-areas.md', /^---\n\n/, '---\nquestion: Which areas do you service?\n') },
    { name: 'a new location', apply: () => write('content/locations/nambour.md', newLocation('Nambour', 'Sunshine Coast')) },
  ],
  [
    { name: 'the new location edited', apply: () => setField('content/locations/nambour.md', 'description', 'Nambour too. Commercial cleaning described again, long enough for the seventy-character minimum.') },
    { name: 'a location renamed (file)', apply: () => rename('content/locations/nambour.md', 'content/locations/nambour-town.md') },
  ],
  [
    { name: 'a location renamed (name, so its route moves)', apply: () => edit('content/locations/nambour-town.md', /^name: .*$/m, 'name: Nambour Town') },
  ],
  [
    { name: 'the new location deleted', apply: () => remove('content/locations/nambour-town.md') },
    { name: 'a duplicate slug', broken: true, apply: () => write('content/locations/noosa-copy.md', readFileSync(at('content/locations/noosa.md'), 'utf8')) },
    { name: 'the duplicate removed', apply: () => remove('content/locations/noosa-copy.md') },
  ],
  [
    { name: 'a featured location no longer featured', apply: () => edit('content/locations/west-end.md', /^featured: true$/m, 'featured: false') },
  ],
  [
    { name: 'and featured again', apply: () => edit('content/locations/west-end.md', /^featured: false$/m, 'featured: true') },
  ],
  [
    { name: 'a new FAQ', apply: () => write('content/faqs/parking.md', '---\nquestion: Do your cleaners need parking?\norder: 9\n---\nNo: our teams arrive by van and park on the street or in visitor bays.\n') },
  ],
  [
    { name: 'the new FAQ deleted', apply: () => remove('content/faqs/parking.md') },
    { name: 'a gallery item deleted (its image is used no more)', apply: () => remove('content/gallery/pressure-washer.md') },
    { name: 'a stylesheet rule', apply: () => append('templates/styles/site.css', '\n.watch-equals-build { color: #123456; }\n') },
    // Watch makes only the images pages use: a new image is made once a page shows it, and its variants go when none does.
    { name: 'an image no page uses added', apply: () => write('public/images/locations/noosa-heads.jpg', readFileSync(at('public/images/locations/sunshine-coast.jpg'))) },
    { name: 'a location shows the new image', apply: () => edit('content/locations/noosa.md', 'src: /images/locations/sunshine-coast.jpg', 'src: /images/locations/noosa-heads.jpg') },
  ],
  [
    { name: 'the location shows its old image again', apply: () => edit('content/locations/noosa.md', 'src: /images/locations/noosa-heads.jpg', 'src: /images/locations/sunshine-coast.jpg') },
    { name: 'the unused image deleted', apply: () => remove('public/images/locations/noosa-heads.jpg') },
    { name: 'a stylesheet rule changed', apply: () => edit('templates/styles/site.css', '#123456', '#654321') },
    { name: 'CSS importing a missing file', broken: true, apply: () => write('templates/styles/site.css', `@import "./does-not-exist.css";\n${readFileSync(at('templates/styles/site.css'), 'utf8')}`) },
    { name: 'the missing import removed', apply: () => edit('templates/styles/site.css', '@import "./does-not-exist.css";\n', '') },
    { name: 'a client script change', apply: () => append('templates/client/main.ts', '\nexport const watchEqualsBuild = 1;\n') },
  ],
  [
    { name: 'the client script change undone', apply: () => edit('templates/client/main.ts', '\nexport const watchEqualsBuild = 1;\n', '\n') },
    { name: 'a template text change', apply: () => edit('templates/pages/about.tsx', /<\/h2>/, ' </h2>') },
  ],
  [
    { name: 'a layout change seen on every page', apply: () => edit('templates/layout/site-footer.tsx', /<\/footer>/, '<p className="watch-mark">Watched.</p></footer>') },
    { name: 'a template that throws', broken: true, apply: () => edit('templates/pages/about.tsx', /return \(/, 'if (Date.length >= 0) throw new Error("about broke");\n  return (') },
    { name: 'the throwing template fixed', apply: () => edit('templates/pages/about.tsx', 'if (Date.length >= 0) throw new Error("about broke");\n  return (', 'return (') },
    { name: 'a template syntax error', broken: true, apply: () => append('templates/pages/about.tsx', '\nexport const = ;\n') },
    { name: 'the syntax error fixed', apply: () => edit('templates/pages/about.tsx', '\nexport const = ;\n', '\n') },
    { name: 'a public file added', apply: () => write('public/price-list.txt', 'Prices on request.\n') },
  ],
  [
    { name: 'the public file changed', apply: () => write('public/price-list.txt', 'Prices on request, from $45 an hour.\n') },
    { name: 'a folder of files copied into public/', apply: () => addFolder('public/brochures', { 'office.txt': 'Office cleaning, in brief.\n', 'sites/hospital.txt': 'Hospital wing.\n' }) },
    { name: 'a robots.txt of its own in public/ (refused: cleansite writes it)', broken: true, apply: () => write('public/robots.txt', 'User-agent: *\nDisallow: /thank-you/\n') },
    { name: 'that robots.txt removed (the generated one stays)', apply: () => remove('public/robots.txt') },
  ],
  [
    { name: 'the public file deleted', apply: () => remove('public/price-list.txt') },
    { name: 'a file under public/.well-known (published)', apply: () => write('public/.well-known/change-password', 'https://www.example.com/contact/\n') },
    { name: 'a dot file in public/ (never published)', apply: () => write('public/.DS_Store', 'Finder junk\n') },
  ],
  [
    { name: 'the .well-known file deleted', apply: () => remove('public/.well-known/change-password') },
    { name: 'that folder deleted from public/', apply: () => removeFolder('public/brochures', ['office.txt', 'sites/hospital.txt'], ['sites']) },
    { name: 'a page added', apply: () => write('content/pages/careers.md', readFileSync(at('content/pages/license.md'), 'utf8').replace(/^title: .*$/m, 'title: Careers')) },
  ],
  [
    { name: 'the page deleted', apply: () => remove('content/pages/careers.md') },
    { name: 'two files saved at once', apply: () => [...setField('content/locations/toowoomba.md', 'description', 'Garden City. Commercial cleaning described again, long enough for the seventy-character minimum.'), ...setField('content/locations/mackay.md', 'description', 'Sugar City. Commercial cleaning described again, long enough for the seventy-character minimum.')] },
    { name: 'a service deleted and restored in one batch', apply: () => {
      const text = readFileSync(at('content/services/medical-facility-cleaning.md'), 'utf8');
      const removed = remove('content/services/medical-facility-cleaning.md');
      return [...removed, ...write('content/services/medical-facility-cleaning.md', text)];
    } },
    { name: 'an unrelated file in content/', apply: () => write('content/NOTES.txt', 'not content\n') },
  ],
  [
    { name: 'the site phone changed', apply: () => edit('content/site.md', /display: .*$/m, 'display: (07) 3000 1234') },
  ],
  // A guide: its page, the listing pages, the topic pages and index, and the feeds it is on.
  [
    { name: 'a guide added', apply: () => write('content/guides/watching-the-watchers.md', readFileSync(at('content/guides/colour-coded-cleaning.md'), 'utf8').replace(/^title: .*$/m, 'title: Watching the Watchers').replace(/^date: .*$/m, 'date: 2026-11-19').replace(/^topics: .*$/m, 'topics: [Office cleaning, Night shifts]')) },
  ],
  [
    { name: 'the guide retitled', apply: () => setField('content/guides/watching-the-watchers.md', 'title', 'Watching the Night Shift') },
  ],
  [
    { name: 'the guide re-tagged', apply: () => setField('content/guides/watching-the-watchers.md', 'topics', '[Seasonal care]') },
  ],
  [
    { name: 'the guide made a draft', apply: () => edit('content/guides/watching-the-watchers.md', /^topics: .*$/m, 'topics: [Seasonal care]\ndraft: true') },
  ],
  [
    { name: 'the guide published again', apply: () => edit('content/guides/watching-the-watchers.md', /^draft: true\n/m, '') },
  ],
  // The site's declaration (templates/site.config.ts) and the modules it imports.
  // Same files, other entries: the content's fingerprints do not change, the pages must all the same.
  [
    { name: 'the guide deleted', apply: () => remove('content/guides/watching-the-watchers.md') },
    { name: 'a route rule in a module the site config imports', apply: () => edit('templates/model/routes.ts', 'Commercial Cleaning in ${location.name}', 'Commercial Cleaners in ${location.name}') },
    { name: 'a site config that does not compile', broken: true, apply: () => append('templates/site.config.ts', '\nexport const = ;\n') },
    { name: 'the site config fixed', apply: () => edit('templates/site.config.ts', '\nexport const = ;\n', '\n') },
    { name: 'a schema rule the content breaks', broken: true, apply: () => edit('templates/model/schemas.ts', ".length(8, 'must list exactly eight services')", ".length(9, 'must list exactly nine services')") },
    { name: 'the schema rule undone', apply: () => edit('templates/model/schemas.ts', ".length(9, 'must list exactly nine services')", ".length(8, 'must list exactly eight services')") },
    { name: 'a schema transform that changes entries, not files (section anchors)', apply: () => edit('templates/model/schemas.ts', 'id: written.id ?? anchorOf(written.title)', "id: written.id ?? `part-${anchorOf(written.title)}`") },
  ],
  [
    { name: 'the schema transform undone', apply: () => edit('templates/model/schemas.ts', "id: written.id ?? `part-${anchorOf(written.title)}`", 'id: written.id ?? anchorOf(written.title)') },
  ],
];


/**
 * The page cache records what each page reads through views of the
 * template props (src/render/record-units.ts, record-list-reads.ts). Those
 * views must be invisible to templates: identity, includes/indexOf, keys,
 * spread, JSON and `in` behave as on plain data, so a recorded build writes
 * exactly what a plain one does. And a warm build after an edit that is
 * only visible through one of those ways of reading must still be exact,
 * including on pages that read so much of a list that they depend on all of
 * it, and after the list is no longer viewed at all (68 such pages here).
 * The basic fixture's content, with 80 generated locations, and a template
 * set written here.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, makeTempDir } from '../support/fixture-site.ts';
import { buildInProcess, differingFiles } from './support/perf-site.ts';
import { linkSiteConfig } from '../support/site-config.ts';

const root = makeTempDir('cleansite-recorded-');
const contentDir = path.join(root, 'content');
const templatesDir = path.join(root, 'templates');
let references = 0;

const LOCATION_TEMPLATE = `
function Location(props: any) {
  const { content, entry } = props;
  const list = content.locations;
  const others = list.filter((other: any) => other !== entry);
  const copy = { ...entry };
  let heavy = 0;
  // More reads of the list than the recorder follows one by one: the page depends on all of it.
  if (Number(entry.name.split(' ')[1]) >= 12) for (let round = 0; round < 30; round++) for (const other of list) heavy += other.intro.length;
  return (
    <html lang="en-AU"><head><title>{props.route.seoTitle}</title></head><body>
      <p id="identity">{others.length} {list.indexOf(entry)} {String(list.includes(entry))} {String(Array.isArray(list))}</p>
      <p id="keys">{Object.keys(entry).sort().join(',')}</p>
      <p id="spread">{copy.intro} {Object.keys(copy).length}</p>
      <p id="json">{JSON.stringify(list.slice(0, 3).map((other: any) => other.name))}</p>
      <p id="in">{String('intro' in entry)} {String(list.length > 2 && 5 in list)}</p>
      <p id="sorted">{[...list].map((other: any) => other.name).sort().slice(0, 2).join('|')}</p>
      <p id="neighbour">{list[list.indexOf(entry) + 1]?.description ?? 'last'}</p>
      <p id="heavy">{heavy}</p>
    </body></html>
  );
}
function Other(props: any) {
  return <html lang="en-AU"><head><title>{props.route.seoTitle}</title></head><body><p>{props.content.locations.length} locations</p></body></html>;
}
const names = ['home', 'about', 'services', 'how-it-works', 'guide', 'checklist', 'gallery', 'contact', 'faq',
  'cleaning-guide', 'reviews', 'legal', 'info', 'sitemap', 'service', 'not-found'];
export const templates = { ...Object.fromEntries(names.map((name) => [name, Other])), location: Location };
`;

function writeLocation(index: number, extra = '', description = ''): void {
  writeFileSync(path.join(contentDir, 'locations', `generated-${index}.md`), `---
name: Generated ${index}
region: Brisbane Area
state: Queensland
geo: { latitude: ${(-27.4 - index / 1000).toFixed(4)}, longitude: 153.0251 }
description: Commercial cleaning for generated location ${index}, long enough for the rule of fifty characters.${description}
intro: Cleaning in generated location ${index}.${extra}
features: [a, b, c, d, e, f, g, h]
order: ${index + 1}
---
Body for generated location ${index}.
`);
}

async function buildInto(out: string, cache: boolean) {
  return buildInProcess({ contentDir, templatesDir, outDir: path.join(root, out), cache });
}

async function expectSameAsPlainBuild(): Promise<void> {
  const name = `plain-${++references}`;
  await buildInto(name, false);
  expect(differingFiles(path.join(root, 'dist'), path.join(root, name))).toEqual([]);
}

beforeAll(async () => {
  cpSync(path.join(fixturesDir, 'basic-site', 'content'), contentDir, { recursive: true });
  for (let index = 0; index < 80; index++) writeLocation(index);
  mkdirSync(templatesDir, { recursive: true });
  writeFileSync(path.join(templatesDir, 'index.tsx'), LOCATION_TEMPLATE);
  linkSiteConfig(templatesDir);
  await buildInto('dist', true);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('recorded template props', () => {
  it('render exactly what plain props render', async () => {
    const html = readFileSync(path.join(root, 'dist', 'locations', 'generated-3', 'index.html'), 'utf8');
    // The fixture's two locations and the generated ones (81 after the test that adds one, in whatever order the tests run); the page's own entry is found by identity.
    const locations = readdirSync(path.join(contentDir, 'locations')).length;
    expect(locations).toBeGreaterThanOrEqual(82);
    expect(html).toContain(`<p id="identity">${locations - 1} `);
    expect(html).toContain(' true true</p>');
    await expectSameAsPlainBuild();
  });

  it('a warm build after edits seen only through a neighbour, a spread or a whole-list read equals a plain build', async () => {
    writeLocation(41, ' Now with a longer introduction.');
    writeLocation(60, ' Also longer.');
    // Shown only on generated-4's page, as its neighbour's description.
    writeLocation(5, '', ' Edited.');
    const summary = await buildInto('dist', true);
    expect(summary.reused).toBeGreaterThan(0);
    expect(summary.rendered).toBeGreaterThan(2);
    await expectSameAsPlainBuild();
  });

  it('a warm build after a location is added equals a plain build', async () => {
    writeLocation(80);
    await buildInto('dist', true);
    await expectSameAsPlainBuild();
  });
});

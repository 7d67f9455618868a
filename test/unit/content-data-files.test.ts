/**
 * Data files: a collection's entries written as YAML or JSON, one entry per
 * file or a list in one file, checked by the collection's schema with every
 * problem at its file and line.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../../src/config/site-config.ts';
import { findConfigProblem } from '../../src/config/load-config.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { collections, siteConfig } from '../support/site-config.ts';
import { load } from './support/load-files.ts';
import { loadContentCached } from '../../src/content/content-loader.ts';
import { checkContentReferences } from '../../src/routes/check-references.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const SITE_MD = readFileSync(path.join(PROJECT_ROOT, 'content', 'site.md'), 'utf8');
const member = z.strictObject({ name: z.string(), role: z.string(), order: z.number().int().default(100) });
const withTeam = (files: string, extra: object = {}) => ({ site: collections.site, team: defineCollection({ files, schema: member, body: 'none', ...extra }) });
type Member = { name: string; role: string; file: string; stem: string; html: string };

describe('data files', () => {
  it('one entry per YAML or JSON file, and lists in one file, in file then list order', async () => {
    const { problems, content } = await load({
      'site.md': SITE_MD,
      'team/ana.yaml': 'name: Ana\nrole: Supervisor\n',
      'team/crew.yml': '- name: Ben\n  role: Cleaner\n- name: Cai\n  role: Cleaner\n',
      'team/dee.json': '{ "name": "Dee", "role": "Manager", "order": 1 }\n',
      'team/more.json': '[{ "name": "Eve", "role": "Cleaner" }]\n',
    }, withTeam('team/*.{yaml,yml,json}'));
    expect(problems).toEqual([]);
    const team = content!.team as Member[];
    expect(team.map((entry) => entry.name)).toEqual(['Dee', 'Ana', 'Ben', 'Cai', 'Eve']);
    expect(team[1]).toMatchObject({ file: expect.stringMatching(/content\/team\/ana\.yaml$/), stem: 'ana', html: '' });
    expect(team[2]!.file).toMatch(/content\/team\/crew\.yml$/);
  });

  it('a one-file collection whose file holds a list is that list', async () => {
    const { problems, content } = await load({ 'site.md': SITE_MD, 'crew.yaml': '- name: Ben\n  role: Cleaner\n- name: Cai\n  role: Lead\n' }, withTeam('crew.yaml'));
    expect(problems).toEqual([]);
    expect((content!.team as Member[]).map((entry) => entry.role)).toEqual(['Cleaner', 'Lead']);
  });

  it('a list item\'s problems name the line of its field, with "did you mean"', async () => {
    const { problems } = await load({
      'site.md': SITE_MD,
      'team/crew.yaml': '# The crew\n- name: Ben\n  role: Cleaner\n\n- name: Cai\n  rloe: Lead\n',
    }, withTeam('team/*.yaml'));
    expect(problems).toEqual([
      expect.stringMatching(/content\/team\/crew\.yaml:5: role: is required \(expected string\)$/),
      expect.stringMatching(/content\/team\/crew\.yaml:6: unknown field "rloe" \(did you mean "role"\?\)$/),
    ]);
  });

  it('JSON: a type error at the line of its field, and JSON syntax errors at their line and column', async () => {
    const { problems } = await load({
      'site.md': SITE_MD,
      'team/dee.json': '{\n  "name": "Dee",\n  "role": 5\n}\n',
      'team/bad.json': '{\n  "name": "Eve",\n  "role": "Cleaner",\n}\n',
    }, withTeam('team/*.json'));
    expect(problems).toEqual([
      expect.stringMatching(/content\/team\/bad\.json:4:1: invalid JSON: .*\[hint: JSON has no comments or trailing commas/),
      expect.stringMatching(/content\/team\/dee\.json:3: role: expected string, received number 5$/),
    ]);
  });

  it('refuses a file that holds no entry, and a list item that is not one', async () => {
    const { problems } = await load({ 'site.md': SITE_MD, 'team/a.yaml': 'just text\n', 'team/b.yaml': '- name: Ben\n  role: Cleaner\n- Cai\n' }, withTeam('team/*.yaml'));
    expect(problems).toEqual([
      expect.stringMatching(/content\/team\/a\.yaml:1: a data file must hold one entry/),
      expect.stringMatching(/content\/team\/b\.yaml:3: item 2 of the list is not an entry/),
    ]);
  });

  it('a routed list file whose slug comes from the file name: each item is asked for a slug, at its line', async () => {
    const routed = withTeam('team/*.yaml', { routes: { slug: 'file', base: '/team', pages: () => [] } });
    const { problems } = await load({ 'site.md': SITE_MD, 'team/crew.yaml': '- name: Ben\n  role: Cleaner\n- name: Cai\n  role: Lead\n' }, routed);
    expect(problems).toEqual([
      expect.stringMatching(/content\/team\/crew\.yaml:1: item 1 of the list has no slug/),
      expect.stringMatching(/content\/team\/crew\.yaml:3: item 2 of the list has no slug/),
    ]);
    const byName = withTeam('team/*.yaml', { routes: { slug: { field: 'name' }, base: '/team', pages: () => [] } });
    const named = await load({ 'site.md': SITE_MD, 'team/crew.yaml': '- name: Ben\n  role: Cleaner\n- name: Cai Li\n  role: Lead\n' }, byName);
    expect(named.problems).toEqual([]);
    expect((named.content!.team as Array<{ slug: string }>).map((entry) => entry.slug)).toEqual(['ben', 'cai-li']);
  });

  it('the site config accepts data-file patterns, and refuses a body it cannot have', () => {
    const declare = (team: object) => findConfigProblem({ ...siteConfig, collections: { ...siteConfig.collections, team: { schema: member, body: 'none', ...team } } });
    expect(declare({ files: 'team/*.yaml' })).toBeUndefined();
    expect(declare({ files: 'team/*.{yaml,json}' })).toBeUndefined();
    expect(declare({ files: 'crew.json' })).toBeUndefined();
    expect(declare({ files: 'team/*.txt' })).toMatch(/^collections\.team\.files: must be/);
    expect(declare({ files: 'team/*.json', body: 'required' })).toMatch(/^collections\.team\.body: data files .* have no body/);
  });
});

describe('a data file\'s image that is missing from public/', () => {
  it('is reported at the line of that entry\'s image, in a list file and a JSON file', async () => {
    const project = makeTempDir('cleansite-data-images-');
    try {
      mkdirSync(path.join(project, 'content', 'team'), { recursive: true });
      mkdirSync(path.join(project, 'public'));
      writeFileSync(path.join(project, 'public', 'ben.jpg'), 'not really a jpeg');
      const list = '- name: Ben\n  photo:\n    src: /ben.jpg\n    alt: Ben\n- name: Cai\n  photo:\n    src: /cai.jpg\n    alt: Cai\n';
      writeFileSync(path.join(project, 'content', 'team', 'crew.yaml'), list);
      writeFileSync(path.join(project, 'content', 'team', 'dee.json'), '{\n  "name": "Dee",\n  "photo": { "src": "/dee.jpg", "alt": "Dee" }\n}\n');
      const photo = z.strictObject({ src: z.string(), alt: z.string() });
      const team = defineCollection({ files: 'team/*.{yaml,json}', schema: z.strictObject({ name: z.string(), photo }), body: 'none' });
      const loaded = await loadContentCached({ contentDir: path.join(project, 'content'), rootDir: project, collections: { team } as never, codeVersion: 'unit-test' });
      const problems = checkContentReferences(loaded.content, { routes: [], byPath: new Map() }, { publicDir: path.join(project, 'public'), rootDir: project });
      expect(problems.map((problem) => problem.format())).toEqual([
        'content/team/crew.yaml:7: uses the image /cai.jpg, which is not in public/',
        'content/team/dee.json:3: uses the image /dee.jpg, which is not in public/',
      ]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

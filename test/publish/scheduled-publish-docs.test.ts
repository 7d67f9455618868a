// The scheduled-publish workflow in docs/ci/ does what docs/site-config.md says: it builds and
// deploys main once a day just after midnight in the site's time zone, and a build at that
// moment includes an entry scheduled for that day and no later one.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { resolveBuildDate } from '../../src/core/format.ts';
import { fixturesDir, makeTempDir } from '../support/fixture-site.ts';
import { buildSite, PROJECT_ROOT } from '../support/site-build.ts';

const workflow = parseYaml(readFileSync(path.join(PROJECT_ROOT, 'docs/ci/scheduled-publish.yml'), 'utf8')) as {
  on: { schedule: Array<{ cron: string }> };
  jobs: { publish: { steps: Array<{ run?: string }> } };
};
const scratch = makeTempDir('cleansite-scheduled-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The first moment the workflow's daily cron fires on the UTC day `day` (minute hour * * *). */
function firing(day: string): number {
  const [minute, hour, ...rest] = workflow.on.schedule[0]!.cron.split(' ');
  expect(rest).toEqual(['*', '*', '*']);
  return Date.parse(`${day}T${hour!.padStart(2, '0')}:${minute!.padStart(2, '0')}:00Z`) / 1000;
}

describe('docs/ci/scheduled-publish.yml', () => {
  it('builds and deploys once a day, just after midnight in Queensland', () => {
    const runs = workflow.jobs.publish.steps.map((step) => step.run ?? '');
    expect(runs.some((run) => run.startsWith('npx cleansite build'))).toBe(true);
    expect(runs.some((run) => run.startsWith('npx cleansite deploy'))).toBe(true);
    expect(runs.join('\n')).not.toContain('SOURCE_DATE_EPOCH');
    const fired = firing('2027-01-11');
    expect(resolveBuildDate(10, { SOURCE_DATE_EPOCH: String(fired) })).toBe('2027-01-12');
    // Within the first hour of the Queensland day.
    expect(resolveBuildDate(10, { SOURCE_DATE_EPOCH: String(fired - 3600) })).toBe('2027-01-11');
  });

  it('publishes a post scheduled for the day of the run and keeps the next day\'s one out', async () => {
    const site = path.join(scratch, 'bookshop');
    cpSync(path.join(fixturesDir, 'bookshop-site'), site, { recursive: true });
    const post = (title: string, day: string) => `---\ntitle: ${title}\ndate: ${day}\npublishDate: ${day}\nsummary: A scheduled post.\n---\nText.\n`;
    writeFileSync(path.join(site, 'content', 'news', 'today.md'), post('Due Today', '2027-01-12'));
    writeFileSync(path.join(site, 'content', 'news', 'tomorrow.md'), post('Due Tomorrow', '2027-01-13'));
    const built = await buildSite({ rootDir: site, outDir: path.join(site, 'dist'), sourceDateEpoch: firing('2027-01-11') });
    expect(existsSync(path.join(built.dir, 'news', 'today', 'index.html'))).toBe(true);
    expect(existsSync(path.join(built.dir, 'news', 'tomorrow'))).toBe(false);
    expect(built.summary.leftOut?.filter((entry) => entry.reason === 'scheduled').map((entry) => entry.publishDate)).toEqual(['2027-01-13']);
  });
});

/**
 * Bounded YAML: a front-matter whose aliases would expand a large value
 * thousands of times fails fast, with one line naming the file and line,
 * instead of exhausting the heap (10,000 aliases of a 1 MB string: ~50 s and
 * 14 GB before) or dying with "Invalid string length" (1,000 aliases). Run
 * through the real CLI with its time and peak memory measured in the child.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../src/content/load-content.ts';
import { MAX_FRONT_MATTER_EXPANSION } from '../../src/content/front-matter-size.ts';
import { CleansiteError } from '../../src/core/errors.ts';
import { cliEnv, cliPath } from '../support/cli.ts';
import { makeFixtureSite } from '../support/fixture-site.ts';
import { collections } from '../support/site-config.ts';

const LOCATION = 'content/locations/west-end.md';
let sites: string[] = [];

// The launcher compiles the CLI when src/ changed since its last run: done here, so the runs below time the build alone.
beforeAll(() => {
  spawnSync(process.execPath, [cliPath, '--help'], { encoding: 'utf8', timeout: 60_000 });
}, 70_000);

afterEach(() => {
  for (const site of sites) rmSync(site, { recursive: true, force: true });
  sites = [];
});

/** west-end.md with a 1 MB anchored string repeated `aliases` times in keywords, put just before `intro:`; and the line of that `keywords:`. */
function aliasBombSite(aliases: number): { site: string; keywordsLine: number } {
  const site = makeFixtureSite();
  sites.push(site);
  const file = path.join(site, LOCATION);
  const text = readFileSync(file, 'utf8');
  const bomb = `big: &big "${'x'.repeat(1_000_000)}"\nkeywords:\n${'  - *big\n'.repeat(aliases)}`;
  writeFileSync(file, text.replace('intro:', `${bomb}intro:`));
  // The anchor takes the line `intro:` had; keywords comes next.
  const keywordsLine = text.slice(0, text.indexOf('intro:')).split('\n').length + 1;
  return { site, keywordsLine };
}

/**
 * The CLI in a child process that reports, as it exits, its peak RSS (resourceUsage().maxRSS, in
 * KB) and the CPU time it used: CPU time, not wall time, because a shared machine's load stretches
 * the one and not the other.
 */
function buildMeasured(site: string) {
  const report = "process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('MAXRSS_KB '+u.maxRSS+'\\nCPU_US '+(u.userCPUTime+u.systemCPUTime)+'\\n')})";
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(report)}`, cliPath, 'build',
    '--content', path.join(site, 'content'), '--templates', path.join(site, 'templates'), '--public', path.join(site, 'public'), '--out', path.join(site, 'dist')], {
    cwd: site, encoding: 'utf8', env: cliEnv(), timeout: 60_000, maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  const maxRssMb = Number(/MAXRSS_KB (\d+)/.exec(result.stderr)?.[1] ?? Number.NaN) / 1024;
  const cpuSeconds = Number(/CPU_US (\d+)/.exec(result.stderr)?.[1] ?? Number.NaN) / 1e6;
  const errors = result.stderr.split('\n').filter((line) => line.startsWith('error: '));
  return { status: result.status, signal: result.signal, stderr: result.stderr, seconds, cpuSeconds, maxRssMb, errors };
}

describe('YAML alias expansion is bounded', () => {
  for (const aliases of [10_000, 1_000]) {
    it(`a 1 MB string aliased ${aliases.toLocaleString('en')} times in keywords fails in under 5 s and 500 MB, with one line naming the file and line`, () => {
      const { site, keywordsLine } = aliasBombSite(aliases);
      const run = buildMeasured(site);
      const context = `${run.cpuSeconds.toFixed(2)} s of CPU (${run.seconds.toFixed(2)} s wall), ${run.maxRssMb.toFixed(0)} MB\n${run.stderr.slice(0, 2000)}`;
      console.log(`alias bomb x${aliases}: ${run.cpuSeconds.toFixed(2)} s of CPU, ${run.seconds.toFixed(2)} s wall, peak RSS ${run.maxRssMb.toFixed(0)} MB`);
      expect(run.signal, context).toBeNull();
      expect(run.status, context).toBe(1);
      expect(run.errors, context).toHaveLength(1);
      expect(run.errors[0], context).toMatch(new RegExp(`^error: ${LOCATION}:${keywordsLine}: keywords: the front-matter expands to more than`));
      expect(run.stderr, context).not.toMatch(/Unexpected failure|Invalid string length|heap/i);
      expect(run.cpuSeconds, context).toBeLessThan(5);
      expect(run.maxRssMb, context).toBeLessThan(500);
    }, 70_000);
  }

  it('nested aliases ("billion laughs") are refused after walking no more than the bound', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 10; level++) levels.push(`${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(10).fill(`*${String.fromCharCode(96 + level)}`).join(', ')}]`);
    const text = `---\nquestion: Why?\n${levels.join('\n')}\n---\nBecause.\n`;
    const started = performance.now();
    let thrown: unknown;
    try {
      parseSourceFile(text, 'faqs/laughs.md', 'content/faqs/laughs.md', collections);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CleansiteError);
    expect((thrown as CleansiteError).format()).toMatch(/^content\/faqs\/laughs\.md:\d+: [a-j]: the front-matter expands/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('small anchors and merges still parse as before: aliases resolved; dates stay text for the schema (YAML 1.2)', () => {
    const text = '---\ndefaults: &defaults\n  role: Manager\nquestion: Why?\nupdated: 2026-11-01\nitems:\n  - *defaults\n  - <<: *defaults\n    extra: yes\n---\nBecause.\n';
    const source = parseSourceFile(text, 'faqs/anchors.md', 'content/faqs/anchors.md', collections);
    expect(source.data.items).toEqual([{ role: 'Manager' }, { role: 'Manager', extra: 'yes' }]);
    expect(source.data.updated).toBe('2026-11-01');
  });

  it('a front-matter just inside the bound is accepted; one just past it is refused', () => {
    const value = 'y'.repeat(MAX_FRONT_MATTER_EXPANSION / 4);
    const within = `---\nquestion: Why?\nv: &v "${value}"\nlist: [*v, *v, *v]\n---\nBecause.\n`;
    expect(() => parseSourceFile(within, 'faqs/w.md', 'content/faqs/w.md', collections)).not.toThrow();
    const past = `---\nquestion: Why?\nv: &v "${value}"\nlist: [*v, *v, *v, *v, *v, *v]\n---\nBecause.\n`;
    expect(() => parseSourceFile(past, 'faqs/p.md', 'content/faqs/p.md', collections)).toThrow(/list: the front-matter expands/);
  });
});

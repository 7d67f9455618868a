/**
 * A template that never finishes or allocates without bound cannot hang or
 * abort `build`: the real CLI renders in worker threads, a page past
 * `--render-timeout` fails the build naming its route, template and file,
 * Ctrl-C and SIGTERM end the build within seconds while the template spins,
 * and a render thread that runs out of its heap (CLEANSITE_RENDER_HEAP_MB)
 * is an ordinary build error, not a V8 abort. Every time the previous output
 * is kept whole and nothing is left beside it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree } from '../support/fixture-site.ts';
import { makeSafetySite, type RunningCli, type SafetySite } from './support/safety-site.ts';

let site: SafetySite;
let dist: string;
let previous: string;
let goodTemplates: string;

const leftovers = () => readdirSync(site.project).filter((name) => name.startsWith('.cleansite-')).sort();

/** The about page's template replaced by `body` (a function body); it announces itself on stderr first. */
function useAboutTemplate(body: string): void {
  writeFileSync(path.join(site.project, 'templates', 'index.tsx'), goodTemplates
    .replace(/about: Generic/, 'about: Runaway')
    .replace(/export const templates/, `function Runaway(): never {\n  process.stderr.write('ABOUT TEMPLATE STARTED\\n');\n  ${body}\n}\n\nexport const templates`));
}

/** Resolves with the exit once the process ends, or fails naming how long it took when it does not end in `ms`. */
async function endsWithin(build: RunningCli, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the build was still running ${ms / 1000} s later`)), ms);
  });
  try {
    return await Promise.race([build.exited, deadline]);
  } finally {
    clearTimeout(timer);
    // A build that did not end is killed and reaped, so its lock is seen as stale by the next test.
    build.kill('SIGKILL');
    await build.exited;
  }
}

function expectPreviousOutputKept(): void {
  expect(hashTree(dist), 'the previous output changed').toBe(previous);
  expect(leftovers(), 'something was left beside the output').toEqual([]);
}

beforeAll(() => {
  site = makeSafetySite();
  dist = path.join(site.project, 'dist');
  goodTemplates = readFileSync(path.join(site.project, 'templates', 'index.tsx'), 'utf8');
  const built = site.run(['build']);
  expect(built.status, built.stderr).toBe(0);
  previous = hashTree(dist);
  // Every later build must differ from it, so an output that changed is seen.
  const about = path.join(site.project, 'content', 'pages', 'about.md');
  writeFileSync(about, `${readFileSync(about, 'utf8')}\nA later edit.\n`);
}, 120_000);

afterAll(() => site?.remove());

describe('a template that never finishes', () => {
  it('fails the build after --render-timeout, naming the route, the template and the file', async () => {
    useAboutTemplate('for (;;) { /* spins */ }');
    const result = await endsWithin(site.start(['build', '--render-timeout', '2']), 60_000);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/content\/pages\/about\.md: \/about \(template "about"\) was still rendering after 2 s and was stopped/);
    expect(result.stderr).toContain('--render-timeout');
    expect(result.stderr).toContain('Build failed; the previous output was left untouched.');
    expectPreviousOutputKept();
  }, 90_000);

  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal} stops the build within seconds while the template spins: exit ${code}, one line, previous output kept`, async () => {
      useAboutTemplate('for (;;) { /* spins */ }');
      const build = site.start(['build']);
      await build.waitFor(/ABOUT TEMPLATE STARTED/, 60_000);
      build.kill(signal);
      const result = await endsWithin(build, 5_000);
      expect(result.code, result.stderr).toBe(code);
      expect(result.stderr).toContain('build interrupted; dist left as it was');
      expectPreviousOutputKept();
    }, 90_000);
  }
});

describe('a template that allocates without bound', () => {
  it('fails the build naming the route, the template and the file, without a V8 abort', async () => {
    useAboutTemplate('const hoard: string[][] = [];\n  for (;;) hoard.push(new Array(100_000).fill(`grow ${hoard.length}`));');
    const result = await endsWithin(site.start(['build'], { CLEANSITE_RENDER_HEAP_MB: '64' }), 60_000);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/content\/pages\/about\.md: \/about \(template "about"\) ran out of memory: the render thread's 64 MB heap was used up/);
    expect(result.stderr).not.toMatch(/FATAL ERROR|JavaScript heap out of memory|Aborted/);
    expectPreviousOutputKept();
  }, 90_000);

  it('the fixed template builds again at once', () => {
    writeFileSync(path.join(site.project, 'templates', 'index.tsx'), goodTemplates);
    const result = site.run(['build']);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(path.join(dist, 'about', 'index.html'), 'utf8')).toContain('A later edit.');
    expect(leftovers()).toEqual([]);
    // The output the tests after this one (in whatever order they run) must find kept.
    previous = hashTree(dist);
  }, 90_000);
});

/**
 * A template that loops forever, saved while `cleansite watch` runs (the
 * watch side of test/safety/runaway-templates.test.ts): the real CLI stops
 * the page after `--render-timeout`, reports the route, the template and the
 * content file in the terminal and in the overlay (the live-reload event
 * stream), keeps serving the last good page, and picks up the fix and later
 * edits without a restart. Ctrl-C and SIGTERM end the process within seconds
 * while the template spins, with the default (30 s) bound, so it is the
 * signal that stops it, not the render timeout; also while the templates
 * module loops at its top level, which no page bound covers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useWatchProcesses, type WatchProcess } from '../support/watch-process.ts';

const watching = useWatchProcesses();

const ABOUT = 'function About(props: TemplateProps<Page>): ReactElement {';

/** The site's templates with the about page's template spinning forever; it announces itself on stderr first. */
function loopingTemplates(site: string): { original: string; looping: string } {
  const original = readFileSync(path.join(site, 'templates', 'index.tsx'), 'utf8');
  const looping = original.replace(ABOUT, `${ABOUT}\n  process.stderr.write('ABOUT TEMPLATE STARTED\\n');\n  for (;;) { /* spins */ }`);
  expect(looping, 'the fixture still has the About template').not.toBe(original);
  return { original, looping };
}

const writeTemplates = (site: string, text: string) => writeFileSync(path.join(site, 'templates', 'index.tsx'), text);

/** Resolves with the exit code once the process ends, or fails naming the time allowed (and kills it). */
async function endsWithin(watch: WatchProcess, signal: NodeJS.Signals, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`watch was still running ${ms / 1000} s after ${signal}; output:\n${watch.output.join('\n')}`)), ms);
  });
  try {
    return await Promise.race([watch.stop(signal), deadline]);
  } finally {
    clearTimeout(timer);
    await watch.stop('SIGKILL');
  }
}

type Problem = { file?: string; message: string; hint?: string };

describe('cleansite watch with a template that loops forever', () => {
  it('reports the page in the terminal and the overlay, keeps the last good page, and recovers when the fix is saved', async () => {
    const site = watching.site('watch-overlay');
    const watch = await watching.start(site, ['--render-timeout', '2']);
    const events = await watching.events(watch);
    const { original, looping } = loopingTemplates(site);
    const good = await watch.servedPage('/about/', '<ul class="testimonials">');

    events.skipAll();
    const from = watch.output.length;
    writeTemplates(site, looping);
    await watch.waitForLine(/ABOUT TEMPLATE STARTED/, from, 30_000);
    const stopped = /^\/about \(template "about"\) was still rendering after 2 s and was stopped$/;
    const failure = await events.next((event) => event.event === 'build-error', 30_000);
    const problems = failure.data.problems as Problem[];
    expect(problems.find((problem) => stopped.test(problem.message)), JSON.stringify(problems)).toMatchObject({ file: 'content/pages/about.md', hint: expect.stringContaining('--render-timeout') });
    expect(await watch.waitForLine(/^error: content\/pages\/about\.md: \/about \(template "about"\) was still rendering after 2 s and was stopped/, from)).toBeTruthy();
    expect(await watch.waitForLine(/^templates\/index\.tsx changed: .*problems? open, so the last good output of what failed is still served\.$/, from)).toBeTruthy();
    // The server kept answering, with the last good page.
    const served = await fetch(new URL('/about/', watch.url));
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(good);

    const fixedFrom = watch.output.length;
    writeTemplates(site, original.replace('<ul className="testimonials">', '<ul className="testimonials testimonials-fixed">'));
    await events.next((event) => event.event === 'reload', 30_000);
    await watch.servedPage('/about/', '<ul class="testimonials testimonials-fixed">');
    expect(await watch.waitForLine(/^templates\/index\.tsx changed: re-rendered \d+ pages in \d+ ms\.$/, fixedFrom)).toBeTruthy();

    // Later edits are picked up too: the watcher is not wedged.
    const about = path.join(site, 'content', 'pages', 'about.md');
    writeFileSync(about, readFileSync(about, 'utf8').replace('title: About the Fixture', 'title: About the Fixture, edited later'));
    await events.next((event) => event.event === 'reload', 30_000);
    expect(await watch.servedPage('/about/', '<h1>About the Fixture, edited later</h1>')).toContain('testimonials-fixed');
    expect(watch.output.slice(fixedFrom).filter((line) => line.startsWith('error'))).toEqual([]);
    expect(watch.alive()).toBe(true);
  }, 120_000);

  it('builds a fix saved while the page still spins at once, not after the (default 30 s) render timeout', async () => {
    const site = watching.site('watch-overlay');
    const watch = await watching.start(site);
    const events = await watching.events(watch);
    const { original, looping } = loopingTemplates(site);
    const from = watch.output.length;
    writeTemplates(site, looping);
    await watch.waitForLine(/ABOUT TEMPLATE STARTED/, from, 30_000);
    events.skipAll();
    writeTemplates(site, original.replace('<ul className="testimonials">', '<ul className="testimonials fixed-while-spinning">'));
    // Well inside the 30 s bound: the save stopped the looping page's worker.
    await events.next((event) => event.event === 'reload', 15_000);
    await watch.servedPage('/about/', '<ul class="testimonials fixed-while-spinning">', 5_000);
    expect(await watch.waitForLine(/^templates\/index\.tsx changed: re-rendered \d+ pages in \d+ ms\.$/, from)).toBeTruthy();
    // The pass the save cut short is not reported: nothing was wrong once the fix was in.
    expect(watch.output.slice(from).filter((line) => /^error|problem/.test(line))).toEqual([]);
    expect(events.events.filter((event) => event.event === 'build-error')).toEqual([]);
  }, 90_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} ends watch within seconds while the template spins, with the default render timeout`, async () => {
      const site = watching.site('watch-overlay');
      const watch = await watching.start(site);
      const { looping } = loopingTemplates(site);
      const from = watch.output.length;
      writeTemplates(site, looping);
      await watch.waitForLine(/ABOUT TEMPLATE STARTED/, from, 30_000);
      const code = await endsWithin(watch, signal, 5_000);
      expect(code, watch.output.join('\n')).toBe(0);
      // Stopping is not a problem to report: the pass it cut short says nothing.
      expect(watch.output.slice(from).filter((line) => /^error|problem/.test(line))).toEqual([]);
    }, 90_000);
  }

  it('SIGTERM ends watch within seconds while the templates module loops as it loads (no page has started)', async () => {
    const site = watching.site('watch-overlay');
    const watch = await watching.start(site);
    const { original } = loopingTemplates(site);
    const from = watch.output.length;
    writeTemplates(site, `${original}\nprocess.stderr.write('TEMPLATES MODULE LOADING\\n');\nfor (;;) { /* spins at import */ }\n`);
    await watch.waitForLine(/TEMPLATES MODULE LOADING/, from, 30_000);
    const code = await endsWithin(watch, 'SIGTERM', 5_000);
    expect(code, watch.output.join('\n')).toBe(0);
    expect(watch.output.slice(from).filter((line) => /^error|problem/.test(line))).toEqual([]);
  }, 90_000);
});

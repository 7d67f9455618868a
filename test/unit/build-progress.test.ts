/**
 * The build's progress reporter (src/core/progress.ts) with a clock the test moves: the live
 * line a terminal shows (stage, n/N, an estimate), the lines a CI log gets (only stages slower
 * than the threshold), and silence when quiet. The CLI's own output is tested in
 * test/perf/build-progress-cli.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createReporter, describe as describeStage, type ProgressMode } from '../../src/core/progress.ts';

function reporterWithClock(mode: ProgressMode) {
  let t = 0;
  const written: string[] = [];
  const reporter = createReporter({ mode, write: (text) => written.push(text), now: () => t, redrawMs: 100 });
  return { reporter, written, advance: (ms: number) => (t += ms) };
}

describe('build progress', () => {
  it('on a terminal, redraws one line in place with the stage, n/N and an estimate, and clears it at the end', () => {
    const { reporter, written, advance } = reporterWithClock('terminal');
    const images = reporter.start('images');
    images.count(0, 40);
    advance(2000);
    images.count(10, 40);
    advance(10);
    images.count(11, 40); // within the redraw interval: not drawn
    advance(2000);
    images.count(20, 40);
    images.end();
    reporter.close();
    expect(written.every((text) => text.startsWith('\r\x1b[2K'))).toBe(true);
    const lines = written.map((text) => text.slice('\r\x1b[2K'.length));
    expect(lines).toEqual(['images...', 'images 0/40', 'images 10/40, about 6 s left', 'images 20/40, about 4 s left', '']);
    expect(written.join('')).not.toContain('\n');
  });

  it('shows the stage being counted while others run beside it', () => {
    const { reporter, written } = reporterWithClock('terminal');
    const content = reporter.start('load content');
    const images = reporter.start('images');
    images.count(3, 9);
    const css = reporter.start('css');
    css.end();
    content.end();
    expect(written.at(-1)).toBe('\r\x1b[2Kimages 3/9');
  });

  it('off a terminal, writes one line per stage slower than the threshold, and nothing else', () => {
    const { reporter, written, advance } = reporterWithClock('lines');
    const fast = reporter.start('css');
    advance(300);
    fast.end();
    const pages = reporter.start('write pages');
    pages.count(5000, 10000);
    advance(2500);
    pages.count(10000, 10000);
    pages.end();
    reporter.close();
    expect(written).toEqual(['write pages: 2.5 s (10000)\n']);
    expect(reporter.stages).toEqual([{ stage: 'css', milliseconds: 300 }, { stage: 'write pages', milliseconds: 2500 }]);
  });

  it('quiet writes nothing but still times every stage', () => {
    const { reporter, written, advance } = reporterWithClock('quiet');
    const stage = reporter.start('images');
    stage.count(1, 2);
    advance(5000);
    stage.end();
    reporter.close();
    expect(written).toEqual([]);
    expect(reporter.stages).toEqual([{ stage: 'images', milliseconds: 5000 }]);
  });

  it('gives no estimate within the first second, nor once all are done', () => {
    expect(describeStage({ stage: 'write pages', started: 0, done: 50, total: 100 }, 900)).toBe('write pages 50/100');
    expect(describeStage({ stage: 'write pages', started: 0, done: 5, total: 100 }, 1000)).toBe('write pages 5/100, about 19 s left');
    expect(describeStage({ stage: 'write pages', started: 0, done: 100, total: 100 }, 9000)).toBe('write pages 100/100');
    expect(describeStage({ stage: 'write pages', started: 0, done: 50, total: 100 }, 200_000)).toBe('write pages 50/100, about 3 min left');
  });
});

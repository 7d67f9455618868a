/**
 * What `cleansite build` tells its user, through the real CLI: on a terminal (a pseudo-terminal
 * made by util-linux `script`), one live line redrawn in place and cleared before the summary;
 * in a CI log (stderr not a terminal), a plain line per slow stage; `--quiet`, nothing; and
 * `--json`, one JSON object on stdout whose figures match the output folder.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, useThrowawaySites } from '../support/fixture-site.ts';
import { listFiles } from '../support/site-build.ts';
import { cliEnv } from '../support/cli.ts';

const site = useThrowawaySites();
const throwawayBroken = useThrowawaySites('malformed-yaml');

interface Run { code: number; stdout: string; stderr: string }

function run(file: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The one CLI environment (test/support/cli.ts), also for `script` running the CLI on a pseudo-terminal.
    execFile(file, args, { env: cliEnv(env), timeout: 120_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

const buildArgs = (dir: string, ...extra: string[]) => [cliPath, 'build', '--content', `${dir}/content`, '--templates', `${dir}/templates`, '--public', `${dir}/public`, '--out', `${dir}/dist`, ...extra];
const quoted = (args: string[]) => args.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
/** The CLI with stdout and stderr on a pseudo-terminal: everything it printed, as the terminal received it. */
const onTerminal = (args: string[]) => run('script', ['-qec', `${quoted([process.execPath, ...args])}`, '/dev/null']);
const ERASE = '\r\x1b[2K';

describe('build progress', () => {
  it('on a terminal, redraws one line with the stage and the pages counted, then clears it for the summary', async () => {
    const dir = site();
    const result = await onTerminal(buildArgs(dir));
    expect(result.code, result.stdout).toBe(0);
    const pages = Number(/Built (\d+) pages/.exec(result.stdout)?.[1]);
    expect(pages).toBeGreaterThan(5);
    const draws = result.stdout.split(ERASE);
    expect(draws.length, 'the live line is redrawn in place').toBeGreaterThan(5);
    expect(draws).toContain('content...');
    expect(draws).toContain(`write pages 0/${pages}`);
    expect(draws).toContain(`write pages ${pages}/${pages}`);
    // Nothing but the summary stays on screen: the last draw is the cleared line, then the summary.
    expect(draws.at(-1)).toMatch(/^Built \d+ pages .* in [\d.]+ s\.\r?\n$/);
    expect(draws.slice(0, -1).join('')).not.toContain('\n');
  });

  it('--quiet prints nothing at all on a terminal', async () => {
    const dir = site();
    const result = await onTerminal(buildArgs(dir, '--quiet'));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(statSync(path.join(dir, 'dist', 'index.html')).isFile()).toBe(true);
  });

  it('in a CI log, writes plain lines for stages slower than the threshold, none for a fast build', async () => {
    const dir = site();
    const everyStage = await run(process.execPath, buildArgs(dir), { CLEANSITE_SLOW_STAGE_MS: '0' });
    expect(everyStage.code, everyStage.stderr).toBe(0);
    const lines = everyStage.stderr.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^[a-z][a-z0-9 ]+: \d+\.\d s( \(\d+\))?$/);
    const stages = lines.map((line) => line.slice(0, line.indexOf(':')));
    // The pass runner's steps (session/pass-steps.ts), then the write step's own stages; the write step ends last.
    expect(stages).toEqual(expect.arrayContaining(['config', 'content', 'templates', 'images', 'check page cache', 'write pages', 'commit', 'write']));
    expect(stages.indexOf('write')).toBe(stages.length - 1);
    expect(everyStage.stderr).not.toMatch(/[\r\x1b]/);
    expect(everyStage.stdout).toMatch(/^Built \d+ pages/);

    // Under the threshold, no line: the tests' own threshold (cliEnv) is far above any stage of this small site.
    const quietLog = await run(process.execPath, buildArgs(dir));
    expect(quietLog.stderr).toBe('');
  });

  it('--json prints one JSON object whose figures match the output folder', async () => {
    const dir = site();
    mkdirSync(path.join(dir, 'content', '_drafts'));
    writeFileSync(path.join(dir, 'content', '_drafts', 'next-service.md'), '---\ntitle: Not yet\n---\nLater.\n');
    // The placeholders not marked as intended, so the summary carries a warning to count.
    const result = await run(process.execPath, buildArgs(dir, '--json'), { CLEANSITE_ALLOW_PLACEHOLDERS: '' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    const summary = JSON.parse(result.stdout);
    // cleansite's own records (the output marker, the placeholder record) are never published, nor counted.
    const files = listFiles(path.join(dir, 'dist')).filter((file) => !file.startsWith('.cleansite-'));
    expect(summary).toMatchObject({ ok: true, outDir: `${dir}/dist`, upToDate: false, reused: 0, warnings: [expect.stringMatching(/^6 placeholder business details:/)], failed: [], leftOut: [], ignoredFolders: [{ folder: '_drafts', files: 1 }] });
    expect(summary.files).toBe(files.length);
    expect(summary.bytes).toBe(files.reduce((sum, file) => sum + statSync(path.join(dir, 'dist', file)).size, 0));
    expect(summary.pages).toBe(summary.rendered);
    expect(summary.pages).toBe(files.filter((file) => file.endsWith('.html')).length);
    expect(summary.stages.map((stage: { stage: string }) => stage.stage)).toEqual(expect.arrayContaining(['content', 'images', 'write pages', 'commit']));
    for (const stage of summary.stages) expect(stage.milliseconds).toBeGreaterThanOrEqual(0);
    expect(summary.milliseconds).toBeGreaterThan(0);

    const again = JSON.parse((await run(process.execPath, buildArgs(dir, '--json'))).stdout);
    expect(again).toMatchObject({ ok: true, upToDate: true, rendered: 0, reused: summary.pages, pages: summary.pages, files: summary.files, bytes: summary.bytes });
  });

  it('--json of a failed build prints ok: false with each problem\'s file and line, and exits 1', async () => {
    const dir = throwawayBroken();
    const result = await run(process.execPath, buildArgs(dir, '--json'));
    expect(result.code).toBe(1);
    const summary = JSON.parse(result.stdout);
    expect(summary.ok).toBe(false);
    expect(summary.errors[0]).toMatchObject({ file: expect.stringContaining('west-end.md'), line: expect.any(Number), message: expect.any(String) });
    expect(result.stderr).toContain('west-end.md');
  });
});

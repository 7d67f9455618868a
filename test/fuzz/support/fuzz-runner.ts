/**
 * Runs one fuzz case through the in-process build and checks the contract:
 * it builds (and no payload became markup), or it fails with CleansiteErrors
 * whose one-line messages name a content file, and the previous output is
 * byte-for-byte intact with no staging folder left behind.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from '../../../src/build.ts';
import { toBuildOptions } from '../../../src/commands/build-command.ts';
import { reportErrors } from '../../../src/commands/command-support.ts';
import { CleansiteError, CleansiteErrorList } from '../../../src/core/errors.ts';
import { createMemoryLogger } from '../../../src/core/logger.ts';
import { listFiles } from '../../support/site-build.ts';
import { scanForInjectedMarkup, type PageScan } from './injection.ts';
import { SELF_BLAMING_KINDS, type FuzzCase } from './mutations.ts';
import type { ReducedSite } from './reduced-site.ts';

export type CaseOutcome =
  | { built: true; milliseconds: number; pagesShowingPayload: number }
  | { built: false; milliseconds: number; errors: CleansiteError[] };

export interface FuzzRunner {
  /** Builds the unmutated copy; throws if it does not build. */
  buildBaseline(): Promise<void>;
  /** Runs one case; returns its outcome and every broken promise of the contract. */
  run(fuzzCase: FuzzCase): Promise<{ outcome: CaseOutcome; problems: string[] }>;
}

// The one tree hash (test/support/fixture-site.ts); re-exported for the fuzz tests that import it from here.
export { hashTree } from '../../support/fixture-site.ts';
// Each case checks the previous output was left alone: by its files' stamps, not by reading them (~245 cases).
import { stampTree } from '../../support/fixture-site.ts';

export function createFuzzRunner(site: ReducedSite, buildDate: string): FuzzRunner {
  const options: BuildOptions = {
    ...toBuildOptions({ content: site.contentDir, templates: site.templatesDir, public: site.publicDir, out: site.outDir }, site.root),
    buildDate,
    cacheDir: site.cacheDir,
    jobs: 0,
  };
  let outputStamp = '';
  // Pages a case's build left as an earlier one wrote them are not parsed again (scanForInjectedMarkup).
  const scanned = new Map<string, PageScan>();

  const knownFiles = () => new Set(listFiles(site.contentDir).map((relative) => `content/${relative}`));

  return {
    async buildBaseline() {
      const logger = createMemoryLogger();
      try {
        await build(options, logger);
      } catch (error) {
        reportErrors(error, logger, true);
        throw new Error(`the reduced copy of the real site does not build:\n${logger.lines.join('\n')}`, { cause: error });
      }
      outputStamp = stampTree(site.outDir);
    },

    async run(fuzzCase) {
      const problems: string[] = [];
      const where = `#${fuzzCase.index} ${fuzzCase.kind} (${fuzzCase.description})`;
      for (const [relative, contents] of fuzzCase.writes) site.write(relative, contents);
      const present = knownFiles();
      const started = performance.now();
      let thrown: unknown;
      let built = false;
      try {
        await build(options, createMemoryLogger());
        built = true;
      } catch (error) {
        thrown = error;
      } finally {
        site.restore();
      }
      const milliseconds = performance.now() - started;
      problems.push(...site.differences().map((difference) => `${where}: after restore, ${difference}`));

      const leftovers = readdirSync(path.dirname(site.outDir)).filter((name) => name !== path.basename(site.outDir));
      if (leftovers.length > 0) problems.push(`${where}: staging folders left behind: ${leftovers.join(', ')}`);

      if (built) {
        outputStamp = stampTree(site.outDir);
        if (!existsSync(path.join(site.outDir, 'index.html'))) problems.push(`${where}: built, but there is no index.html`);
        const htmlFiles = listFiles(site.outDir).filter((file) => file.endsWith('.html'));
        const scan = scanForInjectedMarkup(site.outDir, htmlFiles, scanned);
        problems.push(...scan.problems.map((problem) => `${where}: ${problem}`));
        return { outcome: { built: true, milliseconds, pagesShowingPayload: scan.pagesShowingPayload }, problems };
      }

      const isKnown = thrown instanceof CleansiteError || (thrown instanceof CleansiteErrorList && thrown.errors.every((error) => error instanceof CleansiteError));
      if (!isKnown) {
        problems.push(`${where}: failed with an unknown exception: ${thrown instanceof Error ? thrown.stack : String(thrown)}`);
      }
      const errors = thrown instanceof CleansiteErrorList ? thrown.errors : thrown instanceof CleansiteError ? [thrown] : [];
      if (isKnown && errors.length === 0) problems.push(`${where}: failed with an empty error list`);
      for (const error of errors) {
        const line = error.format();
        if (!error.location?.file) problems.push(`${where}: error names no file: ${line}`);
        else if (!present.has(error.location.file)) problems.push(`${where}: error names ${error.location.file}, which is not a content file: ${line}`);
        if (/[\r\n]/.test(line)) problems.push(`${where}: error message is not one line: ${JSON.stringify(line.slice(0, 200))}`);
        if (/Unexpected failure/.test(line)) problems.push(`${where}: an unexpected failure was wrapped as an error: ${line}`);
      }
      if (isKnown && SELF_BLAMING_KINDS.has(fuzzCase.kind) && !errors.some((error) => fuzzCase.blame.includes(error.location?.file ?? ''))) {
        problems.push(`${where}: no error names ${fuzzCase.blame.join(' or ')}: ${errors.map((error) => error.format()).join(' | ')}`);
      }
      // What the CLI would print: one line per problem, a hint line, a count; never a stack without --debug.
      const logger = createMemoryLogger();
      reportErrors(thrown, logger, false);
      for (const printed of logger.lines) {
        if (!/^(error: |  hint: |\d+ problems found\.$)/.test(printed) || /\n\s+at /.test(printed)) problems.push(`${where}: unexpected output line ${JSON.stringify(printed.slice(0, 200))}`);
      }
      if (stampTree(site.outDir) !== outputStamp) problems.push(`${where}: the failed build changed the previous output`);
      return { outcome: { built: false, milliseconds, errors }, problems };
    },
  };
}

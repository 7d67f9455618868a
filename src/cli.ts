/**
 * The command line: options, help, and the exit code. Each command's module
 * (src/commands/) is imported only when that command runs; it reports through
 * the logger made here (never the console directly) and returns its exit
 * code, which only this module sets: 0 success, 1 content, render or deploy
 * errors, 2 usage errors, 130 interrupted. Errors that escape a command are
 * printed here.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { createRequire } from 'node:module';
import { keepCompiledCode, commandOf } from './core/code-cache.ts';
import { CleansiteError } from './core/errors.ts';
import { createLogger } from './core/logger.ts';
import { EXIT_BUILD_FAILED, EXIT_OK, EXIT_USAGE, parseBaseUrl, parseJobs, reportErrors, type GlobalOptions, type BuildCommandOptions } from './commands/command-support.ts';
import type { DeployCommandOptions } from './commands/deploy-command.ts';
import type { NewCommandOptions } from './commands/new-command.ts';
import type { PreviewCommandOptions } from './commands/preview-command.ts';
import type { WatchCommandOptions } from './commands/watch-command.ts';
import { parseCount, parseSeconds } from './commands/parse-count.ts';
import { DEFAULT_HOST, DEFAULT_PORT, parseHost, parsePort } from './server/server-options.ts';
import { TYPE_CHECK_MODES } from './watch/type-check-mode.ts';

function version(): string {
  const require = createRequire(import.meta.url);
  for (const candidate of ['../../package.json', '../package.json']) {
    try {
      return (require(candidate) as { version: string }).version;
    } catch { /* try the next layout (compiled vs source) */ }
  }
  return '0.0.0';
}

export function siteOptions(command: Command): Command {
  return command
    .option('--content <dir>', 'content folder (Markdown with YAML front-matter)', 'content')
    .option('--templates <dir>', 'templates folder (site.config.ts, React components, styles, client script)', 'templates')
    .option('--public <dir>', 'static files copied as is', 'public')
    .addOption(new Option('--base-url <url>', 'site URL for canonical links and sitemaps (overrides the one the site config gives)').argParser(parseBaseUrl));
}

/**
 * True once a command that leaves nothing running has returned (a build): the launcher then ends
 * the process at once (bin/cleansite.mjs), as a Go program ends when its main returns, whatever
 * site code left running (a timer in site.config.ts). It also spares a build Node's teardown of its
 * heaps (docs/performance.md, History, `cold-7`). Never read in tests that call main() themselves.
 */
let commandOver = false;

export function processMayEnd(): boolean {
  return commandOver;
}

/** Where a command prints, and how it hands back its exit code (only main() turns it into the process's). */
interface CommandIo {
  logger: { out: (line: string) => void; err: (line: string) => void };
  setExit: (code: number) => void;
}

/** A command's logger: --quiet (or a command's own --json, whose stdout is the JSON alone) and --debug from the global options. */
function commandLogger(globals: GlobalOptions, logger: CommandIo['logger'], quiet?: boolean) {
  return createLogger({ quiet: globals.quiet || quiet, debug: globals.debug, stdout: logger.out, stderr: logger.err });
}

export function createProgram(logger: CommandIo['logger'], setExit: CommandIo['setExit']): Command {
  const program = new Command()
    .name('cleansite')
    .description('Build the cleansite static site: Markdown content + React templates -> plain HTML in dist/.')
    .version(version(), '-v, --version')
    .option('-q, --quiet', 'print errors only')
    .option('--debug', 'print stage timings and stack traces')
    .showHelpAfterError('(run cleansite --help for usage)')
    .configureOutput({ writeOut: (text) => logger.out(text.trimEnd()), writeErr: (text) => logger.err(text.trimEnd()) })
    .exitOverride();

  const io: CommandIo = { logger, setExit };
  for (const addCommand of [addBuildCommand, addWatchCommand, addNewCommand, addPreviewCommand, addDeployCommand]) addCommand(program, io);
  return program;
}

/** `cleansite build`: the whole site, with progress on stderr and an optional JSON summary. */
function addBuildCommand(program: Command, io: CommandIo): void {
  siteOptions(program.command('build'))
    .description('build the whole site into the output folder (atomically: a failed build keeps the old output)')
    .option('-o, --out <dir>', 'output folder', 'dist')
    .addOption(new Option('-j, --jobs <n>', 'render threads (workers; the main thread only coordinates; default: one per core when 2,000+ files need parsing or 3,000+ pages need rendering, one from 60,000 pages (memory), else 1)').argParser(parseJobs))
    .addOption(new Option('--render-timeout <seconds>', 'stop the build when one page takes longer than this to render (a template that loops)').default(30).argParser(parseSeconds))
    .option('--allow-placeholders', 'build even where CONTEXT=production while business details are placeholders')
    .option('--keep-going', 'write the error screen for pages that fail to render and build the rest (still exits 1)')
    .option('--force', 'replace an --out folder cleansite did not make (never the project, a source folder, home or /)')
    .option('--json', 'print the build summary (pages, files, bytes, stage times, warnings) as one JSON object on stdout')
    .action(async (options: BuildCommandOptions & { json?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { runBuild } = await import('./commands/build-command.ts');
      const { createReporter, progressModeFor } = await import('./core/progress.ts');
      // Progress goes to stderr: a live line on a terminal, a line per slow stage elsewhere (CI logs).
      // CLEANSITE_SLOW_STAGE_MS: from how long a stage gets its line in a log (default 2000; 0 lists every stage).
      const slow = /^\d+$/.test(process.env.CLEANSITE_SLOW_STAGE_MS ?? '') ? Number(process.env.CLEANSITE_SLOW_STAGE_MS) : undefined;
      const reporter = createReporter({ mode: progressModeFor(process.stderr, Boolean(globals.quiet)), slowStageMs: slow });
      // A message clears the live line first, and the next update draws it again below.
      const printed = (write: (line: string) => void) => (line: string) => { reporter.clearLine(); write(line); };
      const log = commandLogger(globals, { out: printed(io.logger.out), err: printed(io.logger.err) }, options.json);
      // Ctrl-C ends the process at once, worker threads and all, once the build has cleaned up.
      io.setExit(await runBuild(options, log, Boolean(globals.debug), (code) => process.exit(code), { reporter, json: options.json ? io.logger.out : undefined }));
      commandOver = true;
    });
}

/** `cleansite watch`: build, serve with live reload, rebuild what each save affects. */
function addWatchCommand(program: Command, io: CommandIo): void {
  siteOptions(program.command('watch'))
    .description('build, serve with live reload, and rebuild only what each saved change affects (output includes the live-reload client: never deploy it)')
    .option('-o, --out <dir>', 'output folder for the development build', '.cache/watch')
    .addOption(new Option('-p, --port <port>', 'port to listen on (0 picks a free port)').default(DEFAULT_PORT).argParser(parsePort))
    .addOption(new Option('--host <address>', 'address to listen on (loopback unless told otherwise)').default(DEFAULT_HOST).argParser(parseHost))
    .option('--no-drafts', 'leave out draft: true entries, as build does (watch shows them, marked as drafts)')
    .addOption(new Option('-j, --jobs <n>', 'render threads, as for build (one is kept between rebuilds)').argParser(parseJobs))
    .addOption(new Option('--render-timeout <seconds>', 'stop a page that takes longer than this to render (a template that loops) and report it').default(30).argParser(parseSeconds))
    .addOption(new Option('--type-check <priority>', 'the templates\' background type check (a site with a tsconfig.json and typescript): low takes only the CPU a rebuild leaves; normal reports sooner on a busy machine').choices(TYPE_CHECK_MODES).default('low'))
    .action(async (options: WatchCommandOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const log = commandLogger(globals, io.logger);
      const { runWatch } = await import('./commands/watch-command.ts');
      // Ends the process after the exit code is set and the launcher's own work (lib/cli/cli.mjs) is done.
      io.setExit(await runWatch(options, log, Boolean(globals.debug), () => setImmediate(() => process.exit())));
    });
}

/** `cleansite new <collection> <title>`: a new content file that builds as it is. */
function addNewCommand(program: Command, io: CommandIo): void {
  program.command('new')
    .description('write a new content file for a collection, named by the slug of its title, that builds as it is')
    .argument('<collection>', "a collection the site declares (site.config.ts), such as posts")
    .argument('<title>', 'the entry\'s title, quoted: "My First Post" is written to <collection folder>/my-first-post.md')
    .option('--content <dir>', 'content folder', 'content')
    .option('--templates <dir>', 'templates folder (site.config.ts, archetypes/)', 'templates')
    .addHelpText('after', '\nThe file comes from templates/archetypes/<collection>.md (or .yaml, .json) when the site has one, with\n{{ title }}, {{ slug }} and {{ date }} (today in the site\'s time zone) filled in; else from the collection\'s\nschema. It is checked as the build checks content, and never replaces an existing file.\n\nExample:\n  cleansite new posts "My first post"')
    .action(async (collection: string, title: string, options: NewCommandOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const log = commandLogger(globals, io.logger);
      const { runNew } = await import('./commands/new-command.ts');
      io.setExit(await runNew(collection, title, options, log, Boolean(globals.debug)));
    });
}

/** `cleansite preview`: a finished build served as the static host serves it. */
function addPreviewCommand(program: Command, io: CommandIo): void {
  program.command('preview')
    .description('serve a finished build as the static host will: directory index, 404.html, /about -> /about/ redirect')
    .option('-o, --out <dir>', 'built folder to serve', 'dist')
    .addOption(new Option('-p, --port <port>', 'port to listen on (0 picks a free port)').default(DEFAULT_PORT).argParser(parsePort))
    .addOption(new Option('--host <address>', 'address to listen on (loopback unless told otherwise)').default(DEFAULT_HOST).argParser(parseHost))
    .action(async (options: PreviewCommandOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const log = commandLogger(globals, io.logger);
      const { runPreview } = await import('./commands/preview-command.ts');
      io.setExit(await runPreview(options, log, Boolean(globals.debug)));
    });
}

/** `cleansite deploy <target>`: publish a build to S3 so the bucket equals it. */
function addDeployCommand(program: Command, io: CommandIo): void {
  program.command('deploy')
    .description('publish a build to S3 (or an S3-compatible server) so the bucket equals it: by content, in a safe order, with one listing')
    .argument('<target>', 's3://BUCKET or s3://BUCKET/PREFIX')
    .option('--dir <dir>', 'built folder to publish', 'dist')
    .option('--endpoint <url>', 'S3-compatible server URL (path-style addressing)')
    .option('--region <region>', 'bucket region (default: AWS_REGION, else us-east-1)')
    .option('--dry-run', 'print the uploads, updates and deletions with their sizes, change nothing')
    .addOption(new Option('--max-deletes <n>', 'refuse a deploy that would delete more objects than this').default(50).argParser(parseCount))
    .addOption(new Option('--prune-assets-older-than <days>', 'delete hashed assets the build no longer has this many days after they were first found unreferenced').default(7).argParser(parseCount))
    .option('--cloudfront-distribution <id>', 'invalidate the changed pages in this CloudFront distribution')
    .option('--force', 'upload every file even when the bucket has the same bytes (after a change of cache rules)')
    .addOption(new Option('--lock-wait <seconds>', 'wait this long for another deploy to the same target to finish').default(0).argParser(parseCount))
    .addOption(new Option('--lock-ttl <seconds>', 'how long the lock of a deploy that crashed blocks the next one').default(120).argParser(parseCount))
    .addOption(new Option('--connect-timeout <seconds>', 'give up on a connection to S3 or CloudFront not made within this (retried)').default(10).argParser(parseSeconds))
    .addOption(new Option('--request-timeout <seconds>', 'give up on a request not answered, or a response idle, this long (retried)').default(60).argParser(parseSeconds))
    .option('--json', 'print the result as JSON on stdout')
    .option('--allow-placeholders', 'publish although the build lists placeholder business details')
    .action(async (target: string, options: DeployCommandOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const log = commandLogger(globals, io.logger, options.json);
      const { runDeploy } = await import('./commands/deploy-command.ts');
      const progress = process.stderr.isTTY && !globals.quiet ? (text: string) => { process.stderr.write(text); } : undefined;
      io.setExit(await runDeploy(target, options, log, { progress, json: io.logger.out }, Boolean(globals.debug)));
    });
}

export async function main(argv: string[], io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) }): Promise<number> {
  let exitCode = EXIT_OK;
  const program = createProgram(io, (code) => { exitCode = code; });
  try {
    await program.parseAsync(argv);
    // The compiled CLI's code cache then holds every function this command ran (a failed build ran only part of them).
    if (exitCode === EXIT_OK) keepCompiledCode(commandOf(argv));
  } catch (error) {
    if (error instanceof CommanderError) {
      const shown = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help';
      // `build --help` ran none of a build's code: it covers what `--version` does.
      if (shown) keepCompiledCode('options');
      // The usage shown for a missing command (`cleansite`, or `npx cleansite $EMPTY` in CI) is an error, exit 2.
      return shown && error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    const debug = process.argv.includes('--debug');
    reportErrors(error, createLogger({ stdout: io.out, stderr: io.err }), debug);
    return error instanceof CleansiteError && error.code === 'USAGE' ? EXIT_USAGE : EXIT_BUILD_FAILED;
  }
  return exitCode;
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../publish/parse-headers.ts';
import { startStaticServer } from '../server/static-server.ts';
import { isLoopback, type ServerCommandOptions } from '../server/server-options.ts';
import { waitForStopSignal } from '../server/wait-for-stop.ts';
import { EXIT_BUILD_FAILED, EXIT_OK, EXIT_USAGE, reportErrors } from './command-support.ts';

export interface PreviewCommandOptions extends ServerCommandOptions {
  out: string;
}

export async function runPreview(options: PreviewCommandOptions, logger: Logger, debug: boolean): Promise<number> {
  const root = path.resolve(options.out);
  const shown = path.relative(process.cwd(), root) || '.';
  try {
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      throw new CleansiteError({ code: 'USAGE', message: `nothing to preview: ${shown}/ does not exist`, hint: 'run `cleansite build` first, or pass the built folder with --out' });
    }
    const rules = readHeaderRules(root, shown);
    const server = await startStaticServer({
      root, host: options.host, port: options.port,
      headersFor: rules ? (urlPath) => headersForPath(rules, urlPath) : undefined,
      onRequestError: (error) => reportErrors(error, logger, debug),
    });
    logger.info(`Previewing ${shown}/ at ${server.url} as the static host serves it${rules ? `, with the headers of ${shown}/_headers` : ''} (Ctrl+C to stop)`);
    if (!isLoopback(options.host)) logger.warn(`listening on ${options.host}: other machines on the network can reach this server`);
    if (!existsSync(path.join(root, '404.html'))) logger.warn(`${shown}/404.html is missing: unknown paths get a plain-text 404`);
    await waitForStopSignal();
    await server.close();
    return EXIT_OK;
  } catch (error) {
    reportErrors(error, logger, debug);
    return error instanceof CleansiteError && error.code === 'USAGE' ? EXIT_USAGE : EXIT_BUILD_FAILED;
  }
}

/** The build's Netlify _headers rules (CSP, caching), so the preview answers with the same headers as the host. */
function readHeaderRules(root: string, shown: string): HeaderRule[] | undefined {
  const file = path.join(root, '_headers');
  if (!existsSync(file)) return undefined;
  try {
    return parseHeadersFile(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CleansiteError({ code: 'OUTPUT_FAILED', message: (error as Error).message, location: { file: `${shown}/_headers` }, hint: 'rebuild the site: the file is generated', cause: error });
  }
}

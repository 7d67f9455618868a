import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { loadHostRules } from '../server/host-rules.ts';
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
    const rules = loadHostRules(root, shown);
    const server = await startStaticServer({
      root, host: options.host, port: options.port,
      headersFor: rules.headersFor, redirectFor: rules.redirectFor,
      onRequestError: (error) => reportErrors(error, logger, debug),
    });
    logger.info(`Previewing ${shown}/ at ${server.url} as the static host serves it${rules.hasHeaders ? `, with the headers of ${shown}/_headers` : ''} (Ctrl+C to stop)`);
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

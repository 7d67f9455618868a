/**
 * A built site served in-process by the product's own server: the one behind
 * `cleansite preview` (src/server/static-server.ts), with the folder's
 * _headers and _redirects applied as `preview` applies them (host-rules.ts),
 * on a free port of 127.0.0.1. So every browser test and gate sees the site
 * as the host will serve it, and there is no second server to keep in step.
 * Scripts run by plain node start the real CLI instead
 * (test/support/preview-process.mjs).
 */
import { loadHostRules } from '../../src/server/host-rules.ts';
import { startStaticServer } from '../../src/server/static-server.ts';

export interface SiteServer {
  /** e.g. http://127.0.0.1:40123 (no trailing slash: `origin + '/about/'`). */
  origin: string;
  port: number;
  /** Requests the server failed to answer (it answered 500), as they happen. */
  requestErrors: string[];
  /** Stops the server; rejects, listing them, when any request failed, so a test that let one through fails. */
  close(): Promise<void>;
}

export async function serveSite(dir: string): Promise<SiteServer> {
  const rules = loadHostRules(dir);
  const requestErrors: string[] = [];
  const server = await startStaticServer({
    root: dir, host: '127.0.0.1', port: 0,
    headersFor: rules.headersFor, redirectFor: rules.redirectFor,
    onRequestError: (error) => requestErrors.push(error.message),
  });
  return {
    origin: new URL(server.url).origin, port: server.port, requestErrors,
    async close() {
      await server.close();
      if (requestErrors.length > 0) throw new Error(`the server failed ${requestErrors.length} request(s):\n${requestErrors.join('\n')}`);
    },
  };
}

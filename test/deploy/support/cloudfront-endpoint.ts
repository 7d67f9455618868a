/**
 * A local CloudFront API endpoint on 127.0.0.1 that records each CreateInvalidation request,
 * for `invalidateCloudFront()` in-process (its `endpoint` option) and for the real CLI (through
 * the AWS SDK's own AWS_ENDPOINT_URL_CLOUDFRONT). As CloudFront does, it refuses a request whose
 * <Quantity> is not the number of its paths (InconsistentQuantities).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CloudFrontEndpoint {
  endpoint: string;
  /** Each invalidation created: the distribution and its paths, in order. */
  invalidations: Array<{ distribution: string; paths: string[] }>;
  /** Answer every request with this status (403: access denied) instead of creating the invalidation. */
  failWith: number | undefined;
  close(): Promise<void>;
}

const ERROR = (code: string, message: string) => `<?xml version="1.0"?><ErrorResponse xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error></ErrorResponse>`;

export async function startCloudFrontEndpoint(): Promise<CloudFrontEndpoint> {
  const state: Pick<CloudFrontEndpoint, 'invalidations' | 'failWith'> = { invalidations: [], failWith: undefined };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; });
    request.on('end', () => {
      const distribution = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(request.url ?? '')?.[1];
      if (request.method !== 'POST' || !distribution) {
        response.writeHead(404).end();
        return;
      }
      if (state.failWith) {
        response.writeHead(state.failWith, { 'Content-Type': 'text/xml' });
        response.end(ERROR('AccessDenied', 'User is not authorized to perform: cloudfront:CreateInvalidation'));
        return;
      }
      const paths = [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((match) => match[1]!);
      const quantity = Number(/<Paths><Quantity>(\d+)<\/Quantity>/.exec(body)?.[1]);
      if (quantity !== paths.length) {
        response.writeHead(400, { 'Content-Type': 'text/xml' });
        response.end(ERROR('InconsistentQuantities', `Quantity ${quantity} for ${paths.length} paths`));
        return;
      }
      state.invalidations.push({ distribution, paths });
      response.writeHead(201, { 'Content-Type': 'text/xml' });
      response.end(`<?xml version="1.0"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>I${state.invalidations.length}</Id><Status>InProgress</Status></Invalidation>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

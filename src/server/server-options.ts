/** Parsers for the options `watch` and `preview` share. */
import { InvalidArgumentError } from 'commander';

export const DEFAULT_PORT = 4321;
export const DEFAULT_HOST = '127.0.0.1';

export interface ServerCommandOptions {
  port: number;
  host: string;
}

export function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError(`expected a port number from 0 to 65535 (0 picks a free port), received "${value}"`);
  return Number(value);
}

export function parseHost(value: string): string {
  const host = value.trim();
  if (!/^[A-Za-z0-9.:-]+$/.test(host)) throw new InvalidArgumentError(`expected a host name or IP address such as 127.0.0.1, received "${value}"`);
  return host;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

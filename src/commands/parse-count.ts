import { InvalidArgumentError } from 'commander';

/** A whole number option (`--max-deletes 200`); parsed in the CLI so the deploy module loads only when it runs. */
export function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`expected a whole number, received "${value}"`);
  return Number(value);
}

/** A positive duration in seconds, fractions allowed (`--request-timeout 2.5`). */
export function parseSeconds(value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0) throw new InvalidArgumentError(`expected a number of seconds above 0, received "${value}"`);
  return Number(value);
}

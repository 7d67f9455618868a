import { InvalidArgumentError } from 'commander';

/** A whole number option (`--max-deletes 200`); parsed in the CLI so the deploy module loads only when it runs. */
export function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`expected a whole number, received "${value}"`);
  return Number(value);
}

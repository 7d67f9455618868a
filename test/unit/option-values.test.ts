import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseJobs } from '../../src/commands/command-support.ts';
import { parseCount, parseSeconds } from '../../src/commands/parse-count.ts';

/** The CLI's number options: what a careless value gets (commander prints the message and exits 2). */
describe('number options', () => {
  it.each(['1', '2', '64'])('--jobs %s is that many render threads', (value) => expect(parseJobs(value)).toBe(Number(value)));
  // Pages always render in worker threads: 0 would silently mean 1, so it is refused with the range.
  it.each(['0', '65', '-1', '1.5', 'two', ''])('--jobs %j is refused, naming the range', (value) => {
    expect(() => parseJobs(value)).toThrow(InvalidArgumentError);
    expect(() => parseJobs(value)).toThrow(`expected a whole number of render threads from 1 to 64, received "${value}"`);
  });
  it.each(['0', '200'])('--max-deletes %s is a count', (value) => expect(parseCount(value)).toBe(Number(value)));
  it.each(['-1', '2.5', 'all'])('--max-deletes %j is refused', (value) => expect(() => parseCount(value)).toThrow(`expected a whole number, received "${value}"`));
  it.each(['2.5', '30'])('--request-timeout %s is seconds', (value) => expect(parseSeconds(value)).toBe(Number(value)));
  it.each(['0', '-2', '1e3', 'soon'])('--request-timeout %j is refused', (value) => expect(() => parseSeconds(value)).toThrow(`expected a number of seconds above 0, received "${value}"`));
});

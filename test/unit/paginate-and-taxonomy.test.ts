/** The engine's pagination and taxonomy helpers, at the edges a listing meets. */
import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/core/paginate.ts';
import { taxonomy } from '../../src/core/taxonomy.ts';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('paginate', () => {
  it.each([[0, 1], [1, 1], [6, 1], [7, 2], [13, 3]])('cuts %i items into %i pages of six', (count, pages) => {
    const result = paginate(numbers(count), { base: '/guides', size: 6 });
    expect(result.map((page) => page.path)).toEqual(['/guides', '/guides/page/2', '/guides/page/3'].slice(0, pages));
    expect(result.flatMap((page) => page.items)).toEqual(numbers(count));
    expect(result.map((page) => [page.number, page.total, page.count])).toEqual(result.map((_, index) => [index + 1, pages, count]));
    expect(result.map((page) => [page.previous, page.next])).toEqual(result.map((_, index) => [
      index === 0 ? undefined : index === 1 ? '/guides' : `/guides/page/${index}`,
      index === pages - 1 ? undefined : `/guides/page/${index + 2}`,
    ]));
    expect(result.every((page) => page.first === '/guides' && page.last === result.at(-1)!.path)).toBe(true);
  });

  it('refuses a size that is no whole number and a base that is not a site path', () => {
    expect(() => paginate([1], { base: '/guides', size: 0 })).toThrow(/size must be a whole number/);
    expect(() => paginate([1], { base: 'guides/', size: 6 })).toThrow(/base must be a site path/);
  });
});

describe('taxonomy', () => {
  it('makes one term per slug, named as first written, sorted, with its items in order', () => {
    const items = [{ id: 1, topics: ['Floor care', 'Safety'] }, { id: 2, topics: ['floor-care', 'Floor care'] }, { id: 3, topics: [] }, { id: 4, topics: ['  '] }];
    const terms = taxonomy(items, { base: '/guides/topics', termsOf: (item) => item.topics });
    expect(terms.map((term) => [term.name, term.path, term.items.map((item) => item.id)])).toEqual([
      ['Floor care', '/guides/topics/floor-care', [1, 2]],
      ['Safety', '/guides/topics/safety', [1]],
    ]);
  });
});

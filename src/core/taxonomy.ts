/**
 * Taxonomies, as Hugo's: the terms of a list field (`topics`) across a
 * collection, each with the items that carry it, at `base/<slug of the
 * term>`. Terms that make the same slug ("Floor care", "floor-care") are
 * one term, named as first written; items keep the order given.
 */
import { slugify } from './urls.ts';

export interface Term<Item> {
  /** The term as first written. */
  name: string;
  slug: string;
  /** Site path of its page: `/guides/topics/floor-care`. */
  path: string;
  items: Item[];
}

/** Terms sorted by name; `termsOf` gives an item's terms (say, `(guide) => guide.topics`). */
export function taxonomy<Item>(items: readonly Item[], options: { base: string; termsOf: (item: Item) => readonly string[] | undefined }): Array<Term<Item>> {
  const bySlug = new Map<string, Term<Item>>();
  for (const item of items) {
    const seen = new Set<string>();
    for (const name of options.termsOf(item) ?? []) {
      const slug = slugify(name);
      if (slug === '' || seen.has(slug)) continue;
      seen.add(slug);
      let term = bySlug.get(slug);
      if (!term) bySlug.set(slug, (term = { name, slug, path: `${options.base}/${slug}`, items: [] }));
      term.items.push(item);
    }
  }
  return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.slug.localeCompare(b.slug));
}

/** The path of one term's page, for an entry's links to its terms. */
export function termPath(base: string, name: string): string {
  return `${base}/${slugify(name)}`;
}

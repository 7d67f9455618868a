/**
 * What every content entry has, whatever its collection: the fields the
 * loader adds to the ones its schema declares. The schemas themselves are
 * the site's (templates/site.config.ts).
 */

/** An image by its path under public/ and its text alternative. */
export interface ImageRef {
  src: string;
  alt: string;
}

/** Fields every entry gets from the loader. */
export interface EntryMeta {
  /** Source file relative to the project root. */
  file: string;
  /** File name without extension. */
  stem: string;
  /** Markdown body rendered to HTML (raw HTML in the source is escaped). */
  html: string;
  /** Plain-text body, trimmed. */
  text: string;
  /** Site-path links and images in the Markdown, checked once the routes are known (routes/check-references.ts). */
  references?: ContentReference[];
}

/** A link or image to a site path in an entry's Markdown, at a line of its file. */
export interface ContentReference {
  target: string;
  line: number;
  image: boolean;
}

/** An entry as the engine handles it: its schema's fields, loosely typed, plus EntryMeta (and `path` or `slug` when routed). */
export type Entry = Record<string, unknown> & EntryMeta;

/**
 * Every collection's entries, by collection name: a list (sorted by `order`, then file
 * name) or, for a one-file collection, the entry itself. The site types it precisely.
 */
export type Content = Record<string, unknown>;

/**
 * A collection's `markdown` declaration is checked when the site config
 * loads: a path that is not one, or names a field its schema does not have,
 * would otherwise render nothing without a word, and an HTML key that is a
 * field already would silently replace it.
 */
import { describe, expect, it } from 'vitest';
import { findConfigProblem } from '../../src/config/load-config.ts';
import bookshop from '../fixtures/bookshop-site/templates/site.config.ts';
import realSite from '../../templates/site.config.ts';

/** The bookshop's config with its books' `markdown` replaced by `markdown`. */
function problemWith(markdown: unknown): string | undefined {
  return findConfigProblem({ ...bookshop, collections: { ...bookshop.collections, books: { ...bookshop.collections.books, markdown } } });
}

describe('the markdown declaration of a collection', () => {
  it('accepts the sites\' own declarations, and none', () => {
    expect(findConfigProblem(realSite)).toBeUndefined();
    expect(findConfigProblem(bookshop)).toBeUndefined();
    expect(problemWith(undefined)).toBeUndefined();
    expect(problemWith({ 'reviews[].text': 'html', description: 'descriptionHtml' })).toBeUndefined();
  });

  it('refuses a path that is not one', () => {
    expect(problemWith({ 'reviews[]text': 'html' })).toBe('collections.books.markdown: "reviews[]text" is not a field path: write field, parent.field or list[].field');
    expect(problemWith({ 'reviews..text': 'html' })).toMatch(/^collections\.books\.markdown: "reviews\.\.text" is not a field path/);
    expect(problemWith({ 'reviews[]': 'html' })).toMatch(/^collections\.books\.markdown: "reviews\[\]" is not a field path/);
  });

  it('refuses a declaration that is not a mapping, or an HTML key that is not a name', () => {
    expect(problemWith(['reviews[].text'])).toMatch(/^collections\.books\.markdown: must map each Markdown field to the key its HTML is written to/);
    expect(problemWith({ 'reviews[].text': 'the html' })).toMatch(/^collections\.books\.markdown: "reviews\[\]\.text": the key its HTML is written to must be a plain name/);
  });

  it('refuses a field its schema does not have, or a list written without []', () => {
    expect(problemWith({ 'review[].text': 'html' })).toBe('collections.books.markdown: "review[].text": the schema has no field review');
    expect(problemWith({ 'reviews[].txt': 'html' })).toBe('collections.books.markdown: "reviews[].txt": reviews[] in the schema has no field txt');
    expect(problemWith({ 'reviews.text': 'html' })).toBe('collections.books.markdown: "reviews.text": reviews is a list in the schema: write reviews[] for each of its items');
    expect(problemWith({ 'title[].text': 'html' })).toBe('collections.books.markdown: "title[].text": title is not a list in the schema, so title[] names no items');
  });

  it('refuses an HTML key that would replace a field: its own, one of the schema\'s, one the engine gives every entry, or another\'s HTML', () => {
    expect(problemWith({ 'reviews[].text': 'text' })).toMatch(/"reviews\[\]\.text": its HTML would replace its own Markdown/);
    expect(problemWith({ 'reviews[].text': 'by' })).toBe('collections.books.markdown: "reviews[].text": \'by\' is a field of the schema already: its HTML would replace it');
    expect(problemWith({ description: 'html' })).toMatch(/"description": 'html' is a field the engine gives every entry/);
    expect(problemWith({ 'reviews[].text': 'html', 'reviews[].by': 'html' })).toBe('collections.books.markdown: "reviews[].by" and "reviews[].text" both write their HTML to reviews[].html');
  });
});

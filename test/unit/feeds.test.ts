/**
 * atomFeed() and jsonFeed() on hostile input: markup, entity tricks, CDATA
 * ends, quotes in attributes, characters XML 1.0 cannot hold and a lone
 * surrogate. The Atom text must stay well-formed (xmllint) and give every
 * value back unchanged to a real feed parser (feedsmith).
 */
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { atomFeed } from '../../src/feeds/atom-feed.ts';
import { feedDate } from '../../src/feeds/feed-types.ts';
import { jsonFeed } from '../../src/feeds/json-feed.ts';
import { expectWellFormedXml } from '../support/xml-well-formed.ts';

const HOSTILE = [
  '</title><script>alert(1)</script>',
  ']]> <![CDATA[ x ]]>',
  '&amp; &lt; &#x3C; & <',
  '" onload="alert(2)',
  "it's <!-- a comment --> <?pi?>",
  '<!DOCTYPE x [<!ENTITY e "boom">]>&e;',
];

const options = (title: string, extra = '') => ({
  title, description: `About ${title}`, baseUrl: 'https://www.example.com', homePath: '/guides', feedPath: '/guides/feed.xml',
  utcOffsetHours: 10, language: 'en-AU', author: { name: `Author ${title}` },
  items: [{ path: '/guides/a-guide', title: title + extra, summary: title, contentHtml: `<p>${title}</p>`, published: '2026-11-20', tags: [title] }],
});

describe('atomFeed', () => {
  it.each(HOSTILE)('escapes %j everywhere and a feed parser reads it back unchanged', (payload) => {
    const xml = atomFeed(options(payload));
    expectWellFormedXml({ xml });
    expect(xml).not.toContain('<script');
    const feed = parseAtomFeed(xml);
    expect(feed.title).toMatchObject({ value: payload });
    expect(feed.authors?.[0]?.name).toBe(`Author ${payload}`);
    const entry = feed.entries![0]!;
    expect(entry.title).toMatchObject({ value: payload });
    expect(entry.summary).toMatchObject({ value: payload });
    expect(entry.content).toMatchObject({ value: `<p>${payload}</p>`, type: 'html' });
    expect(entry.categories?.[0]?.term).toBe(payload);
  });

  it('drops characters XML 1.0 cannot hold, so the document stays readable', () => {
    const xml = atomFeed(options('Bell\u0007 form feed\u000C lone \uD800 surrogate \uFFFE', ' and 😀'));
    expectWellFormedXml({ xml });
    expect(parseAtomFeed(xml).entries?.[0]?.title).toMatchObject({ value: 'Bell form feed lone  surrogate  and 😀' });
  });

  it('dates days at midnight in the site\'s time zone and makes every link absolute', () => {
    const feed = parseAtomFeed(atomFeed(options('Dates')));
    expect(feed.updated).toBe('2026-11-20T00:00:00+10:00');
    expect(feed.entries?.[0]?.published).toBe('2026-11-20T00:00:00+10:00');
    expect(feed.id).toBe('https://www.example.com/guides/');
    expect(feed.entries?.[0]?.links?.[0]?.href).toBe('https://www.example.com/guides/a-guide/');
    expect(feedDate(new Date('2026-02-03T00:00:00Z'), -3.5)).toBe('2026-02-03T00:00:00-03:30');
    expect(() => feedDate('2026-02-30x', 10)).toThrow(/not a day/);
    expect(() => atomFeed({ ...options('x'), homePath: 'javascript:alert(1)' })).toThrow(/neither a site path nor an http\(s\) URL/);
  });
});

describe('jsonFeed', () => {
  it.each(HOSTILE)('keeps %j as data a JSON Feed parser reads back unchanged', (payload) => {
    const feed = parseJsonFeed(JSON.parse(jsonFeed(options(payload))));
    expect(feed.title).toBe(payload);
    expect(feed.items?.[0]).toMatchObject({ title: payload, summary: payload, content_html: `<p>${payload}</p>`, tags: [payload], date_published: '2026-11-20T00:00:00+10:00', url: 'https://www.example.com/guides/a-guide/' });
  });
});

/**
 * shareRepeatedStrings keeps one copy per thread of each short string that
 * entries and routes repeat. Equal strings compare equal in JavaScript
 * whichever copy they are, so the test looks at what matters: the heap.
 * 50,000 records holding their own copies of two repeated values free
 * their copies (about 40 bytes each) once shared. Until 2026-11-26 object
 * fields were never replaced (the copy was compared with the pooled string
 * by value, `!==`, and always found equal), so only arrays were shared and
 * each render worker at 10,000 locations held ~100,000 copies of regions,
 * states, dates, site-map groups and image paths.
 */
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/core/garbage-collection.ts';
import { createStringSharer, shareRepeatedStrings } from '../../src/core/share-strings.ts';

const RECORDS = 50_000;

/** A fresh, flat copy of `text` (join makes a new string each call, as parsing or cloning does). */
const copyOf = (text: string) => [...text].join('');

function usedAfterCollection(): number {
  collectGarbage();
  return getHeapStatistics().used_heap_size;
}

/** Bytes the heap holds fewer once `records` share their strings; two copies per record, of 24-48 bytes each: over 2 MB. */
function freedBySharing(records: object[]): number {
  const before = usedAfterCollection();
  shareRepeatedStrings(records);
  return before - usedAfterCollection();
}

describe('shareRepeatedStrings', () => {
  it('frees the copies of repeated values held in object fields', () => {
    const records = Array.from({ length: RECORDS }, (_, index) => ({ region: copyOf('Other Queensland Regions'), lastmod: copyOf('2026-11-01'), order: index }));
    expect(freedBySharing(records)).toBeGreaterThan(2 * 2 ** 20);
    expect(records[RECORDS - 1]).toEqual({ region: 'Other Queensland Regions', lastmod: '2026-11-01', order: RECORDS - 1 });
  });

  it('frees the copies of repeated values held in arrays', () => {
    const records = Array.from({ length: RECORDS }, () => ({ features: [copyOf('Office and workplace cleaning'), copyOf('Window cleaning')] }));
    expect(freedBySharing(records)).toBeGreaterThan(2 * 2 ** 20);
    expect(records[0]).toEqual({ features: ['Office and workplace cleaning', 'Window cleaning'] });
  });

  it('shares across batches with one sharer (a render worker\'s entries, as they arrive)', () => {
    // One record per batch: within a batch there is nothing to share, so only a pool kept from
    // call to call frees the copies.
    const records = Array.from({ length: RECORDS }, () => ({ region: copyOf('Other Queensland Regions'), lastmod: copyOf('2026-11-01') }));
    const before = usedAfterCollection();
    const share = createStringSharer();
    for (const record of records) share([record]);
    expect(before - usedAfterCollection()).toBeGreaterThan(2 * 2 ** 20);
    expect(records[RECORDS - 1]).toEqual({ region: 'Other Queensland Regions', lastmod: '2026-11-01' });
  });

  it('leaves frozen objects, long strings and other values as they were', () => {
    const frozen = Object.freeze({ region: copyOf('Brisbane') });
    const long = 'x'.repeat(200);
    const record = { body: long, count: 3, nested: { when: new Date(0), tags: ['a', 'b'] }, frozen };
    shareRepeatedStrings([record, { body: copyOf(long) }]);
    expect(record).toEqual({ body: long, count: 3, nested: { when: new Date(0), tags: ['a', 'b'] }, frozen: { region: 'Brisbane' } });
    expect(Object.isFrozen(record.frozen)).toBe(true);
  });
});

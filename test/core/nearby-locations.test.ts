/** The great-circle distance, the nearest-places search behind "Also servicing nearby", and the location fields it reads. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../src/content/load-content.ts';
import { validateSource } from '../../src/content/validate-content.ts';
import type { CleansiteError } from '../../src/core/errors.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { distanceKm, findNearbyPlaces, type PlaceToMatch } from '../../templates/model/nearby-locations.ts';
import { collections } from '../support/site-config.ts';

const brisbane = { latitude: -27.4698, longitude: 153.0251 };
const cairns = { latitude: -16.9186, longitude: 145.7781 };
const sydney = { latitude: -33.8688, longitude: 151.2093 };
const melbourne = { latitude: -37.8136, longitude: 144.9631 };

/** Every pair measured: the answer findNearbyPlaces must give, the slow way. */
function bruteForce(places: PlaceToMatch[], count: number, maxKm: number): number[][] {
  return places.map((place, index) => places
    .map((other, otherIndex) => ({ otherIndex, km: distanceKm(place.geo, other.geo), state: other.state }))
    .filter((other) => other.otherIndex !== index && other.state === place.state && other.km <= maxKm)
    .sort((a, b) => a.km - b.km || a.otherIndex - b.otherIndex)
    .slice(0, count)
    .map((other) => other.otherIndex));
}

/** A small deterministic generator, so a failure can be replayed. */
function randomPlaces(total: number, seed: number): PlaceToMatch[] {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: total }, () => ({
    state: next() < 0.5 ? 'Queensland' : 'New South Wales',
    geo: { latitude: -10 - next() * 30, longitude: 140 + next() * 13 },
  }));
}

describe('distanceKm', () => {
  it('gives the known great-circle distances between Australian cities', () => {
    expect(distanceKm(sydney, melbourne)).toBeGreaterThan(705);
    expect(distanceKm(sydney, melbourne)).toBeLessThan(720);
    expect(distanceKm(brisbane, cairns)).toBeGreaterThan(1380);
    expect(distanceKm(brisbane, cairns)).toBeLessThan(1400);
  });

  it('is zero for one point and the same both ways', () => {
    expect(distanceKm(brisbane, brisbane)).toBe(0);
    expect(distanceKm(cairns, sydney)).toBeCloseTo(distanceKm(sydney, cairns), 9);
  });
});

describe('findNearbyPlaces', () => {
  it('keeps to the same state, however close a place over the border is', () => {
    const places: PlaceToMatch[] = [
      { state: 'Queensland', geo: { latitude: -28.1670, longitude: 153.5330 } }, // Coolangatta
      { state: 'New South Wales', geo: { latitude: -28.1740, longitude: 153.5410 } }, // Tweed Heads, 1 km away
      { state: 'Queensland', geo: brisbane },
    ];
    expect(findNearbyPlaces(places, { count: 6, maxKm: 500 })).toEqual([[2], [], [0]]);
  });

  it('lists the nearest first, at most `count` of them, none beyond `maxKm`', () => {
    const along = [0, 0.5, 1, 2, 4].map((step) => ({ state: 'Queensland', geo: { latitude: -27 - step, longitude: 153 } }));
    // Steps of 0.5 degrees of latitude are about 55.6 km.
    expect(findNearbyPlaces(along, { count: 2, maxKm: 1000 })[0]).toEqual([1, 2]);
    expect(findNearbyPlaces(along, { count: 6, maxKm: 120 })[0]).toEqual([1, 2]);
    expect(findNearbyPlaces(along, { count: 6, maxKm: 120 })[4]).toEqual([]);
    expect(findNearbyPlaces(along, { count: 0, maxKm: 1000 })).toEqual([[], [], [], [], []]);
  });

  it('breaks ties by input order, so the result depends on nothing else', () => {
    const places: PlaceToMatch[] = [
      { state: 'Queensland', geo: { latitude: -27, longitude: 153 } },
      { state: 'Queensland', geo: { latitude: -27, longitude: 153.1 } },
      { state: 'Queensland', geo: { latitude: -27, longitude: 152.9 } },
    ];
    expect(findNearbyPlaces(places, { count: 1, maxKm: 100 })[0]).toEqual([1]);
  });

  it('finds exactly what measuring every pair finds, on 600 random places', () => {
    const places = randomPlaces(600, 15);
    for (const [count, maxKm] of [[6, 350], [3, 2000], [10, 80]] as const) {
      expect(findNearbyPlaces(places, { count, maxKm })).toEqual(bruteForce(places, count, maxKm));
    }
  });

  it('handles many places at one point (suburbs given their city\'s coordinates): six others each, at distance 0', () => {
    const brisbane = { latitude: -27.4698, longitude: 153.0251 };
    const places: PlaceToMatch[] = Array.from({ length: 2_000 }, () => ({ state: 'Queensland', geo: brisbane }));
    const nearby = findNearbyPlaces(places, { count: 6, maxKm: 350 });
    nearby.forEach((list, index) => {
      expect(list).toHaveLength(6);
      expect(new Set(list).size).toBe(6);
      expect(list).not.toContain(index);
    });
  });

  it('finds six places for each of 10,000 random places', () => {
    const places = randomPlaces(10_000, 7);
    const nearby = findNearbyPlaces(places, { count: 6, maxKm: 350 });
    expect(nearby.every((list) => list.length === 6)).toBe(true);
  });
});

describe('location schema: the state and coordinates nearby places are found from', () => {
  const cairns = readFileSync(path.join(PROJECT_ROOT, 'content/locations/cairns.md'), 'utf8');
  const problems = (text: string) => {
    const errors: CleansiteError[] = [];
    validateSource(parseSourceFile(text, 'locations/cairns.md', 'content/locations/cairns.md', collections), errors, collections);
    return errors.map((error) => `${error.location?.line}: ${error.message}`);
  };

  it('accepts the real file', () => {
    expect(problems(cairns)).toEqual([]);
  });

  it('rejects an unsigned latitude, a longitude outside Australia, an unknown state and missing coordinates, with their lines', () => {
    expect(problems(cairns.replace('latitude: -16.9186', 'latitude: 16.9186'))).toEqual(['6: geo.latitude: must be between -44 and -9 (south of the equator is negative)']);
    expect(problems(cairns.replace('longitude: 145.7781', 'longitude: -145.7781'))).toEqual(['7: geo.longitude: must be between 112 and 154 (degrees east)']);
    expect(problems(cairns.replace('state: Queensland', 'state: QLD'))[0]).toMatch(/^4: state: /);
    expect(problems(cairns.replace(/^geo:\n.*\n.*\n/m, ''))).toEqual(['2: geo: is required (expected object)']);
  });
});

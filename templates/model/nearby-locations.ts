/**
 * "Also servicing nearby": for each place, the closest other places of the
 * same state by great-circle distance. Computed once per build for all
 * places together, so a location page only reads its own short list.
 *
 * Places are scanned outwards in latitude order from each one, and a scan
 * stops once the latitude difference alone is as far as the farthest place
 * kept: the great-circle distance is never less than that, so no place
 * beyond can be nearer. A site of thousands of places costs far fewer than
 * N x N distances, also when many share one point (suburbs given their
 * city's coordinates): a scan stopping only at a strictly larger difference
 * walked every copy, 7.6 s for 10,000 places at one point.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface PlaceToMatch {
  state: string;
  geo: GeoPoint;
}

export interface NearbyOptions {
  /** At most this many places for each one. */
  count: number;
  /** None farther away than this, in kilometres. */
  maxKm: number;
}

/** Mean radius of the Earth (IUGG), in kilometres. */
const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in kilometres (haversine formula). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * For each place (by index), the indexes of its nearest other places in the
 * same state within `maxKm`, nearest first; ties among the places looked at
 * go to the lower index, so the result depends on nothing but the input.
 * A place exactly as far as the farthest one kept may not be looked at.
 */
export function findNearbyPlaces(places: readonly PlaceToMatch[], { count, maxKm }: NearbyOptions): number[][] {
  const result: number[][] = places.map(() => []);
  if (count <= 0) return result;
  const byState = new Map<string, number[]>();
  places.forEach((place, index) => {
    const group = byState.get(place.state);
    if (group) group.push(index);
    else byState.set(place.state, [index]);
  });
  for (const group of byState.values()) {
    group.sort((a, b) => places[a]!.geo.latitude - places[b]!.geo.latitude || a - b);
    group.forEach((index, position) => {
      result[index] = nearestInGroup(places, group, position, count, maxKm);
    });
  }
  return result;
}

function nearestInGroup(places: readonly PlaceToMatch[], group: number[], position: number, count: number, maxKm: number): number[] {
  const origin = places[group[position]!]!.geo;
  const kept: Array<{ index: number; km: number }> = [];
  const full = () => kept.length === count;
  const limit = () => (full() ? Math.min(maxKm, kept[kept.length - 1]!.km) : maxKm);
  const consider = (index: number, km: number) => {
    let at = kept.length;
    while (at > 0 && (kept[at - 1]!.km > km || (kept[at - 1]!.km === km && kept[at - 1]!.index > index))) at--;
    if (at < count) {
      kept.splice(at, 0, { index, km });
      if (kept.length > count) kept.pop();
    }
  };
  for (const step of [-1, 1]) {
    for (let other = position + step; other >= 0 && other < group.length; other += step) {
      const index = group[other]!;
      const point = places[index]!.geo;
      const latitudeKm = EARTH_RADIUS_KM * Math.abs(toRadians(point.latitude - origin.latitude));
      if (latitudeKm > limit() || (full() && latitudeKm >= limit())) break;
      const km = distanceKm(origin, point);
      if (km <= maxKm) consider(index, km);
    }
  }
  return kept.map((place) => place.index);
}

/**
 * The service regions, in the order the site lists them. A module of its
 * own, without zod, so templates can import it without pulling the schema
 * library into the compiled templates (~170 KB to load on every build).
 */
export const REGION_NAMES = ['Brisbane Area', 'Gold Coast', 'Sunshine Coast', 'Other Queensland Regions'] as const;

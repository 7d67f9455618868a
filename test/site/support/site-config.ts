/** The business details from content/site.md, the one place they live, read the way the loader reads them. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { PROJECT_ROOT } from '../../support/site-build.ts';

export interface SiteConfig {
  name: string;
  legalName: string;
  baseUrl: string;
  phone: { display: string; e164: string };
  emails: string[];
  social: { label: string; url: string };
  geo: { latitude: number; longitude: number };
  openingHours: { days: string[]; opens: string; closes: string };
  priceRange: string;
  serviceRadiusMetres: number;
}

export function readSiteConfig(contentDir = path.join(PROJECT_ROOT, 'content')): SiteConfig {
  return matter(readFileSync(path.join(contentDir, 'site.md'), 'utf8')).data as SiteConfig;
}

/** The plain text of site.md's body: the business description. */
export function readSiteText(contentDir = path.join(PROJECT_ROOT, 'content')): string {
  return matter(readFileSync(path.join(contentDir, 'site.md'), 'utf8')).content.trim().replace(/\s+/g, ' ');
}

export interface LocationFacts {
  /** File stem, which is also the page slug. */
  slug: string;
  name: string;
  region: string;
  state: string;
  geo: { latitude: number; longitude: number };
}

/** Name, region, state and coordinates of every location, from content/locations/. */
export function readLocations(contentDir = path.join(PROJECT_ROOT, 'content')): LocationFacts[] {
  const dir = path.join(contentDir, 'locations');
  return readdirSync(dir).filter((name) => name.endsWith('.md')).sort().map((name) => {
    const data = matter(readFileSync(path.join(dir, name), 'utf8')).data as Omit<LocationFacts, 'slug'>;
    return { slug: name.slice(0, -3), name: data.name, region: data.region, state: data.state, geo: data.geo };
  });
}

/** The business details from content/site.md, the one place they live, read the way the loader reads them. */
import { readFileSync } from 'node:fs';
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

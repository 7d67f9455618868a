/** Service areas grouped by region, each location linking to its page. */
import type { ReactElement } from 'react';
import type { Location } from '../model/schemas.ts';
import { REGION_NAMES } from '../model/regions.ts';
import type { TemplateProps } from '../model/props.ts';
import { Icon } from './icon.tsx';

export function groupByRegion(locations: Location[]): Array<{ region: string; locations: Location[] }> {
  const groups = new Map<string, Location[]>();
  for (const location of locations) groups.set(location.region, [...(groups.get(location.region) ?? []), location]);
  const rank = (region: string) => REGION_NAMES.indexOf(region as (typeof REGION_NAMES)[number]);
  return [...groups].sort(([a], [b]) => rank(a) - rank(b)).map(([region, items]) => ({ region, locations: items }));
}

export function AreaGrid({ page, locations, headingLevel = 3 }: { page: TemplateProps<unknown>; locations: Location[]; headingLevel?: 2 | 3 }): ReactElement {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="area-grid">
      {groupByRegion(locations).map((group) => (
        <div className="area-grid__region" key={group.region}>
          <Heading className="area-grid__title"><Icon name="pin" />{group.region}</Heading>
          <ul className="area-grid__list">
            {group.locations.map((location) => (
              <li key={location.slug}><a href={page.href(`/locations/${location.slug}`)}>{location.name}</a></li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

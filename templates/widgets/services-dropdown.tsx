import type { ReactElement } from 'react';
import type { NavItem } from '../../src/routes/navigation.ts';

export interface ServicesDropdownProps {
  label: string;
  /** URL of the services overview page (the no-JS fallback target). */
  url: string;
  items: NavItem[];
  currentPath: string;
}

/** STUB: replaced by the widgets work (disclosure pattern). */
export function ServicesDropdown({ label, url, items }: ServicesDropdownProps): ReactElement {
  return (
    <div className="dropdown" data-dropdown="">
      <a href={url}>{label}</a>
      <ul>
        {items.map((item) => ('links' in item
          ? <li key={item.key}>{item.title}<ul>{item.links.map((link) => <li key={link.path}><a href={link.url}>{link.label}</a></li>)}</ul></li>
          : <li key={item.path}><a href={item.url}>{item.label}</a></li>))}
      </ul>
    </div>
  );
}

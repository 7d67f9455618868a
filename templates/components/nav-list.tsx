/** Link lists for the footer and site map, marking the current page. */
import type { ReactElement } from 'react';
import { isNavGroup, type NavItem, type NavLink } from '../model/navigation.ts';

export function ariaCurrent(linkPath: string, currentPath: string): 'page' | undefined {
  return linkPath === currentPath ? 'page' : undefined;
}

export function NavAnchor({ link, currentPath, className }: { link: NavLink; currentPath: string; className?: string }): ReactElement {
  return <a className={className} href={link.url} aria-current={ariaCurrent(link.path, currentPath)}>{link.label}</a>;
}

/** Plain links as a list; a group becomes a nested, titled list. */
export function NavList({ items, currentPath, className }: { items: NavItem[]; currentPath: string; className?: string }): ReactElement {
  return (
    <ul className={className}>
      {items.map((item) => (isNavGroup(item)
        ? (
          <li key={item.key}>
            <span className="nav-list__group">{item.title}</span>
            <ul>{item.links.map((link) => <li key={link.path}><NavAnchor link={link} currentPath={currentPath} /></li>)}</ul>
          </li>
        )
        : <li key={item.path}><NavAnchor link={item} currentPath={currentPath} /></li>))}
    </ul>
  );
}

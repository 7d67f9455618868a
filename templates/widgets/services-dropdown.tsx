import type { ReactElement } from 'react';
import type { NavGroup, NavItem, NavLink } from '../model/navigation.ts';

export interface ServicesDropdownProps {
  label: string;
  /** URL of the services overview page. The overview is also the first menu item, which keeps it reachable without JavaScript. */
  url: string;
  items: NavItem[];
  currentPath: string;
  /** Element id of the panel; unique per page. */
  id?: string;
}

/**
 * Desktop Services menu, the APG disclosure-navigation pattern. The script
 * (client/dropdown.ts) adds aria-expanded and the open/close behaviour; until
 * then (or without JavaScript) the panel opens on hover and keyboard focus,
 * so every link stays reachable, and its first link is the overview page.
 */
export function ServicesDropdown({ label, url, items, currentPath, id = 'services-menu' }: ServicesDropdownProps): ReactElement {
  const links = items.filter((item): item is NavLink => !('links' in item));
  const groups = items.filter((item): item is NavGroup => 'links' in item);
  // Only the services pages themselves light up the toggle: How It Works and the
  // resources are in this menu too but have header links or sections of their own.
  const sectionPath = url.replace(/\/$/, '');
  const inSection = currentPath === sectionPath || currentPath.startsWith(`${sectionPath}/`);
  return (
    <div className="dropdown" data-dropdown="">
      <button type="button" className="dropdown__toggle" aria-controls={id} data-dropdown-toggle="" data-current={inSection ? '' : undefined}>
        {label}
        <svg className="dropdown__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div className="dropdown__panel" id={id}>
        <ul className="dropdown__list">
          {links.map((link) => <li key={link.path}><MenuLink link={link} currentPath={currentPath} /></li>)}
        </ul>
        {groups.map((group) => (
          <div className="dropdown__group" key={group.key}>
            <p className="dropdown__group-title">{group.title}</p>
            <ul className="dropdown__list">
              {group.links.map((link) => <li key={link.path}><MenuLink link={link} currentPath={currentPath} /></li>)}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

function MenuLink({ link, currentPath }: { link: NavLink; currentPath: string }): ReactElement {
  return <a className="dropdown__link" href={link.url} aria-current={link.path === currentPath ? 'page' : undefined}>{link.label}</a>;
}

import type { ReactElement } from 'react';
import type { NavItem, NavLink } from '../../src/routes/navigation.ts';

export interface MobileMenuProps {
  /** The header links (How It Works, Services, Projects, About). */
  links: NavLink[];
  /** Path of the link that gets the Services submenu (`/services`). */
  servicesPath: string;
  /** Services submenu: only All Services and the four service pages. */
  servicesItems: NavItem[];
  /** Call-to-action links shown at the end of the menu (Contact Us, Get Your Free Quote). */
  actions: Array<{ label: string; url: string }>;
  currentPath: string;
}

/** STUB: replaced by the widgets work. */
export function MobileMenu({ links, actions }: MobileMenuProps): ReactElement {
  return (
    <nav className="mobile-menu" aria-label="Mobile" data-mobile-menu="">
      <ul>{links.map((link) => <li key={link.path}><a href={link.url}>{link.label}</a></li>)}</ul>
      {actions.map((action) => <a key={action.url + action.label} href={action.url}>{action.label}</a>)}
    </nav>
  );
}

import type { ReactElement } from 'react';
import type { NavItem, NavLink } from '../model/navigation.ts';

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
  /** Accessible name of the navigation landmark. */
  label?: string;
}

const PANEL_ID = 'mobile-menu-panel';
const SUBMENU_ID = 'mobile-menu-services';

/**
 * The small-screen menu: a toggle (client/mobile-menu.ts adds aria-expanded)
 * and a panel with the header links, whose Services entry has its own
 * submenu toggle. Without JavaScript the panel is shown open
 * (`@media (scripting: none)` in widgets.css), so no link is out of reach.
 */
export function MobileMenu({ links, servicesPath, servicesItems, actions, currentPath, label = 'Mobile' }: MobileMenuProps): ReactElement {
  const subLinks = servicesItems.flatMap((item) => ('links' in item ? item.links : [item]));
  return (
    <nav className="mobile-menu" aria-label={label} data-mobile-menu="">
      <button type="button" className="mobile-menu__toggle" aria-controls={PANEL_ID} data-mobile-menu-toggle="">
        <svg className="mobile-menu__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path className="mobile-menu__bars" d="M4 7h16M4 12h16M4 17h16" />
          <path className="mobile-menu__cross" d="M6 6l12 12M18 6L6 18" />
        </svg>
        <span>Menu</span>
      </button>
      <div className="mobile-menu__panel" id={PANEL_ID}>
        <ul className="mobile-menu__list">
          {links.map((link) => (link.path === servicesPath
            ? (
              <li key={link.path} className="mobile-menu__item mobile-menu__item--parent">
                <button type="button" className="mobile-menu__subtoggle" aria-controls={SUBMENU_ID} data-mobile-submenu-toggle="">
                  {link.label}
                  <svg className="mobile-menu__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
                    <path d="M2 4l4 4 4-4" />
                  </svg>
                </button>
                <ul className="mobile-menu__sublist" id={SUBMENU_ID}>
                  {subLinks.map((sub) => <li key={sub.path}><ItemLink link={sub} currentPath={currentPath} /></li>)}
                </ul>
              </li>
            )
            : <li key={link.path} className="mobile-menu__item"><ItemLink link={link} currentPath={currentPath} /></li>))}
        </ul>
        <div className="mobile-menu__actions">
          {actions.map((action, index) => (
            <a key={action.url + action.label} className={index === actions.length - 1 ? 'button button--accent' : 'button button--outline'} href={action.url}>{action.label}</a>
          ))}
        </div>
      </div>
    </nav>
  );
}

function ItemLink({ link, currentPath }: { link: NavLink; currentPath: string }): ReactElement {
  return <a className="mobile-menu__link" href={link.url} aria-current={link.path === currentPath ? 'page' : undefined}>{link.label}</a>;
}

/**
 * Header: logo, the desktop navigation (with the Services dropdown), the
 * social link and the two contact buttons; below the large breakpoint the
 * MobileMenu widget takes over the same links.
 */
import type { ReactElement } from 'react';
import type { TemplateProps } from '../model/props.ts';
import { Icon, hasIcon } from '../components/icon.tsx';
import { Logo } from '../components/logo.tsx';
import { streetLine } from '../components/contact-details.tsx';
import { ariaCurrent } from '../components/nav-list.tsx';
import { phoneText } from '../components/phone.ts';
import { MobileMenu } from '../widgets/mobile-menu.tsx';
import { ServicesDropdown } from '../widgets/services-dropdown.tsx';

const servicesPath = '/services';

export function SiteHeader({ page }: { page: TemplateProps<unknown> }): ReactElement {
  const { navigation, route, content } = page;
  const { site } = content;
  const contactUrl = page.href('/contact');
  const socialIcon = site.social.label.toLowerCase();
  const actions = [
    { label: 'Contact Us', url: contactUrl },
    { label: 'Get Your Free Quote', url: contactUrl },
  ];
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="site-header__logo" href={page.href('/')} aria-current={ariaCurrent('/', route.path)}>
          <Logo site={site} />
        </a>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {navigation.header.map((link) => (
              <li key={link.path} className={link.path === servicesPath ? 'site-nav__item site-nav__item--dropdown' : 'site-nav__item'}>
                {link.path === servicesPath
                  ? <ServicesDropdown label={link.label} url={link.url} items={navigation.servicesMenu} currentPath={route.path} />
                  : <a className="site-nav__link" href={link.url} aria-current={ariaCurrent(link.path, route.path)}>{link.label}</a>}
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <a className="social-link" href={site.social.url} rel="noopener">
            <Icon name={hasIcon(socialIcon) ? socialIcon : 'globe'} />
            <span className="visually-hidden">{site.name} on {site.social.label}</span>
          </a>
          <a className="button button--outline" href={contactUrl}>{actions[0]!.label}</a>
          <a className="button button--accent" href={contactUrl}>{actions[1]!.label}</a>
        </div>
        {/* Printed pages lead with how to reach the business (modes.css); the screen has the footer and the call bar. */}
        <p className="print-contact" hidden>
          Phone {phoneText(site)} · {site.emails.join(' · ')}{streetLine(site) ? ` · ${streetLine(site)}` : ''}{site.abn ? ` · ABN ${site.abn}` : ''}
        </p>
        <div className="site-header__mobile">
          <MobileMenu
            links={navigation.header}
            servicesPath={servicesPath}
            servicesItems={navigation.mobileServicesMenu}
            actions={actions}
            currentPath={route.path}
          />
        </div>
      </div>
    </header>
  );
}

/**
 * Footer: about text, quick links, services, contact details, the service
 * areas and the legal line. The home page leaves the areas out: its body
 * already has the full Queensland areas grid.
 */
import type { ReactElement } from 'react';
import type { TemplateProps } from '../model/props.ts';
import { ContactDetails } from '../components/contact-details.tsx';
import { Logo } from '../components/logo.tsx';
import { NavList } from '../components/nav-list.tsx';

export function SiteFooter({ page, showAreas = true }: { page: TemplateProps<unknown>; showAreas?: boolean }): ReactElement {
  const { navigation, route, content, buildDate } = page;
  const { site } = content;
  const year = buildDate.slice(0, 4);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <Logo site={site} />
          <h2 className="site-footer__title" id="footer-about">About Us</h2>
          <div className="site-footer__text" dangerouslySetInnerHTML={{ __html: site.html }} />
        </section>
        <nav className="site-footer__links" aria-labelledby="footer-quick-links">
          <h2 className="site-footer__title" id="footer-quick-links">Quick Links</h2>
          <NavList items={navigation.footerQuickLinks} currentPath={route.path} className="footer-list" />
        </nav>
        <nav className="site-footer__links" aria-labelledby="footer-services">
          <h2 className="site-footer__title" id="footer-services">Our Services</h2>
          <NavList items={navigation.footerServices} currentPath={route.path} className="footer-list" />
        </nav>
        <section className="site-footer__contact" aria-labelledby="footer-contact">
          <h2 className="site-footer__title" id="footer-contact">Contact Us</h2>
          <ContactDetails site={site} />
        </section>
      </div>
      {showAreas && navigation.footerAreas.length > 0 && (
        <nav className="container site-footer__areas" aria-labelledby="footer-areas">
          <h2 className="site-footer__title" id="footer-areas">Service Areas</h2>
          <NavList items={navigation.footerAreas} currentPath={route.path} className="footer-areas" />
        </nav>
      )}
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p className="site-footer__legal-name">
            © {year} {site.legalName}{site.abn ? ` · ABN ${site.abn}` : ''}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <NavList items={navigation.legal} currentPath={route.path} className="footer-legal" />
          </nav>
        </div>
      </div>
    </footer>
  );
}

/** /contact : phone, e-mail, social link, office hours and service areas. No form. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { AreaGrid } from '../components/area-grid.tsx';
import { Icon, hasIcon } from '../components/icon.tsx';
import { formatOpeningHours } from '../components/opening-hours.ts';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { phoneText, telHref } from '../components/phone.ts';
import { breakableEmail } from '../components/contact-details.tsx';

export function ContactPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, content } = props;
  const { site } = content;
  const socialIcon = site.social.label.toLowerCase();
  const areas = content.locations.filter((location) => location.featured);
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Free, no-obligation quotes" />
      <section className="section" aria-labelledby="contact-methods">
        <div className="container">
          <h2 className="visually-hidden" id="contact-methods">Ways to contact us</h2>
          <ul className="contact-cards">
            <li className="contact-card contact-card--primary">
              <span className="contact-card__icon"><Icon name="phone" /></span>
              <h3>Call us</h3>
              <p><a className="contact-card__value" href={telHref(site)}>{phoneText(site)}</a></p>
              <p className="contact-card__note">{formatOpeningHours(site)}</p>
            </li>
            <li className="contact-card">
              <span className="contact-card__icon"><Icon name="mail" /></span>
              <h3>E-mail us</h3>
              {site.emails.map((email) => (
                <p key={email}><a className="contact-card__value" href={`mailto:${email}`}>{breakableEmail(email)}</a></p>
              ))}
              <p className="contact-card__note">Send a few details about your premises for a quote.</p>
            </li>
            <li className="contact-card">
              <span className="contact-card__icon"><Icon name={hasIcon(socialIcon) ? socialIcon : 'globe'} /></span>
              <h3>Message us</h3>
              <p><a className="contact-card__value" href={site.social.url} rel="noopener">{site.social.label}</a></p>
              <p className="contact-card__note">Send us a message on {site.social.label}.</p>
            </li>
          </ul>
        </div>
      </section>
      <section className="section section--tint" aria-label="How to request a quote">
        <div className="container split">
          <Prose html={page.html} className="split__main" />
          <div className="split__aside">
            {(page.sections ?? []).map((section) => (
              <section className="side-card" key={section.id} aria-labelledby={`${section.id}-title`}>
                <h3 id={`${section.id}-title`}><Icon name={section.icon ?? 'check'} />{section.title}</h3>
                <Prose html={section.html} />
                {section.items && (
                  <ol className="numbered-list">
                    {section.items.map((item) => <li key={item}>{item}</li>)}
                  </ol>
                )}
              </section>
            ))}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="contact-areas">
        <div className="container">
          <SectionHeading id="contact-areas" eyebrow="Service areas" title="Where our teams work" intro={`Based in ${site.address.locality}, servicing businesses within ${site.serviceRadiusMetres / 1000} km and in regional centres across Queensland.`} />
          <AreaGrid page={props} locations={areas} />
        </div>
      </section>
    </PageLayout>
  );
}

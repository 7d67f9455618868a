/**
 * Every page's sections, counts and constants as the spec states them,
 * asserted on the real built HTML. Everything is in the markup: these checks
 * read the HTML as a browser without JavaScript would get it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CheerioAPI } from 'cheerio';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { useBuiltPages, textOf } from './support/built-pages.ts';
import { readSiteConfig } from './support/site-config.ts';
import { READING_A, READING_B, SERVICE_PAGES } from './support/spec.ts';

const built = useBuiltPages();
const config = readSiteConfig();

const texts = ($: CheerioAPI, selector: string) => $(selector).map((_, element) => $(element).text().replace(/\s+/g, ' ').trim()).get();
const hrefs = ($: CheerioAPI, selector: string) => $(selector).map((_, element) => $(element).attr('href')).get();
const CATEGORIES = ['Commercial', 'Office', 'Specialized', 'Equipment'];

describe('home page', () => {
  it('has a hero with a heading, Explore Services to /services and Free Quote to /contact', () => {
    const $ = built.page('/');
    const hero = $('.home-hero');
    expect(hero.find('h1').text().trim().length).toBeGreaterThan(10);
    expect(hero.find('a:contains("Explore Services")').attr('href')).toBe('/services/');
    expect(hero.find('a:contains("Free Quote")').attr('href')).toBe('/contact/');
    expect(hero.find('img').attr('fetchpriority')).toBe('high');
    expect(hero.find('img').attr('loading')).toBe('eager');
  });

  it('shows the stats strip: 15+ years, 1000+ businesses serviced, 5.0 star rating', () => {
    const $ = built.page('/');
    expect(texts($, '.stats-strip .stat__value')).toEqual(['15+', '1000+', '5.0']);
    const labels = texts($, '.stats-strip .stat__label').join(' | ');
    expect(labels).toMatch(/Years/);
    expect(labels).toMatch(/Businesses Serviced/);
    expect(labels).toMatch(/Rating/);
  });

  it('shows three service cards: Office Cleaning, Specialized Cleaning, Eco-Friendly Practices', () => {
    const $ = built.page('/');
    expect(texts($, 'main .service-card h3')).toEqual(['Office Cleaning', 'Specialized Cleaning', 'Eco-Friendly Practices']);
    for (const card of $('main .service-card').toArray()) {
      expect($(card).find('p').first().text().trim().length).toBeGreaterThan(20);
      expect($(card).find('li').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('has a testimonials carousel of five 5-star testimonials from the spec locations', () => {
    const $ = built.page('/');
    const carousel = $('main [data-carousel]');
    expect(carousel).toHaveLength(1);
    const slides = carousel.find('.testimonial');
    expect(slides).toHaveLength(5);
    expect(slides.find('[aria-label="Rated 5.0 out of 5"]')).toHaveLength(5);
    const locations = slides.map((_, slide) => $(slide).find('.testimonial__location').text().trim()).get();
    expect(locations.sort()).toEqual(['Brisbane CBD', 'Gold Coast', 'North Lakes', 'Sunshine Coast', 'Toowoomba']);
    for (const slide of slides.toArray()) {
      expect($(slide).find('blockquote').text().trim().length).toBeGreaterThan(40);
      expect($(slide).find('.testimonial__name').text().trim().length).toBeGreaterThan(1);
    }
  });

  it('has an FAQ accordion with three questions whose answers are in the HTML', () => {
    const $ = built.page('/');
    const accordion = $('main [data-accordion]');
    expect(accordion.find('.accordion__item')).toHaveLength(3);
    const answers = accordion.find('.accordion__answer');
    expect(answers).toHaveLength(3);
    for (const answer of answers.toArray()) expect($(answer).text().trim().length).toBeGreaterThan(40);
    expect(hrefs($, 'main a')).toContain('/faq/');
  });

  it('has a Queensland areas grid linking every Reading A location', () => {
    const $ = built.page('/');
    expect(hrefs($, 'main .area-grid a')).toEqual(READING_A.map((slug) => `/locations/${slug}/`));
    expect(texts($, 'main .area-grid__title')).toEqual(['Brisbane Area', 'Gold Coast', 'Sunshine Coast', 'Other Queensland Regions']);
  });

  it('carries the client reviews section with the 5.0 aggregate rating and a link to /reviews, without naming the carousel\'s clients again', () => {
    const $ = built.page('/');
    const reviews = $('main section.reviews');
    expect(reviews).toHaveLength(1);
    expect(reviews.find('.reviews__score-value').text()).toBe('5.0');
    expect(reviews.find('.review-card')).toHaveLength(0);
    expect(reviews.find('a').attr('href')).toBe('/reviews/');
    // Each client is named once on the home page: in the testimonials carousel.
    const authors = texts($, 'main [data-carousel] .testimonial__name');
    expect(authors).toHaveLength(5);
    for (const author of authors) expect($('main').text().split(author).length - 1, author).toBe(1);
  });

  it('lists the 24 areas once on the home page (the body grid) and compactly in the footer of other pages', () => {
    const home = built.page('/');
    expect(home('footer .footer-areas a')).toHaveLength(0);
    expect(hrefs(built.page('/about/'), 'footer .footer-areas a')).toEqual(hrefs(home, 'main .area-grid a'));
  });

  it('closes with Request a Free Queensland Quote linking to /contact', () => {
    const $ = built.page('/');
    const cta = $('main .cta-band').last();
    expect(cta.find('h2').text().trim()).toBe('Request a Free Queensland Quote');
    expect(cta.find('a.button').attr('href')).toBe('/contact/');
  });
});

describe('about page', () => {
  it('tells the company story', () => {
    const $ = built.page('/about/');
    expect(textOf($, 'main .prose').length).toBeGreaterThan(800);
  });

  it('shows four statistics with icons: 1000+ properties, 50+ team members, 15+ years, 5.0 rated', () => {
    const $ = built.page('/about/');
    const stats = $('main .stat-list--cards .stat');
    expect(stats).toHaveLength(4);
    expect(texts($, 'main .stat-list--cards .stat__value')).toEqual(['1000+', '50+', '15+', '5.0']);
    expect(texts($, 'main .stat-list--cards .stat__label').join(' ')).toMatch(/Properties Cleaned.*Team Members.*Years Experience.*5 Stars/);
    for (const stat of stats.toArray()) expect($(stat).find('.stat__icon svg')).toHaveLength(1);
  });

  it('shows three values, Quality, Reliability and Sustainability, and a CTA to /contact', () => {
    const $ = built.page('/about/');
    expect(texts($, 'main .value-card h3')).toEqual(['Quality', 'Reliability', 'Sustainability']);
    expect($('main .cta-band a.button').attr('href')).toBe('/contact/');
  });
});

describe('services page', () => {
  it('has three featured blocks (office and commercial, specialised industry, carpet and floor), each linking to /services', () => {
    const $ = built.page('/services/');
    const blocks = $('main .feature-block');
    expect(blocks).toHaveLength(3);
    const titles = texts($, 'main .feature-block h3').join(' | ');
    expect(titles).toMatch(/Office.*Commercial/);
    expect(titles).toMatch(/Specialised Industry/);
    expect(titles).toMatch(/Carpet.*Floor/);
    for (const block of blocks.toArray()) {
      expect($(block).find('img').length).toBe(1);
      expect($(block).find('a').attr('href')).toMatch(/^\/services\/(#|$)/);
    }
  });

  it('has the Commercial, Renovations and Specialty Services tabs, default commercial, each with three cards of a title, a description and four bullets', () => {
    const $ = built.page('/services/');
    const tabs = $('main [data-tabs]');
    expect(tabs.attr('data-default')).toBe('commercial');
    expect(texts($, 'main [data-tabs] .tabs__tab')).toEqual(['Commercial', 'Renovations', 'Specialty Services']);
    const cardTitles = (value: string) => texts($, `main [data-tab-panel="${value}"] .tabs__card-title`).sort();
    expect(cardTitles('commercial')).toEqual(['Educational Facility Cleaning', 'Industrial Cleaning', 'Retail Cleaning']);
    expect(cardTitles('renovations')).toEqual(['Floor Stripping & Waxing', 'Post-Construction Cleaning', 'Pressure Washing']);
    expect(cardTitles('specialtyServices')).toEqual(['COVID-19 Sanitisation', 'Green Cleaning', 'High-Rise Window Cleaning']);
    const cards = $('main [data-tabs] .tabs__card');
    expect(cards).toHaveLength(9);
    for (const card of cards.toArray()) {
      expect($(card).find('p').text().trim().length).toBeGreaterThan(20);
      expect($(card).find('li')).toHaveLength(4);
    }
  });

  it('has a six-image project grid and a CTA to /contact', () => {
    const $ = built.page('/services/');
    expect($('main .project-grid img')).toHaveLength(6);
    const badges = $('main .project-grid figcaption .badge');
    expect(badges).toHaveLength(6);
    for (const badge of badges.toArray()) expect(CATEGORIES).toContain($(badge).text().trim());
    expect($('main .cta-band a.button').attr('href')).toBe('/contact/');
  });

  it('links each service detail page', () => {
    const $ = built.page('/services/');
    expect(hrefs($, 'main .link-card')).toEqual(SERVICE_PAGES.map((slug) => `/services/${slug}/`));
  });
});

describe('service detail pages', () => {
  it.each(SERVICE_PAGES)('/services/%s/ has a description, six key features, six benefits, an image, a back link and CTAs', (slug) => {
    const $ = built.page(`/services/${slug}/`);
    expect($('h1').text().trim().length).toBeGreaterThan(5);
    expect(textOf($, 'main .prose').length).toBeGreaterThan(200);
    expect($('main .list-card:has(#service-features) li')).toHaveLength(6);
    expect($('main .list-card:has(#service-benefits) li')).toHaveLength(6);
    expect($('main .page-hero img')).toHaveLength(1);
    expect($('main a.back-link').attr('href')).toBe('/services/');
    expect(hrefs($, 'main a.button').filter((href) => href === '/contact/').length).toBeGreaterThanOrEqual(2);
  });
});

describe('resource and process pages', () => {
  it('/how-it-works/ walks through the steps from first call to quality checks, with a CTA', () => {
    const $ = built.page('/how-it-works/');
    const steps = texts($, 'main .step__title');
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(steps.join(' ')).toMatch(/call/i);
    expect(steps.join(' ')).toMatch(/quality/i);
    expect($('main .cta-band a.button').attr('href')).toBe('/contact/');
  });

  it('/resources/commercial-cleaning-guide/ has getting started and cleaning process sections and a CTA', () => {
    const $ = built.page('/resources/commercial-cleaning-guide/');
    const titles = texts($, 'main .article__title');
    expect(titles).toContain('Getting Started');
    expect(titles).toContain('The Cleaning Process');
    expect($('main .cta-band a.button').attr('href')).toBe('/contact/');
  });

  it('/resources/cleaning-checklist/ has the three sections and a CTA', () => {
    const $ = built.page('/resources/cleaning-checklist/');
    expect(texts($, 'main .checklist__stage h2')).toEqual(['Initial Assessment', 'Service Implementation', 'Ongoing Management']);
    for (const stage of $('main .checklist__stage').toArray()) expect($(stage).find('li').length).toBeGreaterThanOrEqual(4);
    expect($('main .cta-band a.button').attr('href')).toBe('/contact/');
  });

  it('/cleaning-guide/ has the Home > Cleaning Guide breadcrumb and office, medical, retail and eco-friendly sections', () => {
    const $ = built.page('/cleaning-guide/');
    const crumbs = $('nav.breadcrumbs a');
    expect(crumbs.map((_, element) => $(element).text().trim()).get()).toEqual(['Home', 'Cleaning Guide']);
    expect(crumbs.map((_, element) => $(element).attr('href')).get()).toEqual(['/', '/cleaning-guide/']);
    expect(crumbs.last().attr('aria-current')).toBe('page');
    const titles = texts($, 'main .article__title').join(' | ');
    for (const topic of [/Office/, /Medical/, /Retail/, /Eco-Friendly/]) expect(titles).toMatch(topic);
    expect($('main .cta-band a.button').attr('href')).toBe('/contact/');
  });
});

describe('gallery, contact, FAQ and reviews', () => {
  it('/gallery/ shows twelve projects, each with a title and a category, and a CTA to /contact', () => {
    const $ = built.page('/gallery/');
    const items = $('main .gallery figure');
    expect(items).toHaveLength(12);
    for (const item of items.toArray()) {
      expect(CATEGORIES).toContain($(item).find('.gallery__category').text().trim());
      expect($(item).find('.gallery__title').text().trim().length).toBeGreaterThan(5);
      expect($(item).find('img')).toHaveLength(1);
    }
    expect(new Set(texts($, 'main .gallery__category'))).toEqual(new Set(CATEGORIES));
    expect($('main .cta-band a.button').attr('href')).toBe('/contact/');
  });

  it('/contact/ shows the phone number, e-mail addresses, social link and service areas, and no form', () => {
    const $ = built.page('/contact/');
    expect($(`main a[href="tel:${config.phone.e164}"]`).first().text()).toBe(config.phone.display.replace(/ /g, '\u00a0'));
    for (const email of config.emails) expect($(`main a[href="mailto:${email}"]`)).toHaveLength(1);
    expect($(`main a[href="${config.social.url}"]`)).toHaveLength(1);
    expect(hrefs($, 'main .area-grid a')).toEqual(READING_A.map((slug) => `/locations/${slug}/`));
    expect($('form, input, textarea, select')).toHaveLength(0);
  });

  it('/faq/ answers the eight spec topics, including the 24-hour return promise', () => {
    const $ = built.page('/faq/');
    const items = $('main [data-accordion] .accordion__item');
    expect(items).toHaveLength(8);
    const questions = texts($, 'main .accordion__question').join(' | ');
    for (const topic of [/areas/i, /often/i, /eco-friendly/i, /insured/i, /special requirements/i, /quality/i, /not satisfied/i, /one-time/i]) expect(questions).toMatch(topic);
    const answers = texts($, 'main .accordion__answer').join(' | ');
    expect(answers).toMatch(/daily, weekly, bi-weekly and monthly/);
    expect(answers).toMatch(/within 24 hours[^|]*no extra cost/);
  });

  it('/reviews/ reuses the home reviews section, with every review quoted', () => {
    const home = built.page('/');
    const $ = built.page('/reviews/');
    const section = $('main section.reviews');
    expect(section).toHaveLength(1);
    expect(section.find('.reviews__score-value').text()).toBe(home('main section.reviews .reviews__score-value').text());
    expect(texts($, 'main .review-card strong')).toEqual(texts(home, 'main [data-carousel] .testimonial__name'));
    expect(section.find('.review-card blockquote')).toHaveLength(5);
  });
});

describe('legal, information and location pages', () => {
  it('/privacy/ and /terms/ show the build date as the last-updated date', () => {
    const [year, month, day] = built.site.buildDate.split('-').map(Number);
    const monthName = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleString('en-AU', { month: 'long', timeZone: 'UTC' });
    for (const url of ['/privacy/', '/terms/']) {
      const $ = built.page(url);
      const time = $('main time');
      expect(time.attr('datetime'), url).toBe(built.site.buildDate);
      expect(time.text(), url).toBe(`${day} ${monthName} ${year}`);
      expect(time.parent().text(), url).toMatch(/^Last updated/);
      expect(textOf($, 'main .prose').length, url).toBeGreaterThan(2000);
    }
  });

  it('/license/ and /insurance/ are written information pages', () => {
    for (const url of ['/license/', '/insurance/']) {
      const $ = built.page(url);
      expect($('main .prose h2').length, url).toBeGreaterThanOrEqual(3);
    }
  });

  const locations = readdirSync(path.join(PROJECT_ROOT, 'content', 'locations')).map((file) => {
    const data = matter(readFileSync(path.join(PROJECT_ROOT, 'content', 'locations', file), 'utf8')).data as { name: string };
    return { slug: data.name.trim().toLowerCase().replace(/\s+/g, '-'), name: data.name };
  });

  it('has a content file for every Reading B location', () => {
    expect(locations.map((location) => location.slug).sort()).toEqual([...READING_B].sort());
  });

  it.each(locations)('/locations/$slug/ is headed "Commercial Cleaning in $name", with a description, eight services, an image and a contact CTA', ({ slug, name }) => {
    const $ = built.page(`/locations/${slug}/`);
    expect($('h1').text()).toBe(`Commercial Cleaning in ${name}`);
    expect($('main .page-hero .lead').text().trim().length).toBeGreaterThan(40);
    expect($('main .lead--dark').text().trim().length).toBeGreaterThan(40);
    expect($('main .list-card li')).toHaveLength(8);
    expect($('main .page-hero img')).toHaveLength(1);
    expect($('main .cta-band a.button').attr('href')).toBe('/contact/');
    expect(textOf($, 'main .prose').length).toBeGreaterThan(100);
  });
});

describe('copy', () => {
  it('has no placeholder text on any page', () => {
    for (const [url, $] of built.pages) {
      const text = $('body').text();
      expect(text, url).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|\bFIXME\b|\bundefined\b|\[object Object\]|\bNaN\b/i);
    }
  });
});

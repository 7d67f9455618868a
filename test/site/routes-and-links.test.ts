/**
 * The built site's routes, shared layout and links: every route of the spec
 * exists, every page is reachable from the human site map, every internal
 * link resolves to a built file, and every page carries the same header,
 * footer and floating call button.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { useBuiltPages, textOf } from './support/built-pages.ts';
import { readSiteConfig } from './support/site-config.ts';
import { ALL_ROUTES, READING_A, READING_B, SERVICE_PAGES, SITEMAP_GROUPS, urlOf } from './support/spec.ts';

const built = useBuiltPages();
const config = readSiteConfig();

const pageUrls = () => [...built.pages.keys()];
/** Text with non-breaking spaces (used inside phone numbers) as plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const hrefs = ($: CheerioAPI, selector: string) => $(selector).map((_, element) => $(element).attr('href')).get();

describe('routes', () => {
  it('builds every route of the spec, all 42 location pages and the 404 page', () => {
    for (const route of ALL_ROUTES) expect(built.pages.has(urlOf(route)), route).toBe(true);
    expect(READING_B).toHaveLength(42);
    expect(pageUrls().filter((url) => url.startsWith('/locations/'))).toHaveLength(42);
    expect(built.pages.has('/404.html')).toBe(true);
    expect(built.pages.size).toBe(ALL_ROUTES.length + 1);
  });

  it('lists the eight sitemap groups in order, links to /sitemap.xml and reaches every page', () => {
    const $ = built.page('/sitemap/');
    expect($('main .sitemap-group h2').map((_, element) => $(element).text().trim()).get()).toEqual(SITEMAP_GROUPS);
    expect($('main a[href="/sitemap.xml"]')).toHaveLength(1);
    expect(existsSync(path.join(built.site.dir, 'sitemap.xml'))).toBe(true);
    const linked = new Set(hrefs($, 'main .sitemap-group a'));
    for (const url of pageUrls().filter((candidate) => candidate !== '/404.html')) expect(linked, url).toContain(url);
  });

  it('puts Reading A locations in the regional groups and the other eighteen under Other Queensland Regions', () => {
    const $ = built.page('/sitemap/');
    const group = (title: string) => hrefs($, `main .sitemap-group:has(h2:contains("${title}")) a`);
    const regional = READING_B.slice(READING_A.length).map((slug) => `/locations/${slug}/`);
    for (const url of regional) expect(group('Other Queensland Regions')).toContain(url);
    expect(group('Cleaning Services')).toEqual(['/services/', ...SERVICE_PAGES.map((slug) => `/services/${slug}/`)]);
  });
});

describe('links', () => {
  /** Where a root-relative URL lands in the output folder, or undefined when nothing is there. */
  function resolveFile(url: string): string | undefined {
    const pathname = decodeURIComponent(url.split(/[?#]/)[0]!);
    const candidate = path.join(built.site.dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    return existsSync(candidate) && statSync(candidate).isFile() ? candidate : undefined;
  }

  it('resolves every internal href, src and srcset of every page to a built file', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const [url, $] of built.pages) {
      const targets = [
        ...$('[href]').map((_, element) => $(element).attr('href')).get(),
        ...$('[src]').map((_, element) => $(element).attr('src')).get(),
        ...$('[srcset]').map((_, element) => $(element).attr('srcset')!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!)).get().flat(),
      ];
      for (const target of targets) {
        if (/^(tel:|mailto:|https?:)/.test(target) || target.startsWith('#')) continue;
        checked++;
        expect(target, `${url} links to a relative URL`).toMatch(/^\//);
        if (!resolveFile(target)) broken.push(`${url} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('points every in-page fragment link at an element of that page', () => {
    const missing: string[] = [];
    for (const [url, $] of built.pages) {
      for (const href of hrefs($, 'a[href*="#"]')) {
        const [pathname, fragment] = href.split('#');
        const target = pathname === '' ? $ : built.pages.get(pathname!);
        if (!target || target(`[id="${fragment}"]`).length === 0) missing.push(`${url} -> ${href}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('links outside the site only to the social profile, over https', () => {
    const external = new Set<string>();
    for (const [, $] of built.pages) for (const href of hrefs($, 'a[href^="http"]')) external.add(href);
    expect([...external]).toEqual([config.social.url]);
  });
});

describe('shared layout on every page', () => {
  it('has lang="en-AU", a skip link to <main id="main">, one h1, a header and a footer', () => {
    for (const [url, $] of built.pages) {
      expect($('html').attr('lang'), url).toBe('en-AU');
      expect($('a.skip-link').attr('href'), url).toBe('#main');
      expect($('main#main'), url).toHaveLength(1);
      expect($('h1'), url).toHaveLength(1);
      expect($('header.site-header'), url).toHaveLength(1);
      expect($('footer.site-footer'), url).toHaveLength(1);
    }
  });

  it('has the floating call button: a tel: link showing the phone number', () => {
    for (const [url, $] of built.pages) {
      const button = $('a.call-button');
      expect(button, url).toHaveLength(1);
      expect(button.attr('href'), url).toBe(`tel:${config.phone.e164}`);
      expect(plain(button.text()), url).toContain(config.phone.display);
    }
  });

  it('carries no inline script, inline event handler or style attribute (a strict CSP applies)', () => {
    for (const [url, $] of built.pages) {
      const inlineScripts = $('script:not([src])').filter((_, element) => $(element).attr('type') !== 'application/ld+json');
      expect(inlineScripts, url).toHaveLength(0);
      expect($('[style]'), url).toHaveLength(0);
      expect($('style'), url).toHaveLength(0);
      const handlers = $('*').filter((_, element) => Object.keys($(element).attr() ?? {}).some((name) => name.startsWith('on')));
      expect(handlers, url).toHaveLength(0);
      for (const script of $('script[src]').toArray()) expect($(script).attr('defer'), url).toBeDefined();
    }
  });

  // Image width, height and alt text: one rule, in test/images/picture-markup.test.ts.
});

describe('header', () => {
  it('links the logo home and shows the social link and the two contact buttons', () => {
    const $ = built.page('/about/');
    expect($('header .site-header__logo').attr('href')).toBe('/');
    expect($('header .site-header__actions a.social-link').attr('href')).toBe(config.social.url);
    const buttons = $('header .site-header__actions a.button');
    expect(buttons.map((_, element) => $(element).text().trim()).get()).toEqual(['Contact Us', 'Get Your Free Quote']);
    expect(buttons.map((_, element) => $(element).attr('href')).get()).toEqual(['/contact/', '/contact/']);
  });

  it('shows How It Works, the Services dropdown, Projects and About in that order', () => {
    const $ = built.page('/');
    const labels = $('header .site-nav__list > li').map((_, item) => $(item).find('a, button').first().text().trim()).get();
    expect(labels).toEqual(['How It Works', 'Services', 'Projects', 'About']);
    expect($('header .site-nav__list > li [data-dropdown]')).toHaveLength(1);
    expect(hrefs($, 'header .site-nav__list > li > a')).toEqual(['/how-it-works/', '/gallery/', '/about/']);
  });

  it('lists the spec entries in the Services dropdown: All Services, four services, How It Works, two resources, the Guides, Brisbane and Gold Coast areas', () => {
    const $ = built.page('/');
    const links = $('header [data-dropdown] a');
    expect(links.first().text().trim()).toBe('All Services');
    const brisbaneArea = READING_A.slice(0, 6).map((slug) => `/locations/${slug}/`);
    const goldCoast = READING_A.slice(6, 12).map((slug) => `/locations/${slug}/`);
    expect(hrefs($, 'header [data-dropdown] a')).toEqual([
      '/services/', ...SERVICE_PAGES.map((slug) => `/services/${slug}/`), '/how-it-works/',
      '/resources/commercial-cleaning-guide/', '/resources/cleaning-checklist/', '/guides/', ...brisbaneArea, ...goldCoast,
    ]);
  });

  it('gives the mobile menu the same links, with only All Services and the four service pages in its Services submenu', () => {
    const $ = built.page('/');
    const menu = $('header [data-mobile-menu]');
    expect(menu).toHaveLength(1);
    expect(hrefs($, 'header [data-mobile-menu] .mobile-menu__sublist a')).toEqual(['/services/', ...SERVICE_PAGES.map((slug) => `/services/${slug}/`)]);
    expect($('header [data-mobile-menu] .mobile-menu__sublist a').first().text().trim()).toBe('All Services');
    const all = hrefs($, 'header [data-mobile-menu] a');
    for (const url of ['/how-it-works/', '/gallery/', '/about/', '/contact/']) expect(all).toContain(url);
    expect(all.filter((href) => href.startsWith('/locations/'))).toEqual([]);
  });

  it('marks the current page with aria-current="page"', () => {
    for (const url of ['/about/', '/gallery/', '/how-it-works/']) {
      const $ = built.page(url);
      expect($(`header .site-nav a[href="${url}"]`).attr('aria-current'), url).toBe('page');
      expect($('header .site-nav a[aria-current="page"]').length, url).toBeGreaterThanOrEqual(1);
      expect($(`footer a[href="${url}"]`).first().attr('aria-current'), url).toBe('page');
    }
    expect(built.page('/')('header .site-header__logo').attr('aria-current')).toBe('page');
    expect(built.page('/about/')('header .site-header__logo').attr('aria-current')).toBeUndefined();
  });
});

describe('footer', () => {
  it('has About Us text, Quick Links, Our Services, Service Areas and Contact Us sections', () => {
    const $ = built.page('/contact/');
    expect($('footer .site-footer__title').map((_, element) => $(element).text().trim()).get())
      .toEqual(['About Us', 'Quick Links', 'Our Services', 'Contact Us', 'Service Areas']);
    expect(textOf($, 'footer .site-footer__text')).toContain(config.name);
    expect(hrefs($, 'footer .site-footer__links:has(#footer-services) a')).toEqual(['/services/', ...SERVICE_PAGES.map((slug) => `/services/${slug}/`)]);
    expect(hrefs($, 'footer .site-footer__links:has(#footer-quick-links) a')).toContain('/how-it-works/');
  });

  it('shows the phone number, both e-mail addresses and the social link', () => {
    const $ = built.page('/');
    const contact = $('footer .site-footer__contact');
    expect(plain(contact.find(`a[href="tel:${config.phone.e164}"]`).text())).toBe(config.phone.display);
    expect(config.emails).toHaveLength(2);
    for (const email of config.emails) expect(contact.find(`a[href="mailto:${email}"]`).text()).toBe(email);
    expect(contact.find(`a[href="${config.social.url}"]`)).toHaveLength(1);
  });

  it('lists the 24 Reading A locations as service areas, and the legal links privacy, terms and sitemap', () => {
    const $ = built.page('/about/');
    expect(hrefs($, 'footer .site-footer__areas a')).toEqual(READING_A.map((slug) => `/locations/${slug}/`));
    // The home page shows the same 24 places in its body's areas grid, so its footer leaves them out.
    const home = built.page('/');
    expect(hrefs(home, 'footer .site-footer__areas a')).toEqual([]);
    expect(hrefs(home, 'main a[href^="/locations/"]').filter((href, index, all) => all.indexOf(href) === index).sort()).toEqual(READING_A.map((slug) => `/locations/${slug}/`).sort());
    expect(hrefs($, 'footer .footer-legal a')).toEqual(['/privacy/', '/terms/', '/sitemap/']);
    expect(textOf($, 'footer .site-footer__legal-name')).toContain(config.legalName);
    expect(textOf($, 'footer .site-footer__legal-name')).toContain(built.site.buildDate.slice(0, 4));
  });

  it('keeps /faq, /cleaning-guide, /license, /insurance and /reviews out of the shared navigation', () => {
    for (const url of ['/', '/about/', '/locations/noosa/']) {
      const $ = built.page(url);
      const shared = [...hrefs($, 'header a'), ...hrefs($, 'footer a')];
      for (const hidden of ['/faq/', '/cleaning-guide/', '/license/', '/insurance/', '/reviews/']) expect(shared, `${url} ${hidden}`).not.toContain(hidden);
    }
  });
});

/**
 * The site's template map: one component per template name a route gives
 * (see src/render/page-props.ts). Each component's props say which entry it
 * renders; the names are this map's keys (model/props.ts TemplateName).
 */
import type { TemplateSet } from 'cleansite';
import { atomFeedTemplate, jsonFeedTemplate } from './feeds.ts';
import { AboutPage } from './pages/about.tsx';
import { ChecklistPage } from './pages/checklist.tsx';
import { CleaningGuidePage } from './pages/cleaning-guide.tsx';
import { ContactPage } from './pages/contact.tsx';
import { FaqPage } from './pages/faq.tsx';
import { GalleryPage } from './pages/gallery.tsx';
import { GuidePage } from './pages/guide.tsx';
import { GuideArticlePage } from './pages/guide-article.tsx';
import { GuidesPage } from './pages/guides.tsx';
import { HomePage } from './pages/home.tsx';
import { HowItWorksPage } from './pages/how-it-works.tsx';
import { InfoPage } from './pages/info.tsx';
import { LegalPage } from './pages/legal.tsx';
import { LocationPage } from './pages/location.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ReviewsPage } from './pages/reviews.tsx';
import { ServicePage } from './pages/service.tsx';
import { ServicesPage } from './pages/services.tsx';
import { SitemapPage } from './pages/sitemap.tsx';

export const templates = {
  home: HomePage,
  about: AboutPage,
  services: ServicesPage,
  'how-it-works': HowItWorksPage,
  guide: GuidePage,
  checklist: ChecklistPage,
  gallery: GalleryPage,
  contact: ContactPage,
  faq: FaqPage,
  'cleaning-guide': CleaningGuidePage,
  reviews: ReviewsPage,
  legal: LegalPage,
  info: InfoPage,
  sitemap: SitemapPage,
  service: ServicePage,
  location: LocationPage,
  guides: GuidesPage,
  'guide-article': GuideArticlePage,
  'atom-feed': atomFeedTemplate,
  'json-feed': jsonFeedTemplate,
  'not-found': NotFoundPage,
} satisfies TemplateSet;

/** The site's template set: one page component per template name (see src/render/page-props.ts). */
import { atomFeedTemplate, jsonFeedTemplate } from './feeds.ts';
import type { TemplateSet } from './model/props.ts';
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

export const templates: TemplateSet = {
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
};

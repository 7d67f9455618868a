/** BlogPosting structured data for a guide, with the business as author and publisher. */
import type { BlogPosting, WithContext } from 'schema-dts';
import { dayText } from '../model/guide-paths.ts';
import type { Guide } from '../model/guides.ts';
import type { TemplateProps } from '../model/props.ts';
import { socialImageOf } from './social-image.ts';

export function buildBlogPosting(page: TemplateProps<Guide>): WithContext<BlogPosting> {
  const { entry: guide, content } = page;
  const organisation = { '@type': 'Organization' as const, name: content.site.name, url: page.absoluteUrl('/') };
  const image = socialImageOf(page.image(guide.image));
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: guide.title,
    description: guide.description,
    datePublished: dayText(guide.date),
    dateModified: dayText(guide.updated ?? guide.date),
    url: page.absoluteUrl(page.route.path),
    mainEntityOfPage: page.absoluteUrl(page.route.path),
    image: page.absoluteUrl(image.path),
    keywords: guide.topics.join(', '),
    inLanguage: 'en-AU',
    author: organisation,
    publisher: organisation,
  };
}

/**
 * Case studies, as a newcomer adds them to the real site following
 * docs/site-config.md ("Adding a routed collection"): the collection's
 * declaration (one entry in site.config.ts and the imports it uses), its
 * templates (one file, two entries in the template map) and its content.
 * Nothing else: test/engine/add-a-collection.test.ts builds, type-checks and
 * watches the result.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What a newcomer writes into templates/site.config.ts: the collection, before `testimonials`. */
const DECLARATION = `    // Case studies: one page per project at /case-studies/<file name>, all listed at /case-studies.
    caseStudies: defineCollection({
      files: 'case-studies/*.md', body: 'markdown',
      schema: z.strictObject({
        title: z.string().trim().min(1, 'must not be empty'),
        client: z.string().trim().min(1, 'must not be empty'),
        description: z.string().trim().min(70, 'must be at least 70 characters').max(160, 'must be at most 160 characters'),
        image: imageRef,
      }),
      routes: {
        slug: 'file', base: '/case-studies',
        pages: (studies, context: SiteRouteContext) => studies.map((study) => pageFields(context, study, {
          template: 'case-study', title: study.title, label: study.title, sitemapGroup: 'resources', image: study.image, titleField: 'title',
        })),
        generate: (studies, context: SiteRouteContext) => [{
          path: '/case-studies',
          ...pageFields(context, { file: context.content.site.file, description: \`\${studies.length} commercial cleaning projects we delivered across Queensland, from hospital wings to offices.\` }, {
            template: 'case-studies', title: 'Case Studies', label: 'Case Studies', sitemapGroup: 'resources', image: context.content.site.defaultImage, titleField: 'title',
          }),
        }],
      },
    }),
`;

/** The templates: one file, two components. */
const TEMPLATE = `/** Case studies: one page per project, and the listing of them all at /case-studies. */
import type { ReactElement } from 'react';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import type { Entry, TemplateProps } from '../model/props.ts';

type CaseStudy = Entry<'caseStudies'>;

export function CaseStudyPage(props: TemplateProps<CaseStudy>): ReactElement {
  const { entry: study } = props;
  return (
    <PageLayout page={props}>
      <PageHero title={study.title} intro={study.description} eyebrow={\`Case study: \${study.client}\`} />
      <div className="section"><div className="container narrow"><Prose html={study.html} /></div></div>
    </PageLayout>
  );
}

export function CaseStudiesPage(props: TemplateProps<null>): ReactElement {
  return (
    <PageLayout page={props}>
      <PageHero title={props.route.title} intro={props.route.description} eyebrow="Our work" />
      <div className="section"><div className="container">
        <ul className="case-studies">
          {props.content.caseStudies.map((study) => (
            <li key={study.slug}><a href={props.href(\`/case-studies/\${study.slug}\`)}>{study.title}</a> <span className="client">{study.client}</span></li>
          ))}
        </ul>
      </div></div>
    </PageLayout>
  );
}
`;

const STUDIES = {
  'hospital-wing.md': '---\ntitle: A hospital wing, cleaned overnight\nclient: Riverside Private Hospital\ndescription: Terminal cleaning of a forty-bed hospital wing between two shifts, ready for patients by six.\nimage:\n  src: /images/services/medical-facility-cleaning.jpg\n  alt: A cleaned hospital corridor\n---\nWe cleaned forty beds between 10 pm and 6 am.\n',
  'school-term.md': '---\ntitle: Fifty classrooms before the first bell\nclient: Northside State School\ndescription: Fifty classrooms, two halls and the library cleaned in the week before a new school term began.\nimage:\n  src: /images/services/educational-facility-cleaning.jpg\n  alt: A clean, empty classroom\n---\nFloors stripped and sealed in every room.\n',
};

/** Writes the case studies into a copy of the real site: the declaration, the templates, the content. Nothing else. */
export function addCaseStudies(site: string): void {
  const config = path.join(site, 'templates', 'site.config.ts');
  const edited = readFileSync(config, 'utf8')
    .replace("import { defineCollection, defineSite, type ContentOf } from 'cleansite';", "import { defineCollection, defineSite, z, type ContentOf } from 'cleansite';")
    .replace("import { guidePages, guideRoutes, locationPages, notFoundPage, pagePages, servicePages } from './model/routes.ts';", "import { guidePages, guideRoutes, locationPages, notFoundPage, pageFields, pagePages, servicePages, type SiteRouteContext } from './model/routes.ts';")
    .replace('  faqSchema, gallerySchema,', '  faqSchema, gallerySchema, imageRef,')
    .replace('    testimonials: defineCollection(', `${DECLARATION}    testimonials: defineCollection(`);
  writeFileSync(config, edited);
  writeFileSync(path.join(site, 'templates', 'pages', 'case-studies.tsx'), TEMPLATE);
  const index = path.join(site, 'templates', 'index.tsx');
  writeFileSync(index, readFileSync(index, 'utf8')
    .replace("import { AboutPage } from './pages/about.tsx';", "import { AboutPage } from './pages/about.tsx';\nimport { CaseStudiesPage, CaseStudyPage } from './pages/case-studies.tsx';")
    .replace("  'not-found': NotFoundPage,", "  'case-study': CaseStudyPage,\n  'case-studies': CaseStudiesPage,\n  'not-found': NotFoundPage,"));
  mkdirSync(path.join(site, 'content', 'case-studies'));
  for (const [name, text] of Object.entries(STUDIES)) writeFileSync(path.join(site, 'content', 'case-studies', name), text);
}

/**
 * The unit recorder decides which pages a change re-renders, in `build` (the page cache) and in
 * `watch`: a page is re-rendered exactly when a unit it read changed. These tests pin down what
 * counts as a read and at what grain.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUnitRecorder } from '../../src/render/record-units.ts';
import { createListRecorder } from '../../src/render/record-list-reads.ts';
import type { SiteData } from '../../src/render/page-props.ts';
import type { Navigation } from '../../templates/model/navigation.ts';
import type { SiteContent } from '../../templates/site.config.ts';
import { loadBasicContent } from './support/basic-content.ts';
import { siteNavigation, siteRoutes } from '../support/site-config.ts';
import type { TemplateProps } from '../../src/render/page-props.ts';

let site: SiteData<SiteContent, Navigation>;
beforeAll(async () => {
  const content = await loadBasicContent();
  const table = siteRoutes(content);
  site = {
    content,
    routes: table.routes,
    navigation: siteNavigation(content, table),
    images: { '/images/pixel.png': { src: '/images/pixel.png', width: 1, height: 1, srcset: '', sources: [] } },
    assets: { css: '/assets/site.css', js: '', devScripts: [] },
    buildDate: '2026-11-20',
    baseUrl: 'https://fixture.example.com/',
    siteName: content.site.name,
    lang: 'en-AU',
  };
});

type Props = TemplateProps<unknown, SiteContent, Navigation>;
const routeAt = (path: string) => site.routes.find((route) => route.path === path)!;

describe('createUnitRecorder', () => {
  it('records only the route for a page that reads nothing else', () => {
    const recorder = createUnitRecorder(site);
    recorder.propsFor(routeAt('/about'));
    expect(recorder.takeUnits()).toEqual(['route']);
  });

  it('records top-level props as one unit each and the site config per field', () => {
    const recorder = createUnitRecorder(site);
    const props = recorder.propsFor(routeAt('/about')) as Props;
    void props.buildDate;
    void props.assets.css;
    void props.content.site.phone;
    void props.navigation.header;
    expect(recorder.takeUnits()).toEqual(['assets', 'buildDate', 'content.site', 'navigation.header', 'route']);
  });

  it('records each internal link target and each image, not the whole route table', () => {
    const recorder = createUnitRecorder(site);
    const props = recorder.propsFor(routeAt('/about')) as Props;
    expect(props.href('/services#top')).toBe('/services/#top');
    expect(props.image('/images/pixel.png').width).toBe(1);
    expect(recorder.takeUnits()).toEqual(['href:/services', 'image:/images/pixel.png', 'route']);
  });

  it('records the base URL when a page makes an absolute URL', () => {
    const recorder = createUnitRecorder(site);
    recorder.propsFor(routeAt('/about')).absoluteUrl('/about');
    expect(recorder.takeUnits()).toEqual(['baseUrl', 'route']);
  });

  it('starts a new record for each page, and capture() counts its reads for the page too', () => {
    const recorder = createUnitRecorder(site);
    const props = recorder.propsFor(routeAt('/about')) as Props;
    const { result, units } = recorder.capture(() => props.buildDate);
    expect(result).toBe('2026-11-20');
    expect(units).toEqual(['buildDate']);
    expect(recorder.takeUnits()).toEqual(['buildDate', 'route']);
    recorder.propsFor(routeAt('/'));
    expect(recorder.takeUnits()).toEqual(['route']);
  });

  it('records a field read across a list as one range unit, not every field of every entry', () => {
    const recorder = createUnitRecorder(site);
    const props = recorder.propsFor(routeAt('/')) as Props;
    expect(props.content.locations.map((location) => location.name)).toHaveLength(2);
    expect(recorder.takeUnits()).toEqual(['content.locations#length', 'content.locations@0-1.name', 'route']);
  });

  it("records a page's own entry as `entry`, not as a read of its collection", () => {
    const recorder = createUnitRecorder(site);
    const props = recorder.propsFor(routeAt('/locations/west-end')) as Props;
    expect((props.entry as { name: string }).name).toBe('West End');
    expect(recorder.takeUnits()).toEqual(['entry', 'route']);
  });

  it('notes the index a read went through, also for an object listed twice (entry views share one set of traps)', () => {
    const twice = { name: 'Twice' };
    const recorder = createListRecorder('content.things', [twice, { name: 'Once' }, twice]);
    recorder.startPage(undefined);
    const view = recorder.view() as Array<{ name: string }>;
    const [first, , last] = [view[0]!, view[1]!, view[2]!];
    expect('name' in last).toBe(true);
    expect(first.name).toBe('Twice');
    expect(view[1]).toBe(recorder.entry(1));
    const units = new Set<string>();
    recorder.flush(units);
    expect([...units].sort()).toEqual(['content.things@0.name', 'content.things@2']);
  });
});

/**
 * What a `markdown` declaration renders, for each shape of path: a field of
 * the entry, a field of an object, a field of each item of a list, written
 * on its line or as a block (`|`, `>`), each link and image given the line
 * it is written on in the file. The whole builds are in
 * test/engine/markdown-fields.test.ts; this is the content stage alone.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../../src/config/site-config.ts';
import type { CleansiteError } from '../../src/core/errors.ts';
import { parseSourceFile } from '../../src/content/load-content.ts';
import { validateSource } from '../../src/content/validate-content.ts';

const notes = defineCollection({
  files: 'notes/*.md',
  body: 'none',
  schema: z.strictObject({
    intro: z.string(),
    hero: z.strictObject({ text: z.string() }).optional(),
    steps: z.array(z.strictObject({ title: z.string(), text: z.string().optional() })),
    plain: z.string().optional(),
  }),
  markdown: { intro: 'introHtml', 'hero.text': 'html', 'steps[].text': 'html' },
});

function validate(text: string) {
  const errors: CleansiteError[] = [];
  const entry = validateSource(parseSourceFile(text, 'notes/a.md', 'content/notes/a.md', { notes }), errors, { notes });
  return { entry: entry as Record<string, any> | undefined, errors: errors.map((error) => `${error.location?.line}: ${error.message}`) };
}

const NOTE = [
  '---',                                   // 1
  'intro: See [the map](/map).',           // 2
  'hero:',                                 // 3
  '  text: >',                             // 4
  '    Folded *text*',                     // 5
  '    ![a photo](/images/photo.png)',     // 6
  'steps:',                                // 7
  '  - title: One',                        // 8
  '  - title: Two',                        // 9
  '    text: |',                           // 10
  '      First line.',                     // 11
  '',                                      // 12
  '      <b>[Next](/next)</b>',            // 13
  'plain: "*not rendered*"',               // 14
  '---',
  '',
].join('\n');

describe('the Markdown fields a collection declares', () => {
  it('renders a field of the entry, of an object and of each list item beside it; an item without the field gets an empty string', () => {
    const { entry, errors } = validate(NOTE);
    expect(errors).toEqual([]);
    expect(entry!.introHtml).toBe('<p>See <a href="/map/">the map</a>.</p>\n');
    expect(entry!.hero.html).toContain('<em>text</em>');
    expect(entry!.steps[0].html).toBe('');
    expect(entry!.steps[1].html).toContain('&lt;b&gt;<a href="/next/">Next</a>&lt;/b&gt;');
    expect(entry!.steps[1].text).toBe('First line.\n\n<b>[Next](/next)</b>\n');
  });

  it('leaves an undeclared field as written', () => {
    const { entry } = validate(NOTE);
    expect(entry!.plain).toBe('*not rendered*');
    expect(Object.keys(entry!).filter((key) => /html/i.test(key)).sort()).toEqual(['html', 'introHtml']);
  });

  it('gives each site-path link and image the line it is written on in the file (a folded block, one line once YAML folds it, its first line)', () => {
    const { entry } = validate(NOTE);
    expect(entry!.references).toEqual([
      { target: '/map', line: 2, image: false },
      { target: '/images/photo.png', line: 5, image: true },
      { target: '/next', line: 13, image: false },
    ]);
  });
});

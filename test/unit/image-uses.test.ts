/**
 * Which images pages use and how wide (src/assets/images/image-uses.ts), and the widths the
 * image stage makes of them (chooseWidths): content fields at any depth and Markdown images
 * register a use, template literals too; a `sizes` attribute bounds the widths.
 */
import { describe, expect, it } from 'vitest';
import { chooseWidths } from '../../src/assets/images/encode-variants.ts';
import { addContentImageUses, addTemplateImageUses, createImageUses, widestSlot } from '../../src/assets/images/image-uses.ts';
import type { Content } from '../../src/content/entry-types.ts';

const entry = (fields: Record<string, unknown>) => ({ file: 'content/x.md', stem: 'x', html: '', text: '', ...fields });

describe('image uses', () => {
  it('registers image fields at any depth, lists included, and Markdown images, not links', () => {
    const uses = createImageUses();
    const content = {
      site: entry({ image: { src: '/images/og.jpg', alt: 'card' } }),
      pages: [
        entry({ hero: { image: { src: '/images/hero.jpg', alt: 'hero' } }, cards: [{ title: 'a', image: { src: '/images/cards/a.jpg?v=2', alt: 'a' } }] }),
        entry({ references: [{ target: '/images/body.png', line: 4, image: true }, { target: '/images/linked.png', line: 5, image: false }] }),
        entry({ photo: { src: 'relative.jpg', alt: 'not a site path' }, note: '/images/in-text.jpg' }),
      ],
    } as unknown as Content;
    addContentImageUses(uses, content);
    expect(uses.sources()).toEqual(['/images/body.png', '/images/cards/a.jpg', '/images/hero.jpg', '/images/og.jpg']);
    expect(uses.neededWidth('/images/hero.jpg')).toBe(Infinity);
    expect(uses.has('/images/linked.png')).toBe(false);
  });

  it('registers image paths written as literals in template code', () => {
    const uses = createImageUses();
    addTemplateImageUses(uses, 'const a = props.image("/images/logo.png"); const b = `/images/badge.svg`; const c = "/about/";');
    expect(uses.sources()).toEqual(['/images/badge.svg', '/images/logo.png']);
  });

  it('keeps the widest need of all uses of one image', () => {
    const uses = createImageUses();
    uses.add('/images/a.jpg', '(min-width: 64em) 22rem, (min-width: 48em) 33vw, 50vw');
    expect(uses.neededWidth('/images/a.jpg')).toBe(767);
    uses.add('/images/a.jpg', '200px');
    expect(uses.neededWidth('/images/a.jpg')).toBe(767);
    uses.add('/images/a.jpg');
    expect(uses.neededWidth('/images/a.jpg')).toBe(Infinity);
  });

  it('reads the widest slot of a sizes attribute, in CSS pixels', () => {
    expect(widestSlot('(min-width: 64em) 32rem, 100vw')).toBe(1023);
    expect(widestSlot('(min-width: 64em) 24rem, (min-width: 48em) 50vw, 100vw')).toBe(767);
    expect(widestSlot('(min-width: 64em) 22rem, (min-width: 48em) 33vw, 50vw')).toBeCloseTo(383.5);
    expect(widestSlot('320px')).toBe(320);
    expect(widestSlot('(max-width: 600px) 100vw, 300px')).toBe(600);
    // Unbounded or not understood: every width may be needed.
    expect(widestSlot('(min-width: 48em) 50vw, 100vw')).toBe(Infinity);
    expect(widestSlot('calc(100vw - 2rem)')).toBe(Infinity);
    expect(widestSlot('(orientation: portrait) 50vw, 300px')).toBe(Infinity);
  });

  it('makes the widths up to the first that covers the need, never above the source', () => {
    const steps = [400, 800, 1200, 1600];
    expect(chooseWidths(2400, steps)).toEqual([400, 800, 1200, 1600]);
    expect(chooseWidths(2400, steps, 700)).toEqual([400, 800]);
    expect(chooseWidths(2400, steps, 800)).toEqual([400, 800]);
    expect(chooseWidths(2400, steps, 801)).toEqual([400, 800, 1200]);
    expect(chooseWidths(1000, steps, 5000)).toEqual([400, 800, 1000]);
    expect(chooseWidths(300, steps, 100)).toEqual([300]);
  });
});

/**
 * Which public images the pages use, and how wide they are shown: the one
 * place an image use is registered. The image stage encodes only the
 * sources registered here, at the widths their uses need, so a photo left
 * in public/images/ costs nothing and a thumbnail is not made at 1600 px.
 *
 * Uses come from the content (every `{ src, alt }` image field at any depth,
 * Markdown images) and from image paths written literally in the templates'
 * code; whoever adds another kind of image use (say, Markdown images shown
 * as <picture>) registers it with `add`, with the `sizes` it is shown at
 * when that is known.
 */
import { readFile } from 'node:fs/promises';
import type { Content, EntryMeta } from '../../content/entry-types.ts';
import { markdownImagePath } from '../../content/markdown-markup.ts';

export interface ImageUses {
  /** Registers that a page shows `src` (a site path such as /images/hero.jpg), at `sizes` when known. */
  add(src: string, sizes?: string): void;
  has(src: string): boolean;
  /** The widest CSS pixels × density any use of `src` needs; Infinity when some use's sizes is not known. */
  neededWidth(src: string): number;
  /** Every registered source path, sorted. */
  sources(): string[];
}

/** Devices denser than this get the 2x file: the difference is not visible in a photo. */
export const MAX_DENSITY = 2;
/** `em` and `rem` in media conditions and `sizes` lengths are relative to the browser's default font size. */
const EM = 16;

export function createImageUses(): ImageUses {
  const needed = new Map<string, number>();
  return {
    add(src, sizes) {
      const pathname = src.replace(/[?#].*$/, '');
      const width = sizes === undefined ? Infinity : widestSlot(sizes) * MAX_DENSITY;
      needed.set(pathname, Math.max(needed.get(pathname) ?? 0, width));
    },
    has: (src) => needed.has(src),
    neededWidth: (src) => needed.get(src) ?? 0,
    sources: () => [...needed.keys()].sort(),
  };
}

/** Registers every image the content uses: image fields at any depth (lists included) and Markdown images. */
export function addContentImageUses(uses: ImageUses, content: Content): void {
  const walk = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 20) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && typeof record.alt === 'string' && record.src.startsWith('/')) uses.add(record.src);
    for (const [key, inner] of Object.entries(record)) if (key !== 'references') walk(inner, depth + 1);
  };
  for (const value of Object.values(content)) {
    const entries = (Array.isArray(value) ? value : value ? [value] : []) as EntryMeta[];
    for (const entry of entries) {
      walk(entry, 0);
      for (const reference of entry.references ?? []) if (reference.image) uses.add(markdownImagePath(reference.target));
    }
  }
}

/** Registers image paths written as string literals in the templates' compiled code (`props.image('/images/logo.png')`). */
export function addTemplateImageUses(uses: ImageUses, code: string): void {
  for (const match of code.matchAll(/["'`](\/[^"'`\s]+\.(?:jpe?g|png|webp|avif|svg))["'`]/gi)) uses.add(match[1]!);
}

/**
 * The widest an image can be shown, in CSS pixels, by a `sizes` attribute:
 * `(min-width: 64em) 32rem, (min-width: 48em) 50vw, 100vw` is at most
 * 512 px from 1024 px up, 50 % of at most 1023 px between, and 100 % of at
 * most 767 px below: 767. The candidates are read in order, as browsers do;
 * a `vw` length under no upper bound, or anything not understood (calc(),
 * other conditions), counts as unbounded, so no width is ever left out
 * that a page may need.
 */
export function widestSlot(sizes: string): number {
  let widest = 0;
  // The viewport widths the candidates read so far have taken: from `taken` up.
  let taken = Infinity;
  for (const candidate of sizes.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(?:\(\s*(min|max)-width\s*:\s*([\d.]+)(px|r?em)\s*\)\s+)?([\d.]+)(px|r?em|vw)$/i.exec(candidate);
    if (!match) return Infinity;
    const [, kind, bound, boundUnit, length, unit] = match;
    const boundPx = bound === undefined ? 0 : Number(bound) * (boundUnit!.toLowerCase() === 'px' ? 1 : EM);
    // The widest viewport this candidate applies at.
    const upper = kind?.toLowerCase() === 'max' ? Math.min(boundPx, taken) : taken;
    const slot = unit!.toLowerCase() === 'vw' ? (Number(length) / 100) * upper : Number(length) * (unit!.toLowerCase() === 'px' ? 1 : EM);
    widest = Math.max(widest, slot);
    if (kind?.toLowerCase() === 'min') taken = Math.min(taken, boundPx - 1);
    if (kind === undefined) break;
  }
  return widest;
}

/**
 * The content's image uses, as registered (each source once per `sizes`), kept per content
 * object: a template save (watch) walks no entry again (10,000 entries: ~30 ms before the open
 * page could render).
 */
const contentUses = new WeakMap<Content, ReadonlyMap<string, [string, string | undefined]>>();

/** The content's image uses, each source once per `sizes`: what a render worker that routed the site sends a build's main thread. */
export function contentImageUses(content: Content): Array<[string, string | undefined]> {
  return [...registeredUses(content).values()];
}

function registeredUses(content: Content): ReadonlyMap<string, [string, string | undefined]> {
  let registered = contentUses.get(content);
  if (!registered) {
    const calls = new Map<string, [string, string | undefined]>();
    addContentImageUses({ ...createImageUses(), add: (src, sizes) => void calls.set(`${src}\n${sizes}`, [src, sizes]) }, content);
    contentUses.set(content, (registered = calls));
  }
  return registered;
}

/** The uses of a site's content (or of its uses as contentImageUses() listed them) and its compiled templates module. */
export async function imageUsesOf(content: Content | ReadonlyArray<[string, string | undefined]>, templatesModule: string): Promise<ImageUses> {
  const uses = createImageUses();
  for (const [src, sizes] of Array.isArray(content) ? content : registeredUses(content as Content).values()) uses.add(src, sizes);
  addTemplateImageUses(uses, await readFile(templatesModule, 'utf8'));
  return uses;
}

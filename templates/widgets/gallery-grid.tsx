import type { ReactElement } from 'react';
import type { ResolvedImage } from '../model/props.ts';
import { Picture } from '../components/picture.tsx';

export interface GalleryGridProps {
  items: Array<{ title: string; category: string; alt: string; image: ResolvedImage }>;
  /** `sizes` for the grid images. */
  sizes: string;
  /** Accessible name of the list, e.g. "Recent projects". */
  label?: string;
  /**
   * The grid opens the page (/gallery): its first row (three across on desktop) is above the fold
   * and holds the largest paint, so it loads eagerly; the first image, the largest paint on a
   * phone, with high priority (one high-priority image per page, or it means nothing).
   */
  priorityFirst?: boolean;
}

/** Images in the grid's first row on the widest layout (three columns). */
const FIRST_ROW = 3;

/**
 * Project grid: each item's title and category. CSS alone decides how the
 * caption shows: under the image on phones, tablets and touch screens, over
 * the image and revealed on hover where a mouse can hover. The items are not
 * focusable (focusing one would do nothing); the caption is always in the
 * accessibility tree.
 */
export function GalleryGrid({ items, sizes, label, priorityFirst = false }: GalleryGridProps): ReactElement {
  return (
    <ul className="gallery" aria-label={label}>
      {items.map((item, index) => (
        <li className="gallery__item" key={item.title}>
          <figure className="gallery__figure">
            <Picture className="gallery__picture" image={item.image} alt={item.alt} sizes={sizes} priority={priorityFirst && index === 0} eager={priorityFirst && index < FIRST_ROW} />
            <figcaption className="gallery__caption">
              <span className="gallery__category">{item.category}</span>
              <span className="gallery__title">{item.title}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

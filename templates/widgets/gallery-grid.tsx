import type { ReactElement } from 'react';
import type { ResolvedImage } from '../../src/render/page-props.ts';
import { Picture } from '../components/picture.tsx';

export interface GalleryGridProps {
  items: Array<{ title: string; category: string; alt: string; image: ResolvedImage }>;
  /** `sizes` for the grid images. */
  sizes: string;
  /** Accessible name of the list, e.g. "Recent projects". */
  label?: string;
  /** The grid opens the page (/gallery): its first image is the largest paint, so it loads eagerly. */
  priorityFirst?: boolean;
}

/**
 * Project grid: each item's title and category sit over the image and are
 * revealed on hover and keyboard focus by CSS alone; client/gallery.ts adds
 * tap-to-toggle for touch screens. The caption is always in the
 * accessibility tree, only its visibility changes.
 */
export function GalleryGrid({ items, sizes, label, priorityFirst = false }: GalleryGridProps): ReactElement {
  return (
    <ul className="gallery" aria-label={label} data-gallery="">
      {items.map((item, index) => (
        <li className="gallery__item" key={item.title}>
          <figure className="gallery__figure" tabIndex={0} data-gallery-item="">
            <Picture className="gallery__picture" image={item.image} alt={item.alt} sizes={sizes} priority={priorityFirst && index === 0} />
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

import type { ReactElement } from 'react';
import type { ResolvedImage } from '../../src/render/page-props.ts';
import { Picture } from '../components/picture.tsx';

export interface GalleryGridProps {
  items: Array<{ title: string; category: string; alt: string; image: ResolvedImage }>;
  /** `sizes` for the grid images. */
  sizes: string;
}

/** STUB: replaced by the widgets work (title and category revealed on hover, focus and touch). */
export function GalleryGrid({ items, sizes }: GalleryGridProps): ReactElement {
  return (
    <ul className="gallery" data-gallery="">
      {items.map((item) => (
        <li key={item.title}>
          <figure>
            <Picture image={item.image} alt={item.alt} sizes={sizes} />
            <figcaption><span>{item.category}</span> {item.title}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

import type { ReactElement } from 'react';
import type { ResolvedImage } from '../model/props.ts';

export interface PictureProps {
  image: ResolvedImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is displayed at each breakpoint. */
  sizes: string;
  /** The largest contentful image of the page (the hero): loaded eagerly with high priority. */
  priority?: boolean;
  /** Above the fold at some width but not the page's main image: loaded eagerly, at normal priority. */
  eager?: boolean;
  className?: string;
}

/** A responsive <picture>: modern formats first, intrinsic size always set (no layout shift). */
export function Picture({ image, alt, sizes, priority = false, eager = false, className }: PictureProps): ReactElement {
  return (
    <picture className={className}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.src}
        srcSet={image.srcset || undefined}
        sizes={image.srcset ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority || eager ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}

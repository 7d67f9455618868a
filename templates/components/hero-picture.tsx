import type { ReactElement } from 'react';
import type { ResolvedImage } from '../model/props.ts';
import { Picture } from './picture.tsx';

/** The image beside a page heading: the page's largest paint, so it loads first. */
export function HeroPicture({ image, alt }: { image: ResolvedImage; alt: string }): ReactElement {
  return <Picture image={image} alt={alt} sizes="(min-width: 64em) 32rem, 100vw" priority className="rounded-image" />;
}

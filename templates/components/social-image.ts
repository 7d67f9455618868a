/**
 * The file a social card (og:image, twitter:image) links to: the largest
 * variant the image stage made, so the width and height the card states
 * are that file's own. The public original is bigger than any variant and
 * keeps whatever metadata its camera wrote; the variants are stripped.
 */
import type { ResolvedImage } from '../model/props.ts';

export interface SocialImage {
  /** Site path of the file. */
  path: string;
  width: number;
  height: number;
}

export function socialImageOf(image: ResolvedImage): SocialImage {
  // The image stage lists the fallback srcset from narrowest to widest and gives the widest one's size.
  const widest = image.srcset.split(', ').at(-1)?.split(' ')[0];
  return { path: widest || image.src, width: image.width, height: image.height };
}

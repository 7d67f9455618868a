import { createHash } from 'node:crypto';

/** `assets/site` + contents + `css` -> `assets/site.3f2a9c1b.css`: the name changes whenever the bytes do. */
export function hashedName(stem: string, contents: Uint8Array | string, extension: string): string {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return `${stem}.${hash}.${extension}`;
}

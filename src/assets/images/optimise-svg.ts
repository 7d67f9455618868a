/**
 * SVG art is shipped as SVG: comments, the XML prolog, editor metadata and
 * indentation go; nothing is rasterised. The intrinsic size comes from the
 * root element's width/height, or else its viewBox.
 */

export interface OptimisedSvg {
  text: string;
  width: number;
  height: number;
}

export function optimiseSvg(source: string): OptimisedSvg {
  const root = /<svg\b[^>]*>/i.exec(source)?.[0];
  if (!root) throw new Error('the file has no <svg> element');
  const text = source
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<metadata\b[\s\S]*?<\/metadata>/gi, '')
    // Only whitespace that holds a line break: spaces inside <text> runs can be meaningful.
    .replace(/>\s*\n\s*</g, '><')
    .trim();
  return { text: `${text}\n`, ...readSvgSize(root) };
}

function readSvgSize(root: string): { width: number; height: number } {
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const pixels = (value: string | undefined) => {
    const match = value === undefined ? null : /^\s*([\d.]+)\s*(px)?\s*$/.exec(value);
    return match ? Number(match[1]) : undefined;
  };
  const width = pixels(attribute('width'));
  const height = pixels(attribute('height'));
  if (width && height) return { width: Math.round(width), height: Math.round(height) };
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box && box.length === 4 && box[2]! > 0 && box[3]! > 0) {
    const ratio = box[3]! / box[2]!;
    // One given dimension plus the viewBox's aspect ratio gives the other.
    if (width) return { width: Math.round(width), height: Math.round(width * ratio) };
    if (height) return { width: Math.round(height / ratio), height: Math.round(height) };
    return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  }
  throw new Error('the <svg> element has neither width and height in pixels nor a viewBox');
}

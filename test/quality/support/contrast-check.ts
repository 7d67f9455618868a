/**
 * Text contrast measured on the rendered pixels, so text over gradients and
 * images counts (axe and Lighthouse skip those): note each text's colour and
 * where its glyphs sit, make all text transparent, take one full-page
 * screenshot, and compare the text colour with the pixels behind the glyphs.
 */
import type { CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';

interface TextBox {
  label: string;
  /** Text colour, sRGB 0-255, with alpha 0-1. */
  color: [number, number, number, number];
  large: boolean;
  /** Inside a position: fixed element or one sticky to the window's bottom (the call bar): measured on a shot of the window, not of the page. */
  fixed: boolean;
  /** Page coordinates (window coordinates when fixed) of the glyph boxes, already cut to what is visible. */
  rects: Array<[number, number, number, number]>;
}

const HIDE_TEXT_STYLE = `*, *::before, *::after, *::marker { color: transparent !important; -webkit-text-fill-color: transparent !important;
  text-shadow: none !important; text-decoration-color: transparent !important; caret-color: transparent !important; }`;

/** An area to capture or read, in CSS pixels. */
interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One round trip that restyles the page for a shot: adopts and drops constructed stylesheets
 * (unlike a <style> element, the site's Content-Security-Policy does not refuse them: style-src
 * governs elements, not the CSSOM, so the check runs on the page as the host serves it, beside the
 * layout and axe checks of the same load), then freezes what moves as page.screenshot's
 * `animations: 'disabled'` does (a finite animation or transition, the ones the sheets just started
 * included, jumps to its end; an endless one is cancelled) and waits for the fonts; or, `thaw`,
 * plays the cancelled ones again. Returns the page's whole area, for a shot of all of it, and how
 * far the window is scrolled.
 */
async function restyle(page: Page, change: { adopt?: Record<string, string>; drop?: string[]; thaw?: boolean }): Promise<{ whole: Clip; scroll: { x: number; y: number } }> {
  return page.evaluate(async ({ adopt, drop, thaw }) => {
    const state = window as unknown as Record<string, CSSStyleSheet | undefined> & { __gateHeld?: Animation[] };
    for (const [key, text] of Object.entries(adopt)) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      state[`__gateSheet_${key}`] = sheet;
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }
    for (const key of drop) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== state[`__gateSheet_${key}`]);
    if (thaw) {
      state.__gateHeld?.forEach((animation) => animation.play());
      delete state.__gateHeld;
    } else {
      await document.fonts.ready;
      const held = state.__gateHeld ??= [];
      for (const animation of document.getAnimations()) {
        if (!animation.effect || animation.playbackRate === 0 || held.includes(animation)) continue;
        if (!Number.isFinite(Number(animation.effect.getComputedTiming().endTime))) {
          animation.cancel();
          held.push(animation);
        } else animation.finish();
      }
    }
    const { body, documentElement: root } = document;
    return {
      whole: {
        x: 0, y: 0,
        width: Math.max(body.scrollWidth, root.scrollWidth, body.offsetWidth, root.offsetWidth, body.clientWidth, root.clientWidth),
        height: Math.max(body.scrollHeight, root.scrollHeight, body.offsetHeight, root.offsetHeight, body.clientHeight, root.clientHeight),
      },
      scroll: { x: window.scrollX, y: window.scrollY },
    };
  }, { adopt: change.adopt ?? {}, drop: change.drop ?? [], thaw: change.thaw ?? false });
}

const sessions = new WeakMap<Page, CDPSession>();

/**
 * A PNG of `clip`, through the DevTools protocol with `optimizeForSpeed`: still lossless, the same
 * pixels as page.screenshot (checked on the site's pages), encoded in about half the time, which
 * was most of this gate's time on a long page. `beyondWindow`: the clip is in page coordinates and
 * may reach past the window (the whole page); else it is in the window as it is scrolled.
 */
async function shoot(page: Page, clip: Clip, beyondWindow: boolean): Promise<Buffer> {
  let session = sessions.get(page);
  if (!session) sessions.set(page, session = await page.context().newCDPSession(page));
  const { data } = await session.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, clip: { ...clip, scale: 1 }, captureBeyondViewport: beyondWindow });
  return Buffer.from(data, 'base64');
}

/** WCAG 2.x's sRGB channel (0-255) as linear light. */
function linearChannel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * linearChannel of every whole value, computed once: a shot's pixels are whole, and so is opaque text's
 * colour, so nearly every sample is looked up here (the same numbers; computing `** 2.4` six times a
 * sample, with the arrays it was passed in, was 2.8 of the gate's ~23 CPU-s of contrast: Round 7).
 */
const LINEAR_CHANNEL = Float64Array.from({ length: 256 }, (_, value) => linearChannel(value));

const channel = (value: number) => (Number.isInteger(value) && value >= 0 && value <= 255 ? LINEAR_CHANNEL[value]! : linearChannel(value));

/** WCAG 2.x relative luminance of an sRGB colour (0-255 channels). */
export function luminance([r, g, b]: readonly number[]): number {
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

/** The contrast ratio of two relative luminances: the lighter's over the darker's. */
function ratioOfLuminances(one: number, other: number): number {
  return one > other ? (one + 0.05) / (other + 0.05) : (other + 0.05) / (one + 0.05);
}

export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  return ratioOfLuminances(luminance(a), luminance(b));
}

/** The text boxes of a page: every element with text of its own, visible, with its glyph rectangles in page coordinates. */
async function collectTextBoxes(page: Page): Promise<TextBox[]> {
  return page.evaluate(() => {
    const parse = (value: string): [number, number, number, number] => {
      const numbers = value.match(/[\d.]+/g)!.map(Number);
      return [numbers[0]!, numbers[1]!, numbers[2]!, numbers[3] ?? 1];
    };
    const boxes: Array<{ label: string; color: [number, number, number, number]; large: boolean; fixed: boolean; rects: Array<[number, number, number, number]> }> = [];
    // Each element's computed style, looked up once: the walks below visit every ancestor of every text (styles do not change while they run).
    const styles = new Map<Element, CSSStyleDeclaration>();
    const getComputedStyle = (element: Element): CSSStyleDeclaration => {
      let style = styles.get(element);
      if (!style) styles.set(element, style = window.getComputedStyle(element));
      return style;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    for (let element = walker.nextNode() as Element | null; element; element = walker.nextNode() as Element | null) {
      const textNodes = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (textNodes.length === 0 || element.closest('script, style, noscript, svg')) continue;
      const style = getComputedStyle(element);
      // Excluded: text no one can see (hidden, fully transparent, or clipped to 1px for screen readers only).
      if (style.visibility !== 'visible' || element.closest('.visually-hidden, .skip-link')) continue;
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      if (opacity < 0.1) continue;
      let fixed = false;
      // Pinned to the window: fixed, or sticky to its bottom edge (the call bar), which a full-page shot draws where the window ended.
      const pinned = (style: CSSStyleDeclaration) => style.position === 'fixed' || (style.position === 'sticky' && style.bottom !== 'auto');
      for (let node: Element | null = element; node && !fixed; node = node.parentElement) fixed = pinned(getComputedStyle(node));
      const offsetX = fixed ? 0 : window.scrollX;
      const offsetY = fixed ? 0 : window.scrollY;
      const color = parse(style.color);
      color[3] *= opacity;
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      // What is visible of the element: cut to every clipping ancestor and to the page.
      let clip = { left: 0, top: -window.scrollY, right: document.documentElement.clientWidth, bottom: Infinity };
      // The element itself counts: text clipped to a 1px box (screen-reader-only) leaves nothing to measure.
      for (let parent: Element | null = element; parent; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (parentStyle.overflowX === 'visible' && parentStyle.overflowY === 'visible') continue;
        const box = parent.getBoundingClientRect();
        clip = { left: Math.max(clip.left, box.left), top: Math.max(clip.top, box.top), right: Math.min(clip.right, box.right), bottom: Math.min(clip.bottom, box.bottom) };
      }
      const rects: Array<[number, number, number, number]> = [];
      for (const node of textNodes) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          const left = Math.max(rect.left, clip.left);
          const right = Math.min(rect.right, clip.right);
          const top = Math.max(rect.top, clip.top);
          const bottom = Math.min(rect.bottom, clip.bottom);
          if (right - left >= 2 && bottom - top >= 2) rects.push([left + offsetX, top + offsetY, right - left, bottom - top]);
        }
      }
      if (rects.length === 0) continue;
      const text = textNodes.map((node) => node.textContent!.trim()).join(' ').replace(/\s+/g, ' ').slice(0, 40);
      boxes.push({ label: `<${element.tagName.toLowerCase()}${element.classList.length ? ` class="${element.className}"` : ''}> "${text}"`, color, large, fixed, rects });
    }
    return boxes;
  });
}

/** The smallest whole-pixel rectangle around `rects` ([left, top, width, height]), or undefined when there are none. */
function boundsOf(rects: ReadonlyArray<readonly [number, number, number, number]>): Clip | undefined {
  if (rects.length === 0) return undefined;
  const x = Math.floor(Math.min(...rects.map(([left]) => left)));
  const y = Math.floor(Math.min(...rects.map(([, top]) => top)));
  const right = Math.ceil(Math.max(...rects.map(([left, , width]) => left + width)));
  const bottom = Math.ceil(Math.max(...rects.map(([, top, , height]) => top + height)));
  return { x, y, width: right - x, height: bottom - y };
}

/** A decoded shot: RGB bytes, its size, and the page or window point its top-left pixel shows. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  origin: { x: number; y: number };
}

/** Decodes a PNG screenshot of the area starting at `origin`. */
async function readPixels(shot: Buffer, origin: { x: number; y: number }): Promise<Pixels> {
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, origin };
}

/** Where the pixel at (x, y), in the shot's coordinates, starts in its data; -1 outside the shot. */
function pixelOffset(pixels: Pixels, x: number, y: number): number {
  const px = Math.floor(x) - pixels.origin.x;
  const py = Math.floor(y) - pixels.origin.y;
  if (px < 0 || py < 0 || px >= pixels.width || py >= pixels.height) return -1;
  return (py * pixels.width + px) * 3;
}

/**
 * The contrast ratio at each sample of `box` (about 24 across and 6 down each of its glyph boxes): its
 * colour, blended over the pixel behind it by its alpha, against that pixel. Opaque text (alpha 1, the
 * blend its own colour) has one luminance, taken once.
 */
function sampleRatios(box: TextBox, pixels: Pixels | undefined): Float64Array {
  const ratios: number[] = [];
  if (!pixels) return Float64Array.from(ratios);
  const { data } = pixels;
  const [r, g, b, a] = box.color;
  const opaqueText = a === 1 ? luminance([r, g, b]) : undefined;
  for (const [left, top, width, height] of box.rects) {
    const stepX = Math.max(1, width / 24);
    const stepY = Math.max(1, height / 6);
    for (let y = top + stepY / 2; y < top + height; y += stepY) {
      for (let x = left + stepX / 2; x < left + width; x += stepX) {
        const at = pixelOffset(pixels, x, y);
        if (at < 0) continue;
        const red = data[at]!;
        const green = data[at + 1]!;
        const blue = data[at + 2]!;
        const background = 0.2126 * LINEAR_CHANNEL[red]! + 0.7152 * LINEAR_CHANNEL[green]! + 0.0722 * LINEAR_CHANNEL[blue]!;
        const text = opaqueText ?? luminance([r * a + red * (1 - a), g * a + green * (1 - a), b * a + blue * (1 - a)]);
        ratios.push(ratioOfLuminances(text, background));
      }
    }
  }
  return Float64Array.from(ratios);
}

/**
 * Text below its WCAG AA ratio (4.5:1, or 3:1 for large text) against the
 * pixels behind its glyphs. The ratio taken is the 5th percentile of the
 * samples, so one stray pixel (an underline, an image's speck) does not
 * decide, while text over a gradient or an image is judged on what is behind
 * most of it. The page is shot whole with the floating call button hidden
 * (in a full-page shot a fixed element lands over whatever ends the page;
 * covering content is the hit-test gate's business); the call button's own
 * text is measured on a shot of the window, where it really is.
 */
export async function findLowContrastText(page: Page): Promise<string[]> {
  const boxes = await collectTextBoxes(page);
  const fixedArea = boundsOf(boxes.filter((box) => box.fixed).flatMap((box) => box.rects));
  let pageShot: Buffer;
  let windowShot: Buffer | undefined;
  try {
    const { whole } = await restyle(page, { adopt: { 'hide-text': HIDE_TEXT_STYLE, 'hide-fixed': '.call-bar, .call-button { visibility: hidden !important; }' } });
    pageShot = await shoot(page, whole, true);
    if (fixedArea) {
      // Only the part of the window the pinned text is in (window coordinates, so offset by the scroll): its pixels are all this reads.
      const { scroll } = await restyle(page, { drop: ['hide-fixed'] });
      windowShot = await shoot(page, { ...fixedArea, x: fixedArea.x + scroll.x, y: fixedArea.y + scroll.y }, false);
    }
  } finally {
    await restyle(page, { drop: ['hide-text', 'hide-fixed'], thaw: true });
  }
  const pagePixels = await readPixels(pageShot, { x: 0, y: 0 });
  const windowPixels = windowShot && fixedArea ? await readPixels(windowShot, fixedArea) : undefined;
  const problems: string[] = [];
  for (const box of boxes) {
    const ratios = sampleRatios(box, box.fixed ? windowPixels : pagePixels);
    if (ratios.length === 0) continue;
    // A typed array sorts by value, ascending.
    ratios.sort();
    const ratio = ratios[Math.floor(ratios.length * 0.05)]!;
    const needed = box.large ? 3 : 4.5;
    if (ratio < needed) problems.push(`${box.label}: ${ratio.toFixed(2)}:1 on its rendered background (needs ${needed}:1${box.large ? ', large text' : ''})`);
  }
  return problems;
}

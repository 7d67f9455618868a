/**
 * Checks for the modes visitors use (test/quality/visitor-modes.test.ts):
 * each reads the page as it stands, in the browser or on its rendered
 * pixels, and returns one line per problem.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';

/** WCAG 1.4.12's text-spacing override, as the bookmarklets testers use inject it. */
export const TEXT_SPACING_STYLE = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/** Header controls (logo, menu links, buttons) whose boxes, or text running past them, overlap one another. */
export async function findHeaderOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header')!;
    const shown = [...header.querySelectorAll('a[href], button')].filter((element) => {
      if (element.closest('.dropdown__panel, .mobile-menu__panel, [hidden]')) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility === 'visible';
    });
    const name = (element: Element) => `"${(element.textContent ?? '').replace(/\s+/g, ' ').trim() || element.getAttribute('aria-label') || element.tagName}"`;
    // A box as far as its text reaches: text wider than a shrunk box spills onto its neighbours.
    const reach = (element: Element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left, top: box.top, bottom: box.bottom, right: box.left + Math.max(box.width, element.scrollWidth) };
    };
    const problems: string[] = [];
    shown.forEach((a, index) => {
      for (const b of shown.slice(index + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const [p, q] = [reach(a), reach(b)];
        const overlapX = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const overlapY = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (overlapX > 1 && overlapY > 1) problems.push(`${name(a)} overlaps ${name(b)} by ${Math.round(overlapX)} x ${Math.round(overlapY)} px`);
      }
    });
    return problems;
  });
}

export interface Box { x: number; y: number; width: number; height: number }

/** The window's pixels as a lookup, and the forced-colours Canvas colour they are compared with. */
export async function shootWindow(page: Page): Promise<{ pixel: (x: number, y: number) => number[]; canvas: number[] }> {
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const canvas = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.background = 'Canvas';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number);
    probe.remove();
    return colour;
  });
  return {
    canvas,
    pixel: (x, y) => {
      const offset = (Math.min(info.height - 1, Math.max(0, Math.round(y))) * info.width + Math.min(info.width - 1, Math.max(0, Math.round(x)))) * 3;
      return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
    },
  };
}

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * The share of pixels that are not the page's Canvas colour: in the band
 * `ring` px wide inside the box's edge (where a container's border or fill
 * shows, and text rarely does), or over the whole box when ring is 0.
 */
export function inkShare(shot: { pixel: (x: number, y: number) => number[]; canvas: number[] }, box: Box, ring = 0): number {
  let ink = 0;
  let all = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      if (ring > 0 && x >= box.x + ring && x < box.x + box.width - ring && y >= box.y + ring && y < box.y + box.height - ring) continue;
      all++;
      if (distance(shot.pixel(x, y), shot.canvas) > 60) ink++;
    }
  }
  return all === 0 ? 0 : ink / all;
}

export async function boxesOf(page: Page, selector: string): Promise<Box[]> {
  return page.locator(selector).evaluateAll((elements) => elements.map((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
  }));
}

/** Fixed and sticky elements in the window, as a share of its area (overlaps counted twice: a bound, not a measure). */
export async function pinnedShare(page: Page): Promise<{ share: number; pinned: string[] }> {
  return page.evaluate(() => {
    const pinned: string[] = [];
    let area = 0;
    for (const element of document.querySelectorAll('body *')) {
      const position = getComputedStyle(element).position;
      if (position !== 'fixed' && position !== 'sticky') continue;
      const box = element.getBoundingClientRect();
      const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
      const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
      if (width <= 0 || height <= 0 || getComputedStyle(element).visibility !== 'visible') continue;
      // Where a sticky element sits is only pinned if it stays there as the page scrolls.
      area += width * height;
      pinned.push(`<${element.tagName.toLowerCase()} class="${element.className}"> ${Math.round(width)}x${Math.round(height)}`);
    }
    return { share: area / (innerWidth * innerHeight), pinned };
  });
}

/** Elements shown in print that a printed page has no use for: navigation, buttons, the call bar. */
export async function findPrintedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('nav, button, .button, .call-bar, .skip-link')]
    .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
    .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}"> "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}" is printed`));
}

/** Pages in a PDF that Chromium wrote: one `/Type /Page` object each. */
export function countPdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

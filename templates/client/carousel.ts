/**
 * Testimonials carousel (APG carousel, no auto-rotation). The track is a
 * native scroll-snap scroller, so swiping works without this script; here the
 * previous/next buttons and the Left/Right arrow keys move it one slide at a
 * time and loop at either end. How many slides are visible comes from the
 * --carousel-per-view custom property that widgets.css sets per breakpoint,
 * so the breakpoints are stated only in CSS. Smooth scrolling is CSS too
 * (scroll-behavior, only under prefers-reduced-motion: no-preference).
 */

/** A programmatic scroll is settled once no scroll event has come for this long. */
const SETTLE_MS = 150;

export function enhance(root: ParentNode = document): void {
  for (const carousel of root.querySelectorAll<HTMLElement>('[data-carousel]')) {
    const track = carousel.querySelector<HTMLElement>('[data-carousel-track]');
    const slides = track ? [...track.children] as HTMLElement[] : [];
    if (!track || slides.length < 2) continue;

    const perView = (): number => Math.max(1, parseInt(getComputedStyle(track).getPropertyValue('--carousel-per-view'), 10) || 1);
    const step = (): number => slides[1]!.offsetLeft - slides[0]!.offsetLeft;
    const lastStart = (): number => Math.max(0, slides.length - perView());

    // The target of a scroll still under way, so quick presses add up instead of re-reading a mid-animation position.
    let pending: number | undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const current = (): number => pending ?? Math.round(track.scrollLeft / step());
    const go = (index: number): void => {
      const last = lastStart();
      pending = index > last ? 0 : index < 0 ? last : index;
      track.scrollTo({ left: pending * step() });
    };
    // The dots mark the slides in view: a visual cue on small screens, which have no buttons.
    const dots = [...carousel.querySelectorAll('[data-carousel-dots] > *')];
    const markDots = (): void => {
      const first = Math.round(track.scrollLeft / step());
      const count = perView();
      dots.forEach((dot, index) => dot.toggleAttribute('data-active', index >= first && index < first + count));
    };
    // The target is forgotten once the scroll comes to rest: at `scrollend` where the browser has it
    // (a smooth scroll on a busy phone can pause for longer than any timer), else once no scroll
    // event came for SETTLE_MS.
    const hasScrollEnd = 'onscrollend' in window;
    if (hasScrollEnd) track.addEventListener('scrollend', () => (pending = undefined), { passive: true });
    track.addEventListener('scroll', () => {
      markDots();
      if (hasScrollEnd) return;
      clearTimeout(settle);
      if (pending !== undefined && Math.abs(track.scrollLeft - pending * step()) < 1) pending = undefined;
      else settle = setTimeout(() => (pending = undefined), SETTLE_MS);
    }, { passive: true });
    addEventListener('resize', markDots);
    markDots();

    carousel.querySelector('[data-carousel-prev]')?.addEventListener('click', () => go(current() - 1));
    carousel.querySelector('[data-carousel-next]')?.addEventListener('click', () => go(current() + 1));
    carousel.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      go(current() + (event.key === 'ArrowRight' ? 1 : -1));
    });

    carousel.dataset.enhanced = '';
  }
}

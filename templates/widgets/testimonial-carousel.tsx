import type { ReactElement } from 'react';
import type { Testimonial } from '../model/schemas.ts';
import { StarRating } from '../components/star-rating.tsx';

export interface TestimonialCarouselProps {
  /** Accessible name of the carousel region, e.g. "What our clients say". */
  label: string;
  items: Testimonial[];
  /** Prefix of the element ids; unique per page. */
  id?: string;
}

/**
 * Testimonials, the APG carousel pattern. The markup is a horizontally
 * scrolling, scroll-snapping row in which every slide is readable without
 * JavaScript; widgets.css sets how many slides fit per breakpoint
 * (--carousel-per-view) and client/carousel.ts adds the looping buttons,
 * the arrow keys and the position dots (decorative: each slide is already
 * labelled "n of N"), reading that property so the breakpoints live only in CSS.
 */
export function TestimonialCarousel({ label, items, id = 'testimonials' }: TestimonialCarouselProps): ReactElement {
  const trackId = `${id}-slides`;
  return (
    <section className="carousel" id={id} aria-roledescription="carousel" aria-label={label} data-carousel="">
      <div className="carousel__track" id={trackId} tabIndex={0} data-carousel-track="">
        {items.map((item, index) => (
          <div className="carousel__slide" key={item.file} role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${items.length}`}>
            <figure className="testimonial">
              <StarRating value={item.rating} className="testimonial__rating" />
              <blockquote className="testimonial__quote" dangerouslySetInnerHTML={{ __html: item.html }} />
              <figcaption className="testimonial__author">
                <span className="testimonial__name">{item.author}</span>
                {item.role && <span className="testimonial__role">{item.role}</span>}
                <span className="testimonial__location">{item.location}</span>
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
      <div className="carousel__nav">
        <button type="button" className="carousel__button" aria-controls={trackId} aria-label="Previous testimonial" data-carousel-prev="">
          <Arrow direction="prev" />
        </button>
        <div className="carousel__dots" aria-hidden="true" data-carousel-dots="">
          {items.map((item) => <span className="carousel__dot" key={item.file} />)}
        </div>
        <button type="button" className="carousel__button" aria-controls={trackId} aria-label="Next testimonial" data-carousel-next="">
          <Arrow direction="next" />
        </button>
      </div>
    </section>
  );
}

function Arrow({ direction }: { direction: 'prev' | 'next' }): ReactElement {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={direction === 'prev' ? 'M12.5 4.5L7 10l5.5 5.5' : 'M7.5 4.5L13 10l-5.5 5.5'} />
    </svg>
  );
}

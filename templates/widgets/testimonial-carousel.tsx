import type { ReactElement } from 'react';
import type { Testimonial } from '../../src/content/schemas.ts';

export interface TestimonialCarouselProps {
  /** Accessible name of the carousel region, e.g. "What our clients say". */
  label: string;
  items: Testimonial[];
}

/** STUB: replaced by the widgets work (carousel pattern). */
export function TestimonialCarousel({ label, items }: TestimonialCarouselProps): ReactElement {
  return (
    <section className="carousel" aria-label={label} data-carousel="">
      {items.map((item) => (
        <figure key={item.file}>
          <blockquote><p>{item.text}</p></blockquote>
          <figcaption>{item.author}, {item.location}</figcaption>
        </figure>
      ))}
    </section>
  );
}

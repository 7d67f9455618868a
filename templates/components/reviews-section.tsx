/**
 * Client reviews: the aggregate rating beside the review cards. The home
 * page shows the summary variant: the rating and a link to /reviews only,
 * since its carousel already quotes and names the same clients; /reviews
 * shows the same component in full, with every review card and quote.
 */
import type { ReactElement } from 'react';
import type { Testimonial } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { Icon } from './icon.tsx';
import { SectionHeading } from './section-heading.tsx';
import { StarRating } from './star-rating.tsx';

export interface ReviewsSectionProps {
  page: TemplateProps<unknown>;
  testimonials: Testimonial[];
  variant: 'summary' | 'full';
  title: string;
  id?: string;
}

export function averageRating(testimonials: Testimonial[]): number {
  if (testimonials.length === 0) return 0;
  return testimonials.reduce((sum, item) => sum + item.rating, 0) / testimonials.length;
}

export function ReviewsSection({ page, testimonials, variant, title, id = 'client-reviews' }: ReviewsSectionProps): ReactElement {
  const average = averageRating(testimonials);
  return (
    <section className={`section reviews reviews--${variant}${variant === 'summary' ? ' section--tint' : ''}`} aria-labelledby={id}>
      <div className="container reviews__inner">
        <div className="reviews__summary">
          <SectionHeading id={id} eyebrow="Client reviews" title={title} />
          <p className="reviews__score">
            <span className="reviews__score-value">{average.toFixed(1)}</span>
            <span className="reviews__score-max"> out of 5</span>
          </p>
          <StarRating value={average} className="stars--large" />
          <p className="reviews__count">Average rating from {testimonials.length} client reviews across Queensland</p>
          {variant === 'summary' && (
            <a className="button button--outline" href={page.href('/reviews')}>Read all reviews</a>
          )}
        </div>
        {variant === 'full' && (
        <ul className="reviews__list">
          {testimonials.map((item) => (
            <li key={item.file}>
              <article className="review-card">
                <StarRating value={item.rating} />
                <blockquote className="review-card__quote"><p>{item.text}</p></blockquote>
                <p className="review-card__author">
                  <span className="review-card__avatar" aria-hidden="true">{initials(item.author)}</span>
                  <span>
                    <strong>{item.author}</strong>
                    {item.role && <span className="review-card__role">{item.role}</span>}
                    <span className="review-card__location"><Icon name="pin" />{item.location}</span>
                  </span>
                </p>
              </article>
            </li>
          ))}
        </ul>
        )}
      </div>
    </section>
  );
}

function initials(name: string): string {
  return name.split(/\s+/).map((part) => part[0] ?? '').join('').replace(/[^A-Za-z]/g, '').slice(0, 2).toUpperCase();
}

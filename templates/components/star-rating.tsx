/** Five stars with the rating in words for assistive technology. */
import type { ReactElement } from 'react';

export function StarRating({ value, max = 5, className }: { value: number; max?: number; className?: string }): ReactElement {
  return (
    <span className={className ? `stars ${className}` : 'stars'} role="img" aria-label={`Rated ${value.toFixed(1)} out of ${max}`}>
      {Array.from({ length: max }, (_, index) => (
        <svg key={index} className={index < Math.round(value) ? 'star star--on' : 'star'} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

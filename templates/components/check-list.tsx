/** A list of short statements, each marked with a tick. */
import type { ReactElement } from 'react';
import { Icon } from './icon.tsx';

export function CheckList({ items, className }: { items: string[]; className?: string }): ReactElement {
  return (
    <ul className={className ? `check-list ${className}` : 'check-list'}>
      {items.map((item) => (
        <li key={item}><Icon name="check" className="check-list__icon" /><span>{item}</span></li>
      ))}
    </ul>
  );
}

/** Figures such as "15+ Years Experience"; icons on /about, plain on the home strip. */
import type { ReactElement } from 'react';
import type { Stat } from '../model/schemas.ts';
import { Icon } from './icon.tsx';

export function StatList({ stats, className }: { stats: Stat[]; className?: string }): ReactElement {
  return (
    <ul className={className ? `stat-list ${className}` : 'stat-list'}>
      {stats.map((stat) => (
        <li className="stat" key={stat.file}>
          {stat.icon && <span className="stat__icon"><Icon name={stat.icon} /></span>}
          <span className="stat__value">{stat.value}</span>
          <span className="stat__label">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}

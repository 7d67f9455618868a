/** Rendered Markdown (the loader escapes raw HTML in content, so this markup is trusted). */
import type { ReactElement } from 'react';

export function Prose({ html, className }: { html: string; className?: string }): ReactElement | null {
  if (!html.trim()) return null;
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}

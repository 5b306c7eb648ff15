import type { ReactNode } from 'react';

/** A highlighted note inside an article (:::note … ::: in markdown). */
export function Note({ tone = 'info', children }: { tone?: string; children?: ReactNode }) {
  return <div className={`note note-${tone === 'warning' ? 'warning' : 'info'}`}>{children}</div>;
}

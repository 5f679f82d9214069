import type { MouseEvent, ReactNode } from 'react';

export interface PaginationProps {
  /** 1-based. */
  current: number;
  total: number;
  /** Each page's own address, so every page is a real link (crawlable, openable in a new tab). */
  href: (page: number) => string;
  /** Turns the page in place instead of following the link (a plain click only). */
  onPage?: (page: number) => void;
}

/** Up to five page numbers around the current one: (7, 20) -> [5, 6, 7, 8, 9]; (1, 3) -> [1, 2, 3]. */
export function pageWindow(current: number, total: number): number[] {
  const first = Math.max(1, Math.min(current - 2, total - 4));
  const last = Math.min(total, first + 4);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Numbered pages with previous and next; nothing when everything fits on one page. */
export function Pagination({ current, total, href, onPage }: PaginationProps) {
  if (total <= 1) return null;
  const onClick = onPage
    ? (page: number) => (e: MouseEvent) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onPage(page);
      }
    : undefined;
  const link = (page: number, text: ReactNode, label?: string, extra?: string) => (
    <a
      className={`pagination__link${extra ? ` ${extra}` : ''}`}
      href={href(page)}
      aria-label={label}
      aria-current={page === current ? 'page' : undefined}
      onClick={onClick?.(page)}
    >
      {text}
    </a>
  );
  return (
    <nav className="pagination" aria-label="Pages">
      <ul className="pagination__list" role="list">
        {current > 1 && <li>{link(current - 1, <><span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span></>, undefined, 'pagination__link--step')}</li>}
        {pageWindow(current, total).map((p) => (
          <li key={p}>{link(p, String(p), `Page ${p}`)}</li>
        ))}
        {current < total && <li>{link(current + 1, <>Next<span className="visually-hidden"> page</span><span aria-hidden="true"> ›</span></>, undefined, 'pagination__link--step')}</li>}
      </ul>
    </nav>
  );
}

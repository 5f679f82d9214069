'use client';

import type { ReactNode } from 'react';
import { usePagination } from 'react-instantsearch';
import { galleryUrl } from '../../lib/gallery/location';
import { useGallery } from './gallery-context';

export interface GalleryPaginationProps {
  onPage: (page: number) => void;
}

/** Numbered pages as real links (crawlable, openable in a new tab), turned in place when clicked. */
export function GalleryPagination({ onPage }: GalleryPaginationProps) {
  const { active, settings } = useGallery();
  const { pages, nbPages, currentRefinement } = usePagination({ padding: 2 });
  if (nbPages <= 1) return null;
  const current = currentRefinement + 1;
  const link = (page: number, text: ReactNode, label?: string, extra?: string) => (
    <a
      className={`pagination__link${extra ? ` ${extra}` : ''}`}
      href={galleryUrl({ ...active, page }, settings.currency)}
      aria-label={label}
      aria-current={page === current ? 'page' : undefined}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onPage(page);
        document.getElementById('main')?.scrollIntoView({ block: 'start' });
      }}
    >
      {text}
    </a>
  );
  return (
    <nav className="pagination" aria-label="Pages">
      <ul className="pagination__list" role="list">
        {current > 1 && <li>{link(current - 1, <><span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span></>, undefined, 'pagination__link--step')}</li>}
        {pages.map((p) => (
          <li key={p}>{link(p + 1, String(p + 1), `Page ${p + 1}`)}</li>
        ))}
        {current < nbPages && <li>{link(current + 1, <>Next<span className="visually-hidden"> page</span><span aria-hidden="true"> ›</span></>, undefined, 'pagination__link--step')}</li>}
      </ul>
    </nav>
  );
}

'use client';

import { usePagination } from 'react-instantsearch';
import { galleryUrl } from '../../lib/gallery/location';
import { Pagination } from '../pagination';
import { useGallery } from './gallery-context';

export interface GalleryPaginationProps {
  onPage: (page: number) => void;
}

/** The gallery's pages, turned in place when clicked. */
export function GalleryPagination({ onPage }: GalleryPaginationProps) {
  const { active, settings } = useGallery();
  const { nbPages, currentRefinement } = usePagination({ padding: 2 });
  return (
    <Pagination
      current={currentRefinement + 1}
      total={nbPages}
      href={(page) => galleryUrl({ ...active, page }, settings.currency)}
      onPage={(page) => {
        onPage(page);
        document.getElementById('main')?.scrollIntoView({ block: 'start' });
      }}
    />
  );
}

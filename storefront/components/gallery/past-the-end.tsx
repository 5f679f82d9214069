'use client';

import { galleryUrl } from '../../lib/gallery/location';
import { useT } from '../../lib/i18n/use-t';
import { galleryMessages } from '../../lib/i18n/messages/gallery';
import { useGallery } from './gallery-context';

export interface PastTheEndProps {
  /** The works the search finds, and the pages they fill. */
  count: number;
  pages: number;
  onPage: (page: number) => void;
}

/**
 * A page past the last of a search that finds works (an old link, a page typed in the
 * address): it says so, and leads to the last page, rather than saying nothing matches.
 */
export function PastTheEnd({ count, pages, onPage }: PastTheEndProps) {
  const { active, settings } = useGallery();
  const t = useT(galleryMessages);
  return (
    <div className="notice" role="region" aria-labelledby="past-the-end-title">
      <h2 className="notice__title" id="past-the-end-title">{t('gallery.pastTheEnd', { page: active.page })}</h2>
      <p className="notice__text">{pages === 1 ? t('gallery.pastTheEndOnePage', { count }) : t('gallery.pastTheEndPages', { count, pages })}</p>
      <a
        className="button"
        href={galleryUrl({ ...active, page: pages }, settings.currency)}
        onClick={(e) => {
          e.preventDefault();
          onPage(pages);
        }}
      >
        {t('gallery.lastPage')}
      </a>
    </div>
  );
}

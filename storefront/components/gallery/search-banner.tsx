'use client';

import { useInstantSearch } from 'react-instantsearch';
import { searchBanner } from '../../lib/gallery/search-client';
import { useT } from '../../lib/i18n/use-t';
import { galleryMessages } from '../../lib/i18n/messages/gallery';

/** The banner staff set for this search (a search rule): their words and a link to the collection it leads to. */
export function SearchBanner() {
  const { results } = useInstantSearch();
  const t = useT(galleryMessages);
  const banner = searchBanner(results);
  if (!banner) return null;
  return (
    <aside className="search-banner" aria-label={banner.title}>
      <p className="search-banner__title">{banner.title}</p>
      <a className="search-banner__link" href={banner.url}>{t('gallery.bannerLink')}</a>
    </aside>
  );
}

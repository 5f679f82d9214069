'use client';

import { useInstantSearch } from 'react-instantsearch';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { galleryUrl } from '../../lib/gallery/location';
import { changeFilters } from '../../lib/gallery/rules';
import { didYouMean } from '../../lib/gallery/search-client';
import { useT } from '../../lib/i18n/use-t';
import { galleryMessages } from '../../lib/i18n/messages/gallery';
import { useGallery } from './gallery-context';

export interface DidYouMeanProps {
  onSearch: (def: GallerySearchDefinition) => void;
}

/**
 * "Did you mean painting?" above the results when the engine matched the search words only
 * through typo tolerance: a link that runs the corrected words (the search service's `did_you_mean`).
 */
export function DidYouMean({ onSearch }: DidYouMeanProps) {
  const { active, settings } = useGallery();
  const { results } = useInstantSearch();
  const t = useT(galleryMessages);
  const corrected = didYouMean(results);
  if (!corrected || !active.q || corrected === active.q) return null;
  const next = changeFilters(active, { q: corrected });
  const [before, after] = t('gallery.didYouMean').split('{query}');
  return (
    <p className="did-you-mean">
      {before}
      <a
        className="did-you-mean__link"
        href={galleryUrl(next, settings.currency)}
        onClick={(e) => {
          e.preventDefault();
          onSearch(next);
        }}
      >
        {corrected}
      </a>
      {after}
    </p>
  );
}

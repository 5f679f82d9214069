'use client';

import { useQuery } from '@tanstack/react-query';
import type { Category } from '@easel/shared/vocabulary';
import type { GallerySearchDefinition, RemovalCount } from '@easel/search-service/contract';
import { FILTERS } from '@easel/search-service/filters';
import { widen } from '@easel/search-service/suggestions';
import { listValueText } from '../../lib/gallery/chip-text';
import { filterLabel, valueLabel } from '../../lib/gallery/labels';
import { galleryUrl, landingPath } from '../../lib/gallery/location';
import { answer, api } from '../../lib/api/client';
import { changeFilters, filterChips, resetAll } from '../../lib/gallery/rules';
import { useSuggestions } from '../../lib/gallery/use-search-api';
import { useFormatNumber, useT } from '../../lib/i18n/use-t';
import { galleryMessages } from '../../lib/i18n/messages/gallery';
import { filterMessages } from '../../lib/i18n/messages/filter';
import { vocabularyMessages } from '../../lib/i18n/messages/vocabulary';
import { useChipText } from './active-filters';
import { useGallery } from './gallery-context';

export interface NoResultsProps {
  onSearch: (def: GallerySearchDefinition) => void;
}

/**
 * What a removal takes away, as the shopper reads it: a word as typed, a filter group by its
 * label and values ('Colour: Turquoise, Red', 'Category: Oil (painting)'), or its chips
 * ('On sale', 'Price from £100, Price up to £500', 'Ships to France, Free shipping to France').
 */
function useRemovalText(): (removal: RemovalCount) => string {
  const { active } = useGallery();
  const t = useT(filterMessages, galleryMessages, vocabularyMessages);
  const chipText = useChipText();
  return (removal) => {
    if (removal.kind === 'word') return removal.word;
    const kept = new Set(filterChips(widen(active, removal)).map((chip) => chip.key));
    const removed = filterChips(active).filter((chip) => !kept.has(chip.key));
    const lists = removed.filter((chip) => chip.row.kind === 'list');
    const others = removed.filter((chip) => chip.row.kind !== 'list').map(chipText);
    const label = filterLabel(FILTERS.find((row) => row.group === removal.filter)!, t);
    return [...(lists.length > 0 ? [`${label}: ${lists.map((chip) => listValueText(chip, t)).join(', ')}`] : []), ...others].join(', ');
  };
}

/**
 * A search that finds nothing is never a dead end: the part of it whose removal brings back
 * the most works (one `_suggestions` request counts every part), searches to try instead (with
 * words: staff's synonyms of them, then what shoppers search for and click,
 * `/api/v2/search/related/`), and the categories with the most works.
 */
export function NoResults({ onSearch }: NoResultsProps) {
  const { active, settings } = useGallery();
  const t = useT(filterMessages, galleryMessages, vocabularyMessages);
  const formatNumber = useFormatNumber();
  const removalText = useRemovalText();
  const { value } = useSuggestions(active);
  // The narrowest part: the first removal (most works back); none when no single removal brings any back.
  const narrowest = value?.removals[0]?.count ? value.removals[0] : undefined;
  const widened = narrowest ? widen(active, narrowest) : undefined;
  const categories = value?.categories.filter((c) => c.count > 0) ?? [];
  const q = active.q ?? '';
  const related = useQuery({
    queryKey: ['related-searches', q],
    queryFn: () => answer(api.api.v2.search.related.index.$get({ query: { q } })),
    enabled: q !== '',
  }).data?.searches ?? [];
  return (
    <div className="notice no-results" role="region" aria-labelledby="no-results-title">
      <h2 className="notice__title" id="no-results-title">{t('gallery.noResults')}</h2>
      <p className="notice__text">{t('gallery.noResultsText')}</p>
      {narrowest && widened && (
        <p className="no-results__widen">
          <a
            className="button no-results__remove"
            href={galleryUrl(widened, settings.currency)}
            onClick={(e) => {
              e.preventDefault();
              onSearch(widened);
            }}
          >
            {t('gallery.removeFilter', { filter: removalText(narrowest) })}
            <span className="no-results__count"> — {t('gallery.artworks', { count: narrowest.count })}</span>
          </a>
        </p>
      )}
      {related.length > 0 && (
        <nav className="no-results__categories" aria-labelledby="no-results-related" data-help="related">
          <h3 className="no-results__heading" id="no-results-related">{t('gallery.relatedSearches')}</h3>
          <ul className="no-results__list" role="list">
            {related.map(({ query, url }) => {
              const next = changeFilters(resetAll(active), { q: query });
              return (
                <li key={query}>
                  <a
                    className="no-results__category"
                    href={url}
                    onClick={(e) => {
                      e.preventDefault();
                      onSearch(next);
                    }}
                  >
                    {query}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {categories.length > 0 && (
        <nav className="no-results__categories" aria-labelledby="no-results-categories">
          <h3 className="no-results__heading" id="no-results-categories">{t('gallery.popularCategories')}</h3>
          <ul className="no-results__list" role="list">
            {categories.map(({ value: category, count }) => (
              <li key={category}>
                <a className="no-results__category" href={landingPath({ category: category as Category })}>
                  <span>{valueLabel(category, t)}</span>
                  <span className="no-results__category-count">{formatNumber(count)}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

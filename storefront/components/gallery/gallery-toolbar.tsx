'use client';

import { useState } from 'react';
import { useSearchBox, useSortBy, useStats } from 'react-instantsearch';
import { SORTS, type Sort } from '@easel/search-service/contract';
import { useFormatNumber, useT } from '../../lib/i18n/use-t';
import { alertsMessages } from '../../lib/i18n/messages/alerts';
import { galleryMessages } from '../../lib/i18n/messages/gallery';
import { WIDGETS } from '../../lib/gallery/ui-state';
import { galleryUrl } from '../../lib/gallery/location';
import { changeFilters } from '../../lib/gallery/rules';
import { alertQuery } from '../../lib/alerts/definition';
import { AlertButton } from '../alerts/alert-button';
import { useGallery } from './gallery-context';

export interface GalleryToolbarProps {
  loaded: boolean;
  /** The last search failed: the results area says so, and the count has nothing to show. */
  failed: boolean;
  onSort: (sort: Sort) => void;
  onSearch: (q: string | undefined) => void;
}

/** Above the results: the search box, the exact count and the sort order. */
export function GalleryToolbar({ loaded, failed, onSort, onSearch }: GalleryToolbarProps) {
  const { active, settings } = useGallery();
  const t = useT(alertsMessages, galleryMessages);
  const formatNumber = useFormatNumber();
  // Mounted for the search state: the query and the sort live in InstantSearch's widgets.
  useSearchBox();
  useSortBy(WIDGETS.sortBy);
  const { nbHits } = useStats();
  const [text, setText] = useState(active.q ?? '');
  // Words changed from elsewhere (a chip, "did you mean", back and forward) show in the box.
  const [searched, setSearched] = useState(active.q);
  if (searched !== active.q) {
    setSearched(active.q);
    setText(active.q ?? '');
  }
  // Sent before the page's script has run, the form goes where the search would: this search's
  // address with the box's words as `q`, its other parameters as hidden fields.
  const [action, query = ''] = galleryUrl(changeFilters(active, { q: undefined }), settings.currency).split('?');
  return (
    <div className="gallery-toolbar">
      <form
        className="gallery-search"
        role="search"
        action={action}
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim() || undefined);
        }}
      >
        {[...new URLSearchParams(query)].map(([name, value], i) => (
          <input key={i} type="hidden" name={name} value={value} />
        ))}
        <label className="visually-hidden" htmlFor="gallery-q">Search artworks</label>
        <input className="gallery-search__input" id="gallery-q" name="q" type="search" placeholder="Artist, subject, style" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
        <button className="button button--secondary gallery-search__button" type="submit">Search</button>
      </form>
      <p className="gallery-toolbar__count" id="gallery-count" aria-live="polite">
        {failed ? null : loaded ? `${formatNumber(nbHits)} ${nbHits === 1 ? 'artwork' : 'artworks'}` : 'Searching…'}
      </p>
      <AlertButton query={alertQuery(active)} label={t('alerts.create')} className="button button--secondary gallery-toolbar__alert" />
      <p className="gallery-toolbar__sort">
        <label htmlFor="gallery-sort">{t('gallery.sort')}</label>
        <select id="gallery-sort" value={active.sort} onChange={(e) => onSort(e.target.value as Sort)}>
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>{t(`gallery.sort.${sort}`)}</option>
          ))}
        </select>
      </p>
    </div>
  );
}

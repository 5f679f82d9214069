'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useConnector, useHits, useInstantSearch } from 'react-instantsearch';
import { PARAM_LABELS, toQueryString, type GallerySearchDefinition } from '@easel/search-service/contract';
import type { RateMatrix } from '@easel/shared/currency';
import { inCurrency } from '../../lib/gallery/location';
import { changeFilters, resetAll } from '../../lib/gallery/rules';
import { filterLabel } from '../../lib/gallery/labels';
import { getGalleryHead, type GalleryHead } from '../../lib/gallery/seo';
import { searchOfResults } from '../../lib/gallery/search-client';
import { SEARCH_RETRY_MS, useDraftPreview } from '../../lib/gallery/use-search-api';
import { INITIAL_TRACKING, pushTrackingEvent, trackingReducer, type TrackingEvent } from '../../lib/gallery/tracking';
import { connectSearchSettings, fromUiState, toUiState } from '../../lib/gallery/ui-state';
import { useT } from '../../lib/i18n/use-t';
import { galleryMessages } from '../../lib/i18n/messages/gallery';
import { filterMessages } from '../../lib/i18n/messages/filter';
import { seoMessages } from '../../lib/i18n/messages/seo';
import { vocabularyMessages } from '../../lib/i18n/messages/vocabulary';
import { useSettings } from '../../lib/settings/settings-context';
import { useEarlyInput } from '../../lib/early-input';
import { formatCard, type ShownCard } from '../../lib/cards';
import { ProductGrid } from '../product-grid';
import { ActiveFilters } from './active-filters';
import { DidYouMean } from './did-you-mean';
import { FilterPanel } from './filter-panel';
import { GalleryContext, type GallerySettings, type GalleryState } from './gallery-context';
import { GalleryPagination } from './gallery-pagination';
import { GalleryToolbar } from './gallery-toolbar';
import { NoResults } from './no-results';
import { PastTheEnd } from './past-the-end';
import { SearchBanner } from './search-banner';

export interface GalleryViewProps {
  settings: GallerySettings;
  limit: number;
  /** Query parameters the server dropped from the address, to tell the shopper. */
  dropped: string[];
  /** The currency rates the prices are converted at, for the price range when the currency changes. */
  rates: RateMatrix;
  /** Marks the next address written for `def` as replacing the current history entry. */
  replaceAddress: (def: GallerySearchDefinition) => void;
}

const CLICKED_KEY = 'gallery-clicked';
const keyOf = (def: GallerySearchDefinition) => toQueryString(def);

/** The slugs clicked earlier in this browser session; anything unreadable counts as none. */
function readClicked(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(CLICKED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the document's head in step with a search made on the page: the server wrote it for
 * the address it was asked for, and the page's own searches change the landing page.
 */
function useDocumentHead({ seo, canonicalPath, indexable }: GalleryHead) {
  useEffect(() => {
    document.title = `${seo.meta_page_title} | Easel`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', seo.meta_page_description);
    document.querySelector('meta[name="robots"]')?.setAttribute('content', indexable ? 'index, follow' : 'noindex, follow');
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="canonical"], link[rel="alternate"][hreflang]')) {
      link.href = new URL(canonicalPath, link.href).href;
    }
  }, [seo, canonicalPath, indexable]);
}

/**
 * The gallery page under InstantSearch: the active search (from InstantSearch's state), the
 * panel's draft, and every way of changing the search (apply, chips, sort, pages), each
 * counted for tracking.
 */
export function GalleryView({ settings, limit, dropped, rates, replaceAddress }: GalleryViewProps) {
  // A failed search is shown in the page (the notice below); caught, it is not also thrown as an uncaught error.
  const { indexUiState, setIndexUiState, status, error, results, refresh } = useInstantSearch({ catchError: true });
  const t = useT(filterMessages, galleryMessages, seoMessages, vocabularyMessages);
  const active = useMemo(() => fromUiState(indexUiState), [indexUiState]);
  const activeKey = keyOf(active);
  const head = useMemo(() => getGalleryHead(active, t), [activeKey, t]);
  useDocumentHead(head);
  // The draft's latest value is read at once by apply (Enter in a field commits, then applies).
  const draftRef = useRef(active);
  const [draft, setDraftState] = useState(active);
  const setDraft = useCallback((update: (d: GallerySearchDefinition) => GallerySearchDefinition) => {
    draftRef.current = update(draftRef.current);
    setDraftState(draftRef.current);
  }, []);
  // A new active search (applied, or reached with back/forward) replaces the draft.
  // Keyed on the canonical text, so a new object for the same search keeps the draft.
  useEffect(() => setDraft(() => active), [activeKey]);

  // The ref is the record (events read it at once); the state re-renders the clicked flags.
  const trackingRef = useRef(INITIAL_TRACKING);
  const [tracking, setTracking] = useState(INITIAL_TRACKING);
  const track = useCallback((event: TrackingEvent) => {
    trackingRef.current = trackingReducer(trackingRef.current, event);
    setTracking(trackingRef.current);
    pushTrackingEvent(event, trackingRef.current);
  }, []);
  const firstKey = useRef(activeKey);
  useEffect(() => {
    if (activeKey !== firstKey.current) track({ type: 'url' });
    firstKey.current = activeKey;
  }, [activeKey, track]);
  // Clicked results keep their flag when the shopper comes back to the gallery.
  useEffect(() => {
    const clicked = readClicked();
    trackingRef.current = clicked.reduce((t, slug) => trackingReducer(t, { type: 'click', slug }), trackingRef.current);
    setTracking(trackingRef.current);
  }, []);
  const onResultClick = useCallback((slug: string) => {
    track({ type: 'click', slug });
    sessionStorage.setItem(CLICKED_KEY, JSON.stringify(trackingRef.current.clicked));
  }, [track]);

  const search = useCallback(
    (def: GallerySearchDefinition, kind: 'filter' | 'sort' | 'pagination') => {
      if (keyOf(def) === keyOf(active)) return;
      track({ type: kind });
      setIndexUiState(toUiState(def));
    },
    [active, setIndexUiState, track],
  );

  // New settings (chosen in the header, or a signed-in shopper's own) show the same search in
  // them, in the same entry: a new currency with every filter kept, the price range converted,
  // from page 1; a new ships-to country with free shipping judged for it, on the same page.
  useEffect(() => {
    if (settings.currency === active.currency && settings.country === active.country) return;
    const next = { ...(settings.currency === active.currency ? active : inCurrency(active, settings.currency, rates)), country: settings.country };
    replaceAddress(next);
    setIndexUiState(toUiState(next));
  }, [settings.currency, settings.country]);

  const drafting = keyOf(draft) !== activeKey;
  const draftPreview = useDraftPreview(draft, drafting);
  const preview = drafting ? draftPreview : null;
  const state: GalleryState = useMemo(() => ({ settings, active, draft, setDraft, preview, limit }), [settings, active, draft, setDraft, preview, limit]);

  // A search that failed (the engine stopped, paused or restarting) is asked again every few
  // seconds, each failure a new error, so the gallery comes back by itself when search does.
  useEffect(() => {
    if (status !== 'error') return;
    const timer = setTimeout(refresh, SEARCH_RETRY_MS);
    return () => clearTimeout(timer);
  }, [status, error, refresh]);

  useConnector(connectSearchSettings, {});
  const { items } = useHits<ShownCard>();
  const { language } = useSettings().settings;
  const cards = useMemo(
    () => items.map((hit) => formatCard(hit, { currency: active.currency, units: settings.display_units, language })),
    [items, active.currency, settings.display_units, language],
  );
  const count = results?.nbHits ?? 0;
  const resultsSearch = searchOfResults(results);
  // A failure is shown until a search is answered: while the retry, or a new search, is on its
  // way, the results on hand are an older search's, not the one the address and chips name.
  const erred = status === 'error' && error !== undefined;
  const [failing, setFailing] = useState(false);
  if (erred !== failing && (erred || status === 'idle')) setFailing(erred);
  const failed = erred || failing;
  const loaded = results !== undefined && results !== null && (results as { __isArtificial?: boolean }).__isArtificial !== true;
  // Words typed before the gallery's script had run count (lib/early-input.ts).
  const root = useRef<HTMLDivElement>(null);
  useEarlyInput(root);

  return (
    <GalleryContext.Provider value={state}>
      <div ref={root} className="container gallery">
        <header className="gallery__head">
          <h1 className="gallery__title">{head.seo.page_title}</h1>
          <p className="gallery__description">{head.seo.page_description}</p>
        </header>
        {dropped.length > 0 && (
          <p className="gallery__notice" role="status">
            {t('gallery.leftOut', { params: dropped.map((param) => filterLabel({ name: param, label: PARAM_LABELS[param] ?? param }, t)).join(', ') })}
          </p>
        )}
        <div className="gallery__layout">
          <FilterPanel
            resultCount={count}
            onApply={() => search(draftRef.current, 'filter')}
            onResetAll={() => setDraft(resetAll)}
          />
          <section className="gallery__results" aria-labelledby="gallery-count" tabIndex={-1} data-skip-target>
            <GalleryToolbar
              loaded={loaded}
              failed={failed}
              onSort={(sort) => search({ ...active, sort, page: 1 }, 'sort')}
              onSearch={(q) => search(changeFilters(active, { q }), 'filter')}
            />
            <ActiveFilters onChange={(def) => search(def, 'filter')} onClearAll={() => search(resetAll(active), 'filter')} />
            {loaded && !failed && <DidYouMean onSearch={(def) => search(def, 'filter')} />}
            {loaded && !failed && <SearchBanner />}
            {failed ? (
              <div className="notice" role="alert">
                <h2 className="notice__title">{t('gallery.searchUnavailable')}</h2>
                <p className="notice__text">{t('gallery.searchUnavailableText')}</p>
              </div>
            ) : loaded && cards.length === 0 && count > 0 ? (
              <PastTheEnd count={count} pages={results!.nbPages} onPage={(page) => search({ ...active, page }, 'pagination')} />
            ) : loaded && cards.length === 0 ? (
              <NoResults onSearch={(def) => search(def, 'filter')} />
            ) : (
              <ProductGrid cards={cards} clicked={tracking.clicked} onCardClick={onResultClick} {...(resultsSearch ? { search: resultsSearch } : {})} />
            )}
            <GalleryPagination onPage={(page) => search({ ...active, page }, 'pagination')} />
          </section>
        </div>
      </div>
    </GalleryContext.Provider>
  );
}

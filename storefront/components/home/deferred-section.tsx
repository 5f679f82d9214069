'use client';

import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import type { ProductCard } from '@easel/search-service/contract';
import type { ArtistData } from '../../lib/catalogue/artists';
import type { BannerData, EditorsPickData } from '../../lib/catalogue/home';
import type { CardDisplay, ProductCardData } from '../../lib/cards';
import { artistPlace } from '../../lib/artist-place';
import { fetchJson } from '../../lib/fetch-json';
import { useT } from '../../lib/i18n/use-t';
import { createLoadable } from '../../lib/loadable';
import { INVALID_DATA_FORMAT, parseRecommendations, recommendationCards } from '../../lib/recommendations';
import type { SsrOutcome } from '../../lib/ssr-budget';
import { LoadableSection, useLoadable } from '../loadable-section';
import { useSettings } from '../../lib/settings/settings-context';
import {
  ArtistsView, BannerView, EditorsPicksView, FeaturedArtView, HomeSectionFrame, RecentlyViewedView, RecommendationsView,
} from './home-views';

/**
 * A homepage section the server could not render in time (or failed to): it loads from its
 * endpoint in the browser and shows the same view the server would have. Meanwhile its frame
 * holds the place, so the page never blanks and nothing jumps when it arrives.
 */

export interface DeferredSectionProps {
  kind: HomeSectionKind;
  /** The section's endpoint, with the shopper's parameters. */
  url: string;
  /** The heading its frame shows while it loads. */
  title: string;
  /** Why the server sent it without data: null when it ran out of time. */
  ssrError: Extract<SsrOutcome<unknown>, { ok: false }>['error'];
  display: CardDisplay;
}

export type HomeSectionKind = 'banner' | 'editors-picks' | 'featured-art' | 'popular-artists' | 'discovered-artists' | 'recently-viewed' | 'recommendations';

/** Every section's answer, checked: one without the shape its view reads is a failure. */
const listSchema = z.object({ results: z.array(z.unknown()) });
function parse(kind: HomeSectionKind, json: unknown): unknown {
  if (kind === 'recommendations') return recommendationCards(parseRecommendations(json));
  if (kind === 'banner') return json;
  if (!listSchema.safeParse(json).success) throw new Error(INVALID_DATA_FORMAT);
  return json;
}

export function DeferredSection({ kind, url, title, ssrError, display }: DeferredSectionProps) {
  const t = useT();
  const store = useMemo(
    // A failure on the server stays recorded in the section's state until the browser's load succeeds.
    () => createLoadable(async () => parse(kind, await fetchJson(url)), ssrError ? { status: 'failed', error: ssrError } : {}),
    [kind, url, ssrError],
  );
  const state = useLoadable(store);
  useEffect(() => {
    void store.load();
  }, [store]);

  const loaded = state.status === 'succeeded' || state.status === 'updating';
  return (
    <div className="deferred" data-deferred={kind} data-status={state.status} {...(state.error ? { 'data-error': state.error } : {})}>
      {loaded ? (
        <SectionView kind={kind} data={state.data} title={title} display={display} />
      ) : kind === 'banner' ? (
        <div className="hero hero--placeholder" aria-busy="true" />
      ) : (
        <HomeSectionFrame id={kind} title={title}>
          <LoadableSection status={state.status} onRetry={() => void store.load()}>{null}</LoadableSection>
        </HomeSectionFrame>
      )}
    </div>
  );
}

function SectionView({ kind, data, title, display }: Omit<DeferredSectionProps, 'url' | 'ssrError'> & { data: unknown }) {
  const t = useT();
  const { language } = useSettings().settings;
  const props = { display, t };
  switch (kind) {
    case 'banner': return <BannerView data={data as BannerData | null} {...props} />;
    case 'editors-picks': return <EditorsPicksView data={data as { results: EditorsPickData[] }} {...props} />;
    case 'featured-art': return <FeaturedArtView data={data as { results: ProductCard[] }} {...props} />;
    case 'recently-viewed': return <RecentlyViewedView data={data as { results: ProductCard[] }} {...props} />;
    case 'recommendations': return <RecommendationsView cards={data as ProductCardData[]} t={t} />;
    case 'popular-artists':
    case 'discovered-artists':
      return (
        <ArtistsView
          id={kind} title={title} t={t} artists={(data as { results: ArtistData[] }).results}
          place={(artist) => artistPlace(artist, language)}
        />
      );
  }
}

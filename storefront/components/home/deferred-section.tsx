'use client';

import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../lib/api/client';
import { artistPlace } from '../../lib/artist-place';
import type { CardDisplay } from '../../lib/cards';
import { useT } from '../../lib/i18n/use-t';
import { artistMessages } from '../../lib/i18n/messages/artist';
import { homeMessages } from '../../lib/i18n/messages/home';
import { recommendationCards } from '../../lib/recommendations';
import { useSettings } from '../../lib/settings/settings-context';
import type { SsrOutcome } from '../../lib/ssr-budget';
import { errorMessage } from '../../lib/store';
import { LoadableSection, loadStatusOf } from '../loadable-section';
import {
  ArtistsView, BannerView, EditorsPicksView, FeaturedArtView, HomeSectionFrame, RecentlyViewedView, RecommendationsView,
} from './home-views';

/**
 * A homepage section loaded from its endpoint in the browser, showing the same view the server
 * would have: one the server could not render in time (or failed to), or one of the shopper's
 * own (recently viewed, recommendations), which is always the browser's, so the page around it
 * is every visitor's and the page cache can serve it. Meanwhile its frame holds the place, so the
 * page never blanks; recently viewed, which most visitors have none of, shows nothing until it
 * has works.
 */

export interface DeferredSectionProps {
  /** The section, with the query its endpoint takes for this shopper. */
  section: SectionQuery;
  /** The heading its frame shows while it loads. */
  title: string;
  /** Why the server sent it without data: null when it ran out of time; left out for a section of the shopper's own. */
  ssrError?: Extract<SsrOutcome<unknown>, { ok: false }>['error'];
  display: CardDisplay;
}

const v2 = api.api.v2;
type Query<F> = F extends (args: { query: infer Q }) => unknown ? Q : never;

export type SectionQuery =
  | { kind: 'banner' }
  | { kind: 'editors-picks' | 'featured-art' | 'recently-viewed'; query: Query<typeof v2['featured-art']['index']['$get']> }
  | { kind: 'popular-artists' | 'discovered-artists'; query: Query<typeof v2.artists.index.$get> }
  | { kind: 'recommendations'; query: Query<typeof v2.recommendations.index.$get> };

export type HomeSectionKind = SectionQuery['kind'];

/** The section's data from its endpoint, tagged with its kind for its view. */
async function loadSection(section: SectionQuery) {
  switch (section.kind) {
    case 'banner': return { kind: section.kind, data: await answer(v2.homepage.banner.index.$get()) };
    case 'editors-picks': return { kind: section.kind, data: await answer(v2.collections.index.$get({ query: section.query })) };
    case 'featured-art': return { kind: section.kind, data: await answer(v2['featured-art'].index.$get({ query: section.query })) };
    case 'recently-viewed': return { kind: section.kind, data: await answer(api.api['recently-viewed'].index.$get({ query: section.query })) };
    case 'recommendations': return { kind: section.kind, data: recommendationCards(await answer(v2.recommendations.index.$get({ query: section.query }))) };
    case 'popular-artists':
    case 'discovered-artists':
      return { kind: section.kind, data: await answer(v2.artists.index.$get({ query: section.query })) };
  }
}

type Loaded = Awaited<ReturnType<typeof loadSection>>;

export function DeferredSection({ section, title, ssrError, display }: DeferredSectionProps) {
  const own = ssrError === undefined;
  // The shopper's own sections are asked again each time the page is shown: a work viewed since counts.
  const loading = useQuery({ queryKey: ['home-section', section], queryFn: () => loadSection(section), ...(own ? { staleTime: 0 } : {}) });
  const status = loadStatusOf(loading);
  // A failure on the server stays recorded until the browser's load succeeds.
  const error = loading.error ? errorMessage(loading.error) : loading.data ? null : ssrError;
  return (
    <div className="deferred" data-deferred={section.kind} data-status={status} {...(own ? {} : { 'data-missed': '' })} {...(error ? { 'data-error': error } : {})}>
      {loading.data ? (
        <SectionView loaded={loading.data} title={title} display={display} />
      ) : section.kind === 'recently-viewed' && status !== 'failed' ? null : section.kind === 'banner' ? (
        <div className="hero hero--placeholder" aria-busy="true" />
      ) : (
        <HomeSectionFrame id={section.kind} title={title}>
          <LoadableSection status={status} onRetry={() => void loading.refetch()}>{null}</LoadableSection>
        </HomeSectionFrame>
      )}
    </div>
  );
}

function SectionView({ loaded, title, display }: Pick<DeferredSectionProps, 'title' | 'display'> & { loaded: Loaded }) {
  const t = useT(artistMessages, homeMessages);
  const { language } = useSettings().settings;
  const props = { display, t };
  switch (loaded.kind) {
    case 'banner': return <BannerView data={loaded.data} {...props} />;
    case 'editors-picks': return <EditorsPicksView data={loaded.data} {...props} />;
    case 'featured-art': return <FeaturedArtView data={loaded.data} {...props} />;
    case 'recently-viewed': return <RecentlyViewedView data={loaded.data} {...props} />;
    case 'recommendations': return <RecommendationsView cards={loaded.data} t={t} />;
    case 'popular-artists':
    case 'discovered-artists':
      return <ArtistsView id={loaded.kind} title={title} t={t} artists={loaded.data.results} place={(artist) => artistPlace(artist, language)} />;
  }
}

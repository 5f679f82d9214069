import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getEditorsPicks, getHomepageBanner } from '@easel/data/queries/curation';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { apiError } from '../api-error';
import { answering, HOMEPAGE_CACHE, readQuery, shipsToSchema, type Handler } from './api';
import { imageSpecOf } from '@easel/indexer/documents';
import { imageSource, toCard } from './cards';

type Dependencies = { getDb: () => Promise<Db> };

/** A homepage row's worth of works per pick. */
const WORKS_PER_PICK = 8;
/** SPEC §9: editors' picks are cached for 2 hours. */
const EDITORS_PICKS_CACHE = 'public, max-age=7200';
/** The hero is shown full width; `srcSet` has the smaller widths. */
const BANNER_IMAGE_WIDTH = 1280;

const picksQuerySchema = z.object({ ships_to: shipsToSchema });

/**
 * GET /api/v2/collections: the editors' picks in staff order,
 * `{ results: [{ id, title, slug, artworks: ProductCard[] }] }`, each pick's works still
 * for sale, most popular first.
 */
export function createEditorsPicksHandler({ getDb }: Dependencies): Handler {
  return answering('editors picks', async (request) => {
    const query = readQuery(request, picksQuerySchema);
    if (query instanceof Response) return query;
    const db = await getDb();
    const [picks, rates] = await Promise.all([getEditorsPicks(db, WORKS_PER_PICK), getRateMatrix(db)]);
    const results = picks.map(({ artworks, ...pick }) => ({
      ...pick,
      artworks: artworks.map((w) => toCard(w, rates, { ships_to: query.ships_to })),
    }));
    return NextResponse.json({ results }, { headers: { 'Cache-Control': EDITORS_PICKS_CACHE } });
  });
}

/**
 * GET /api/v2/homepage/banner/: the hero banner, whole:
 * `{ id, title, subtitle, link: { label, url }, image: { src, srcSet, width, height, alt }, artwork: { slug, title, url, artist_name, artist_url } }`;
 * 404 when staff have set none.
 */
export function createHomepageBannerHandler({ getDb }: Dependencies): Handler {
  return answering('homepage banner', async () => {
    const banner = await getHomepageBanner(await getDb());
    if (!banner) return apiError(404, 'not_found', 'There is no homepage banner.');
    const { artwork } = banner;
    return NextResponse.json(
      {
        id: banner.id,
        title: banner.title,
        subtitle: banner.subtitle,
        link: { label: banner.link_label, url: banner.link_url },
        image: { ...imageSource(imageSpecOf(artwork), BANNER_IMAGE_WIDTH), alt: `${artwork.title} by ${artwork.artist.name}` },
        artwork: {
          slug: artwork.slug, title: artwork.title, url: `/product/${artwork.slug}/`,
          artist_name: artwork.artist.name, artist_url: `/artist/${artwork.artist.slug}/`,
        },
      },
      { headers: { 'Cache-Control': HOMEPAGE_CACHE } },
    );
  });
}

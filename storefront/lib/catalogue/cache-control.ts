/** How long the catalogue's JSON answers may be cached: their Cache-Control values. */

/** SPEC §9: product and artist 1800 s, stale 7200 s. */
export const PAGE_DATA_CACHE = 'public, max-age=1800, stale-while-revalidate=7200';
/** SPEC §9: homepage 1800 s, stale 3600 s. */
export const HOMEPAGE_CACHE = 'public, max-age=1800, stale-while-revalidate=3600';

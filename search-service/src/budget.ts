/**
 * SPEC section 9: a product search is answered, or refused, within 1000 ms. Every hop's wait is
 * made from this one figure, each inner hop 100 ms shorter than the one around it, so the hop
 * outside hears the inner one's own answer (504 "took too long") rather than giving up first:
 * the browser waits the whole budget, the storefront's server 900 ms for the search service,
 * the search service 800 ms for Meilisearch.
 *
 * A module of its own, without schemas: the site's header waits this long for suggestions on
 * every page.
 */
export const SEARCH_BUDGET_MS = 1000;
const HOP_MARGIN_MS = 100;
export const SEARCH_WAITS_MS = {
  browser: SEARCH_BUDGET_MS,
  /** A load balancer in front of the storefronts (the cluster's HAProxy), between the two. */
  frontProxy: SEARCH_BUDGET_MS - HOP_MARGIN_MS / 2,
  storefront: SEARCH_BUDGET_MS - HOP_MARGIN_MS,
  engine: SEARCH_BUDGET_MS - 2 * HOP_MARGIN_MS,
} as const;

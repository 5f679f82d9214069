// What every scenario shares: where to send requests, the query mix, and the budgets.
import { SharedArray } from 'k6/data';

/** The storefront (or search service) under test; loopback unless a deployment is named. */
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
/** Requests per second each scenario starts, and for how long. */
export const RATE = Number(__ENV.RATE || 20);
export const DURATION = __ENV.DURATION || '1m';

/** @typedef {'search' | 'count' | 'prices'} Endpoint */
/** @typedef {{ endpoint: Endpoint, query: string, weight: number }} MixEntry */
/**
 * A parameter of the search contract, by name: the types come from the contract's schema (and
 * so from its filter table), so a scenario that names a parameter the contract lacks fails the
 * type check.
 * @typedef {import('../search-service/src/contract').GallerySearchDefinition} Definition
 * @typedef {keyof Definition} Param
 */

/** The shared query mix (query-mix.json), loaded once for every virtual user. */
export const MIX = /** @type {MixEntry[]} */ (
  /** @type {unknown} */ (new SharedArray('query mix', () => JSON.parse(open('./query-mix.json')).queries))
);

/** @type {Record<Endpoint, string>} */
const PATHS = { search: '/api/v2/product/s/', count: '/api/v2/product/s/_count/', prices: '/api/v2/product/s/_prices/' };

/** An entry's address: BASE_URL + the endpoint's path + its query. */
export function urlOf(/** @type {Endpoint} */ endpoint, /** @type {string} */ query) {
  return `${BASE_URL}${PATHS[endpoint]}${query ? `?${query}` : ''}`;
}

/**
 * A mix entry's query with more parameters: ('colours=red', { sort: 'newest', page: 2 }) -> 'colours=red&sort=newest&page=2'.
 * @param {string} query
 * @param {Partial<Record<Param, string | number>>} params
 */
export function withParams(query, params) {
  const added = Object.entries(params).map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  return [query, ...added].filter(Boolean).join('&');
}

/** A picker that draws entries as often as their weights say. */
export function weighted(/** @type {MixEntry[]} */ entries) {
  /** @type {number[]} */
  const cumulative = [];
  let total = 0;
  for (const entry of entries) {
    total += entry.weight;
    cumulative.push(total);
  }
  return () => {
    const target = Math.random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] > target) high = mid;
      else low = mid + 1;
    }
    return entries[low];
  };
}

/**
 * The budget per endpoint, through tags: p95 and p99 of `http_req_duration` and failures under
 * 0.1%. k6 exits non-zero when a threshold is crossed. P95_MS and P99_MS override the defaults
 * (a remote deployment adds the network's time).
 * @param {string[]} endpoints
 */
export function thresholds(endpoints) {
  const p95 = Number(__ENV.P95_MS || 100);
  const p99 = Number(__ENV.P99_MS || 1000);
  /** @type {Record<string, string[]>} */
  const result = { http_req_failed: ['rate<0.001'] };
  for (const endpoint of endpoints) {
    result[`http_req_duration{endpoint:${endpoint}}`] = [`p(95)<${p95}`, `p(99)<${p99}`];
    result[`http_req_failed{endpoint:${endpoint}}`] = ['rate<0.001'];
  }
  return result;
}

/**
 * An open-model scenario: RATE new iterations a second for DURATION, whatever the server's pace.
 * @param {string} exec the exported function each iteration runs
 */
export function openModel(exec) {
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate: RATE,
    timeUnit: '1s',
    duration: DURATION,
    preAllocatedVUs: Math.max(10, RATE),
    maxVUs: Math.max(50, RATE * 5),
  };
}

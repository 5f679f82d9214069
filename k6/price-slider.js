// A shopper dragging the price slider: a storm of _count calls, one per position, on one of the
// mix's searches, as the filter panel's live "Show N artworks" asks.
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e RATE=5 k6/price-slider.js
import http from 'k6/http';
import { check } from 'k6';
import { MIX, openModel, thresholds, urlOf, weighted, withParams } from './lib.js';

const pick = weighted(MIX.filter((entry) => entry.endpoint === 'search' && !entry.query.includes('price_')));
/** Slider positions one drag passes through, in whole pounds. */
const STEPS = [50, 100, 150, 250, 400, 600, 900, 1300, 2000, 3000];

export const options = {
  scenarios: { slider: openModel('drag') },
  thresholds: thresholds(['count']),
};

export function drag() {
  const base = pick().query;
  for (const max of STEPS) {
    const query = withParams(base, { price_max: max });
    const response = http.get(urlOf('count', query), { tags: { endpoint: 'count' } });
    check(response, { 'count answers a number': (r) => r.status === 200 && typeof r.json('count') === 'number' });
  }
}

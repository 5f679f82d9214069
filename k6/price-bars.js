// The filter panel's price bars (_prices) for the mix's searches.
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e RATE=20 k6/price-bars.js
import http from 'k6/http';
import { check } from 'k6';
import { MIX, openModel, thresholds, urlOf, weighted } from './lib.js';

const pick = weighted(MIX.filter((entry) => entry.endpoint !== 'count'));

export const options = {
  scenarios: { bars: openModel('bars') },
  thresholds: thresholds(['prices']),
};

export function bars() {
  const response = http.get(urlOf('prices', pick().query), { tags: { endpoint: 'prices' } });
  check(response, { 'price bars answer 200': (r) => r.status === 200 && Array.isArray(r.json('results')) });
}

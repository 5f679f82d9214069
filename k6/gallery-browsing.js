// Shoppers browsing the gallery: the mix's searches, weighted like real traffic, at RATE a second.
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e RATE=50 -e DURATION=2m k6/gallery-browsing.js
import http from 'k6/http';
import { check } from 'k6';
import { MIX, openModel, thresholds, urlOf, weighted } from './lib.js';

const pick = weighted(MIX.filter((entry) => entry.endpoint === 'search'));

export const options = {
  scenarios: { gallery: openModel('browse') },
  thresholds: thresholds(['search']),
};

export function browse() {
  const entry = pick();
  const response = http.get(urlOf('search', entry.query), { tags: { endpoint: 'search' } });
  check(response, { 'search answers 200 with results': (r) => r.status === 200 && Array.isArray(r.json('results')) });
}

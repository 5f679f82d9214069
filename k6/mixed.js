// The whole mix at once, weighted like real traffic: searches, live counts and price bars.
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e RATE=50 -e DURATION=5m k6/mixed.js
import http from 'k6/http';
import { check } from 'k6';
import { MIX, openModel, thresholds, urlOf, weighted } from './lib.js';

const pick = weighted(MIX);

export const options = {
  scenarios: { mixed: openModel('request') },
  thresholds: thresholds(['search', 'count', 'prices']),
};

export function request() {
  const entry = pick();
  const response = http.get(urlOf(entry.endpoint, entry.query), { tags: { endpoint: entry.endpoint } });
  check(response, { 'answers 200': (r) => r.status === 200 });
}

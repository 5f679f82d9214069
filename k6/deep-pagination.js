// Paging deep into the gallery: newest first, pages 1 to MAX_PAGE of the mix's searches.
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e RATE=10 -e MAX_PAGE=50 k6/deep-pagination.js
import http from 'k6/http';
import { check } from 'k6';
import { MIX, openModel, thresholds, urlOf, weighted, withParams } from './lib.js';

const pick = weighted(MIX.filter((entry) => entry.endpoint === 'search' && !/(^|&)(page|sort)=/.test(entry.query)));
const MAX_PAGE = Number(__ENV.MAX_PAGE || 50);

export const options = {
  scenarios: { pages: openModel('page') },
  thresholds: thresholds(['search']),
};

export function page() {
  const number = 1 + Math.floor(Math.random() * MAX_PAGE);
  const query = withParams(pick().query, { sort: 'newest', page: number });
  const response = http.get(urlOf('search', query), { tags: { endpoint: 'search' } });
  check(response, { 'page answers 200': (r) => r.status === 200 && r.json('page') === number });
}

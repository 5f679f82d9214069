// Typing in the header's search box: each iteration types a word a letter at a time, asking
// /api/v2/search/ for suggestions after each key, as the box does after a short pause.
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e RATE=5 k6/search-box.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_URL, MIX, openModel, thresholds } from './lib.js';

/** Words shoppers type: the mix's text queries, else its vocabulary values (subjects, styles, colours). */
const WORDS = [...new Set(MIX.flatMap((entry) => entry.query.split('&')).flatMap((pair) => {
  const [name, value] = pair.split('=');
  return name === 'q' || name === 'subject' || name === 'style' || name === 'colours' ? [decodeURIComponent(value).replace(/[-+]/g, ' ')] : [];
}))];

/** The box waits this long after a key before it asks. */
const PAUSE_S = 0.15;

export const options = {
  scenarios: { typing: openModel('type') },
  thresholds: thresholds(['suggest']),
};

export function type() {
  const word = WORDS[Math.floor(Math.random() * WORDS.length)];
  for (let length = 2; length <= word.length; length++) {
    const response = http.get(`${BASE_URL}/api/v2/search/?q=${encodeURIComponent(word.slice(0, length))}`, { tags: { endpoint: 'suggest' } });
    check(response, { 'suggestions answer 200': (r) => r.status === 200 });
    sleep(PAUSE_S);
  }
}

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SearchAnalytics } from '../../lib/staff/search-analytics';
import { SearchReport } from './search-report';

/** A report whose searches without words name their filters, as the search records keep them. */
const report: SearchAnalytics = {
  from: '2026-11-01',
  to: '2026-11-30',
  searches: 9,
  days: [{ day: '2026-11-30', searches: 9, zero_result_searches: 3 }],
  top_queries: [],
  zero_result_queries: [
    { query: '', definition: 'colours=red&currency=CAD&painting=oil&price_max=500&product_category=painting', count: 2, gallery_url: '/shop/painting/oil/?colours=red&price_max=500&currency=CAD' },
    { query: '', definition: 'free_shipping=true&framed_or_ready_to_hang=true&ships_to=FR&width_min=40', count: 1, gallery_url: '/shop/?ships_to=FR&free_shipping=true' },
    { query: '', definition: 'colours=ultraviolet', count: 1, gallery_url: '/shop/' },
  ],
  unclicked_queries: [],
  slowest: [],
  filters: [{ filter: 'painting', searches: 4, values: [{ value: 'mixed-media', searches: 3 }, { value: 'oil', searches: 1 }] }],
};

describe("the staff's search report", () => {
  it('names a search without words by its filters as the gallery chips do, and list values in words', () => {
    const html = renderToStaticMarkup(<SearchReport report={report} language="en-gb" />);
    expect(html).toContain('>No words: Price up to CA$500, Painting, Oil (painting), Red</a>');
    expect(html).toContain('>No words: Width from 40 cm, Ships to France, Free shipping to France, Framed or ready to hang</a>');
    expect(html).toContain('Mixed media (3), Oil (1)');
    // A search the contract no longer reads (a value since retired) keeps its recorded parameters.
    expect(html).toContain('>No words: colours ultraviolet</a>');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseArtistWorksQuery } from '../../lib/catalogue/artist-works';
import { getTranslator } from '../../lib/i18n/translate';
import type { GalleryPage } from '../../lib/search/gallery-page';
import { ArtistWorks } from './artist-works';

const t = getTranslator('en-gb');
const page = (over: Partial<GalleryPage>): GalleryPage => ({
  cards: [], count: 0, numPages: 0, page: 1, categories: [], subcategories: { painting: [], sculpture: [], photography: [], drawing: [], prints: [] }, ...over,
});
const render = (query: Record<string, string>, works: Parameters<typeof ArtistWorks>[0]['works']) =>
  renderToStaticMarkup(<ArtistWorks slug="ada-lovelace" definition={parseArtistWorksQuery('ada-lovelace', query)} works={works} t={t} />);

describe('ArtistWorks', () => {
  it('says the works cannot be shown when the search service is down, and offers no filters', () => {
    const html = render({}, { ok: false, reason: 'unavailable' });
    expect(html).toContain('The works for sale can’t be shown just now');
    expect(html).not.toContain('artist-works__category');
    expect(html).not.toContain('class="grid"');
  });

  it('links each category the artist works in, with its count, keeping the order chosen', () => {
    const html = render({ sort: 'newest', product_category: 'drawing' }, { ok: true, gallery: page({ count: 3, numPages: 1, categories: [{ value: 'painting', count: 5 }, { value: 'drawing', count: 3 }] }) });
    expect(html).toContain('href="/artist/ada-lovelace/?sort=newest"');
    expect(html).toMatch(/href="\/artist\/ada-lovelace\/\?sort=newest&amp;product_category=painting">Painting <span class="artist-works__category-count">5<\/span>/);
    expect(html).toMatch(/href="\/artist\/ada-lovelace\/\?sort=newest&amp;product_category=drawing" aria-current="page">Drawing/);
    expect(html).not.toContain('product_category=sculpture');
    expect(html).toContain('<input type="hidden" name="product_category" value="drawing"/>');
  });

  it('offers the first page past the last one, and page links within the range', () => {
    expect(render({ page: '9' }, { ok: true, gallery: page({ count: 30, numPages: 2, page: 9 }) })).toContain('Back to the first page');
    expect(render({ page: '2' }, { ok: true, gallery: page({ count: 30, numPages: 2, page: 2 }) })).toContain('href="/artist/ada-lovelace/" aria-label="Page 1"');
  });
});

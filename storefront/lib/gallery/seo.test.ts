import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_VALUES } from '@easel/shared/vocabulary';
import { getTranslator } from '../i18n/translate';
import { getPageSeo, pageSeoSchema } from './seo';

const british = getTranslator('en-gb');

describe('getPageSeo', () => {
  it.each([
    [{}, 'Original art for sale'],
    [{ category: 'painting' as const }, 'Original paintings for sale'],
    [{ category: 'painting' as const, subcategory: 'oil' }, 'Original oil paintings for sale'],
    [{ category: 'prints' as const, subcategory: 'screenprint' }, 'Limited-edition screenprints for sale'],
    [{ category: 'photography' as const, subcategory: 'black-and-white' }, 'Original black and white photography for sale'],
  ])('%j -> %s', (landing, title) => {
    expect(getPageSeo(landing, british).page_title).toBe(title);
  });

  it('gives every landing page its own title and description', () => {
    const pages = [{}, ...CATEGORY_VALUES.flatMap((category) => [{ category }, ...CATEGORIES[category].map((subcategory) => ({ category, subcategory }))])];
    const seo = pages.map((p) => pageSeoSchema.parse(getPageSeo(p, british)));
    expect(new Set(seo.map((s) => s.meta_page_title)).size).toBe(pages.length);
    for (const s of seo) expect(s.meta_page_description.length).toBeLessThanOrEqual(170);
  });

  it('speaks American English to an American shopper', () => {
    const american = getPageSeo({ category: 'painting', subcategory: 'watercolour' }, getTranslator('en-us'));
    expect(american.page_title).toBe('Original watercolor paintings for sale');
    expect(american.page_description).toContain('Filter by price, size, color and style');
    expect(getPageSeo({ category: 'painting', subcategory: 'watercolour' }, british).page_description).toContain('colour');
  });
});

import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_VALUES } from '@easel/shared/vocabulary';
import { getPageSeo, pageSeoSchema } from './seo';

describe('getPageSeo', () => {
  it.each([
    [{}, 'Original art for sale'],
    [{ category: 'painting' as const }, 'Original paintings for sale'],
    [{ category: 'painting' as const, subcategory: 'oil' }, 'Original oil paintings for sale'],
    [{ category: 'prints' as const, subcategory: 'screenprint' }, 'Limited-edition screenprints for sale'],
    [{ category: 'photography' as const, subcategory: 'black-and-white' }, 'Original black and white photography for sale'],
  ])('%j -> %s', (landing, title) => {
    expect(getPageSeo(landing).page_title).toBe(title);
  });

  it('gives every landing page its own title and description', () => {
    const pages = [{}, ...CATEGORY_VALUES.flatMap((category) => [{ category }, ...CATEGORIES[category].map((subcategory) => ({ category, subcategory }))])];
    const seo = pages.map((p) => pageSeoSchema.parse(getPageSeo(p)));
    expect(new Set(seo.map((s) => s.meta_page_title)).size).toBe(pages.length);
    for (const s of seo) expect(s.meta_page_description.length).toBeLessThanOrEqual(170);
  });
});

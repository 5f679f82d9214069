import { expect } from 'vitest';

/**
 * An address that names nothing answers 404 with the not-found page in the HTML itself (for
 * crawlers and visitors without JavaScript), including the way back to the gallery; it is
 * `noindex` and names no canonical address and no language variants (docs/PAGES.md).
 */
export async function expectNotFoundPage(url: string): Promise<void> {
  const response = await fetch(url);
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toMatch(/<h1[^>]*>We couldn’t find that page<\/h1>/);
  expect(html).toMatch(/<a[^>]*href="\/shop\/"[^>]*>Back to the gallery<\/a>/);
  expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
  expect(html).not.toMatch(/<link rel="canonical"/);
  expect(html).not.toContain('hrefLang=');
  expect(html).not.toContain('/not-found/');
}

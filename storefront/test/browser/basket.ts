import type { Page } from 'playwright-core';

/**
 * Asks for a work in the basket of the page's shopper, as its "Add to basket" does, from the
 * page (so the browser sends it as the storefront's own): the status and the JSON answered.
 */
export async function postToBasket(page: Page, artwork: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (slug) => {
    const response = await fetch('/api/basket-next/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ artwork: slug }) });
    return { status: response.status, body: await response.json() };
  }, artwork);
}

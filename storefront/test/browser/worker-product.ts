import { inject } from 'vitest';
import type { ProductUnderTest } from './product-global-setup';

/**
 * The product this test file drives: its worker's own (product-global-setup.ts starts one per
 * worker), so files running at the same time never share one.
 */
export const product: ProductUnderTest = (() => {
  const products = inject('products');
  const found = products[Number(process.env.VITEST_POOL_ID) - 1];
  if (!found) throw new Error(`No product for worker ${process.env.VITEST_POOL_ID ?? '(none)'}: the browser project's setup started ${products.length}.`);
  return found;
})();

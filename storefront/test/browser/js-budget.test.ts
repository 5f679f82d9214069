import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';
import { firstLoadJs, GALLERY_ROUTE, kB } from '../../../scripts/first-load-js';

/**
 * The most first-load JavaScript the gallery may send, gzipped (docs/PERFORMANCE.md, "Goals"). A
 * size, not a timing: it is read from the build the project's global setup has just made of
 * these sources (product-global-setup.ts builds the storefront when a source changed).
 */
const GALLERY_FIRST_LOAD_BUDGET = 172_000;

describe("the gallery's JavaScript", () => {
  it(`sends at most ${kB(GALLERY_FIRST_LOAD_BUDGET)} gzipped before the page can hydrate`, () => {
    const js = firstLoadJs(path.join(REPO_ROOT, 'storefront'), GALLERY_ROUTE);
    expect(js.files.length).toBeGreaterThan(0);
    const breakdown = js.files.map((f) => `${f.file}: ${kB(f.gzipBytes)}`).join('\n');
    expect(js.gzipBytes, `${kB(js.gzipBytes)} in all:\n${breakdown}`).toBeLessThanOrEqual(GALLERY_FIRST_LOAD_BUDGET);
  });
});

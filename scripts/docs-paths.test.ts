import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';
import { missingPaths } from './docs-paths';

describe('the docs name only paths that exist', () => {
  it.each(['docs/ARCHITECTURE.md', 'docs/PERFORMANCE.md'])('%s', (doc) => {
    const { named, missing } = missingPaths(REPO_ROOT, doc);
    expect(named.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('finds a file, a folder, a package export or a link that is not there, and reads a placeholder by its prefix', () => {
    const text = [
      '`search-service/src/filters.ts` `storefront/lib/<part>/…-api.ts` `@easel/shared/process` `zod/mini` `text/plain`',
      '`search-service/src/filter.ts` `storefront/nowhere/<part>/x.ts` `@easel/shared/nothing` [gone](GONE.md#x) [here](PAGES.md)',
    ].join('\n');
    const { named, missing } = missingPaths(REPO_ROOT, 'docs/EXAMPLE.md', text);
    expect(named).not.toContain('zod/mini');
    expect(named).not.toContain('text/plain');
    expect(missing.sort()).toEqual(['@easel/shared/nothing', 'docs/GONE.md', 'search-service/src/filter.ts', 'storefront/nowhere/<part>/x.ts']);
  });
});

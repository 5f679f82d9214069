import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';
import { getMeiliConfig } from './config';

describe('getMeiliConfig', () => {
  it('defaults to the embedded server under var/meili', () => {
    const config = getMeiliConfig({});
    expect(config).toMatchObject({ MEILI_PORT: 7700, SEARCH_INDEX: 'artworks', MEILI_DATA_DIR: path.join(REPO_ROOT, 'var', 'meili') });
    expect(config.MEILI_URL).toBeUndefined();
    expect(config.MEILI_MAX_INDEXING_MEMORY).toBe('1 GiB');
  });

  it('takes the indexing memory as a size', () => {
    expect(getMeiliConfig({ MEILI_MAX_INDEXING_MEMORY: '512 MiB' }).MEILI_MAX_INDEXING_MEMORY).toBe('512 MiB');
    expect(getMeiliConfig({ MEILI_MAX_INDEXING_MEMORY: '2GiB' }).MEILI_MAX_INDEXING_MEMORY).toBe('2GiB');
  });

  it.each([
    [{ MEILI_URL: 'http://search.example:7700' }, /MEILI_MASTER_KEY is required when MEILI_URL is set/],
    [{ MEILI_URL: 'ftp://search.example' }, /MEILI_URL/],
    [{ MEILI_PORT: '70000' }, /MEILI_PORT/],
    [{ MEILI_PORT: 'seven' }, /MEILI_PORT/],
    [{ MEILI_URL: 'http://x:7700', MEILI_MASTER_KEY: 'short' }, /MEILI_MASTER_KEY/],
    [{ SEARCH_INDEX: 'Art Works' }, /SEARCH_INDEX/],
    [{ MEILI_MAX_INDEXING_MEMORY: 'lots' }, /MEILI_MAX_INDEXING_MEMORY must be a size such as 1 GiB/],
    [{ MEILI_MAX_INDEXING_MEMORY: '1 gigabyte' }, /MEILI_MAX_INDEXING_MEMORY/],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => getMeiliConfig(env)).toThrow(message);
  });
});

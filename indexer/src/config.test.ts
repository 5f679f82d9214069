import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/data';
import { getMeiliConfig } from './config';

describe('getMeiliConfig', () => {
  it('defaults to the embedded server under var/meili', () => {
    const config = getMeiliConfig({});
    expect(config).toMatchObject({ MEILI_PORT: 7700, SEARCH_INDEX: 'artworks', MEILI_DATA_DIR: path.join(REPO_ROOT, 'var', 'meili') });
    expect(config.MEILI_URL).toBeUndefined();
  });

  it.each([
    [{ MEILI_URL: 'http://search.example:7700' }, /MEILI_MASTER_KEY is required when MEILI_URL is set/],
    [{ MEILI_URL: 'ftp://search.example' }, /MEILI_URL/],
    [{ MEILI_PORT: '70000' }, /MEILI_PORT/],
    [{ MEILI_PORT: 'seven' }, /MEILI_PORT/],
    [{ MEILI_URL: 'http://x:7700', MEILI_MASTER_KEY: 'short' }, /MEILI_MASTER_KEY/],
    [{ SEARCH_INDEX: 'Art Works' }, /SEARCH_INDEX/],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => getMeiliConfig(env)).toThrow(message);
  });
});

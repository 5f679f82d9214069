import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';
import { parseConfig } from './config';

describe('parseConfig', () => {
  it('has defaults', () => {
    const config = parseConfig({});
    expect(config.SEARCH_SERVICE_URL).toBe('http://127.0.0.1:4000');
    expect(config.MEDIA_CACHE_DIR).toBe(path.join(REPO_ROOT, 'var', 'media'));
    expect(config.DATABASE_FILE).toBe(path.join(REPO_ROOT, 'var', 'easel.db'));
    expect(config.SEARCH_INDEX).toBe('artworks');
    expect(config.INDEXER_URL).toBeUndefined();
  });

  it('finds the repository root from its own location', () => {
    const rootPackage = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    expect(rootPackage.workspaces).toContain('storefront');
    expect(import.meta.dirname.startsWith(REPO_ROOT)).toBe(true);
  });

  it('reads and tidies the variables', () => {
    const config = parseConfig({ SEARCH_SERVICE_URL: 'http://search.internal:4001/', MEDIA_CACHE_DIR: '/srv/media', DATABASE_FILE: 'var/other.db' });
    expect(config.SEARCH_SERVICE_URL).toBe('http://search.internal:4001');
    expect(config.MEDIA_CACHE_DIR).toBe('/srv/media');
    expect(config.DATABASE_FILE).toBe(path.join(REPO_ROOT, 'var', 'other.db'));
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ SEARCH_SERVICE_URL: 'not a url' })).toThrow(/SEARCH_SERVICE_URL/);
    expect(() => parseConfig({ INDEXER_URL: 'indexer:4100' })).toThrow(/INDEXER_URL/);
  });
});

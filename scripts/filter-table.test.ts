import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILTERS } from '@easel/search-service/filters';
import { FILTER_TABLE_README, filterTableMarkdown, readmeWithFilterTable } from './filter-table';

describe("search-service/README.md's filter table", () => {
  it('is the one written from the filter table (`npm run docs:filters` writes it)', () => {
    const readme = fs.readFileSync(FILTER_TABLE_README, 'utf8');
    expect(readme).toBe(readmeWithFilterTable(readme));
  });

  it('has a line per row, naming its parameters and attribute', () => {
    const lines = filterTableMarkdown().split('\n').slice(2);
    expect(lines).toHaveLength(FILTERS.length);
    expect(lines[0]).toBe('| price | `price_min`, `price_max` | `price_<currency>` | range | whole units of `currency` (×100 in the index) | yes | price | Price |');
    expect(lines.find((line) => line.startsWith('| painting |'))).toContain('`category_path` (`painting:oil`)');
    expect(lines.at(-1)).toBe('| verified_advertising_safe | `verified_advertising_safe=true` | `verified_advertising_safe` | flag | on or left out | no | (none: reset all only) | Verified |');
  });

  it('refuses a README without its markers', () => {
    expect(() => readmeWithFilterTable('# No table here')).toThrow(/markers/);
  });
});

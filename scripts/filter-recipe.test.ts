import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';
import { typeErrorsWith } from './type-errors';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** `text` with `anchor` replaced, failing if the anchor has moved (the recipe would be stale). */
function edited(file: string, anchor: string, replacement: string): string {
  const text = read(file);
  expect(text, `${file} no longer holds ${JSON.stringify(anchor)}`).toContain(anchor);
  return text.replace(anchor, replacement);
}

/**
 * The recipe in docs/ARCHITECTURE.md ("A new gallery filter"), followed for a yes/no filter
 * "signed" up to its two declarations: the attribute in the shared list and the row in the filter
 * table. The compiler must then name every other place the filter needs, and nothing else.
 */
describe('adding a filter', () => {
  it('a new attribute and its row: the compiler lists every place still to change', () => {
    const errors = typeErrorsWith(REPO_ROOT, 'search-service', {
      'shared/src/search-attributes.ts': edited(
        'shared/src/search-attributes.ts',
        "'verified_advertising_safe',\n] as const;",
        "'verified_advertising_safe', 'signed',\n] as const;",
      ),
      'search-service/src/filters.ts': edited(
        'search-service/src/filters.ts',
        '] as const satisfies readonly RowShape[];',
        "  { name: 'signed', kind: 'flag', on: 'true', attribute: 'signed', group: 'signed', disjunctive: false, section: 'framed', label: 'Signed' },\n] as const satisfies readonly RowShape[];",
      ),
    });
    expect(Object.keys(errors).sort()).toEqual([
      'indexer/src/documents.ts', // the search document's field, written by toSearchDocument
      'search-service/src/alert-match.test.ts', // the alert matcher's random documents
      'search-service/test/fuzz/search.fuzz.test.ts', // the fuzzer's values for the parameter
      'search-service/test/sql-oracle.ts', // the SQL oracle's condition
      'shared/src/search-attributes.ts', // the values the attribute counts
    ]);
    for (const [file, messages] of Object.entries(errors)) expect(messages.join('\n'), file).toContain('signed');
  }, 240_000);
});

/**
 * `npm run docs:filters`: writes the filter table of search-service/README.md from the filter
 * table itself (`search-service/src/filters.ts`), between its two markers.
 * `scripts/filter-table.test.ts` fails when the README's copy differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '@easel/shared/env';
import { FILTERS, paramsOfRow, type FilterRow } from '@easel/search-service/filters';

export const FILTER_TABLE_README = path.join(REPO_ROOT, 'search-service/README.md');
const BEGIN = '<!-- filter table: written by `npm run docs:filters` from src/filters.ts -->';
const END = '<!-- end of the filter table -->';

const code = (text: string) => `\`${text}\``;

function parameters(row: FilterRow): string {
  return row.kind === 'flag' ? code(`${row.name}=${row.on}`) : paramsOfRow(row).map(code).join(', ');
}

function values(row: FilterRow): string {
  switch (row.kind) {
    case 'list': {
      const shown = row.values.slice(0, 3).map(code).join(', ');
      return row.values.length > 3 ? `${shown} … (${row.values.length})` : shown;
    }
    case 'flag': return 'on or left out';
    case 'country': return 'an ISO country code';
    case 'range': return row.unit === 'currency' ? 'whole units of `currency` (×100 in the index)' : 'cm, one decimal';
  }
}

/** The attribute as the index holds it: the price has one per currency, a subcategory is stored with its category. */
function attribute(row: FilterRow): string {
  if (row.kind === 'range' && row.unit === 'currency') return code(`${row.attribute}_<currency>`);
  if (row.kind === 'list' && 'parent' in row) return `${code(row.attribute)} (${code(`${row.parent}:${row.values[0]}`)})`;
  return code(row.attribute);
}

function counted(row: FilterRow): string {
  const disjunctive = row.disjunctive ? 'yes' : 'no';
  return row.group === row.name ? disjunctive : `${disjunctive} (group ${row.group})`;
}

/** The Markdown table, one line per row, in panel order. */
export function filterTableMarkdown(): string {
  return [
    '| Row | Parameter(s) | Attribute | Kind | Values | Disjunctive | Reset section | Label |',
    '|---|---|---|---|---|---|---|---|',
    ...FILTERS.map((row) =>
      `| ${row.name} | ${parameters(row)} | ${attribute(row)} | ${row.kind} | ${values(row)} | ${counted(row)} | ${row.section ?? '(none: reset all only)'} | ${row.label} |`),
  ].join('\n');
}

/** The README with its filter table written from FILTERS. */
export function readmeWithFilterTable(readme: string): string {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${FILTER_TABLE_README} lacks the filter table's markers`);
  return `${readme.slice(0, begin + BEGIN.length)}\n${filterTableMarkdown()}\n${readme.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  fs.writeFileSync(FILTER_TABLE_README, readmeWithFilterTable(fs.readFileSync(FILTER_TABLE_README, 'utf8')));
  console.log(`Wrote the filter table of ${path.relative(REPO_ROOT, FILTER_TABLE_README)}`);
}

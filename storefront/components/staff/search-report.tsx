import type { ReactNode } from 'react';
import { FILTERS } from '@easel/search-service/filters';
import { chipText } from '../../lib/gallery/chip-text';
import { filterLabel, valueLabel } from '../../lib/gallery/labels';
import { filterChips, type FilterChip } from '../../lib/gallery/rules';
import type { CountryCode } from '../../lib/settings/countries';
import { countryName, DEFAULT_CHOICE } from '../../lib/settings/entity';
import { languageTag, type Language } from '../../lib/i18n/languages';
import { getNumberFormat, getTranslator, type Translate } from '../../lib/i18n/translate';
import { bars, linesOverDays } from '../../lib/staff/search-charts';
import { recordedSearch, type SearchAnalytics } from '../../lib/staff/search-analytics';
import './search-report.css';

/**
 * The staff search page's report (lib/staff/search-analytics.ts): each section a chart drawn on
 * the server as SVG (lib/staff/search-charts.ts) beside a table of the same figures, each search
 * a link to the gallery on that search. Rendered on the server only: no script.
 */
export function SearchReport({ report, language }: { report: SearchAnalytics; language: Language }) {
  const t = getTranslator(language);
  const number = getNumberFormat(language);
  const percent = new Intl.NumberFormat(languageTag(language), { style: 'percent', maximumFractionDigits: 1 });
  const ms = (value: number) => t('staff.search.milliseconds', { ms: number(value) });
  const searchLink = (row: { query: string; definition?: string; gallery_url: string }) => (
    <a href={row.gallery_url}>{row.query || describeFilters(row.definition ?? '', t, language)}</a>
  );

  if (report.searches === 0) return <p className="search-report__none">{t('staff.search.none')}</p>;
  return (
    <div className="search-report">
      <Section id="over-time" title={t('staff.search.overTime')} chart={linesOverDays({
        days: report.days.map((d) => d.day),
        series: [
          { name: t('staff.search.searches'), values: report.days.map((d) => d.searches) },
          { name: t('staff.search.foundNothing'), values: report.days.map((d) => d.zero_result_searches) },
        ],
      })}>
        <Table head={[t('staff.search.day'), t('staff.search.searches'), t('staff.search.foundNothing')]} numeric={[1, 2]}
          rows={report.days.map((d) => [d.day, number(d.searches), number(d.zero_result_searches)])} />
      </Section>

      <Section id="top" title={t('staff.search.top')} hint={t('staff.search.conversionHint')}
        chart={bars({ labels: report.top_queries.map((q) => q.query), values: report.top_queries.map((q) => q.count) })}>
        <Table
          head={[t('staff.search.search'), t('staff.search.searches'), t('staff.search.clickThrough'), t('staff.search.meanPosition'), t('staff.search.conversion')]}
          numeric={[1, 2, 3, 4]}
          rows={report.top_queries.map((q) => [
            searchLink(q), number(q.count), percent.format(q.click_through_rate), q.mean_click_position === null ? '–' : number(q.mean_click_position), percent.format(q.conversion_rate),
          ])}
        />
      </Section>

      <Section id="zero" title={t('staff.search.zero')}
        chart={bars({ labels: report.zero_result_queries.map((q) => q.query || describeFilters(q.definition, t, language)), values: report.zero_result_queries.map((q) => q.count) })}>
        <Table head={[t('staff.search.search'), t('staff.search.searches')]} numeric={[1]} rows={report.zero_result_queries.map((q) => [searchLink(q), number(q.count)])} />
      </Section>

      <Section id="unclicked" title={t('staff.search.unclicked')}
        chart={bars({ labels: report.unclicked_queries.map((q) => q.query || describeFilters(q.definition, t, language)), values: report.unclicked_queries.map((q) => q.count) })}>
        <Table head={[t('staff.search.search'), t('staff.search.searches')]} numeric={[1]} rows={report.unclicked_queries.map((q) => [searchLink(q), number(q.count)])} />
      </Section>

      <Section id="slowest" title={t('staff.search.slowest')}
        chart={bars({ labels: report.slowest.map((q) => q.query || describeFilters(q.definition, t, language)), values: report.slowest.map((q) => q.max_latency_ms) })}>
        <Table
          head={[t('staff.search.search'), t('staff.search.searches'), t('staff.search.meanTime'), t('staff.search.slowestTime')]}
          numeric={[1, 2, 3]}
          rows={report.slowest.map((q) => [searchLink(q), number(q.count), ms(q.mean_latency_ms), ms(q.max_latency_ms)])}
        />
      </Section>

      <Section id="filters" title={t('staff.search.filters')}
        chart={bars({ labels: report.filters.map((f) => labelOfFilter(f.filter, t)), values: report.filters.map((f) => f.searches) })}>
        <Table
          head={[t('staff.search.filter'), t('staff.search.searches'), t('staff.search.values')]}
          numeric={[1]}
          rows={report.filters.map((f) => [
            labelOfFilter(f.filter, t), number(f.searches), f.values.map((v) => `${valueOfFilter(f.filter, v.value, t)} (${number(v.searches)})`).join(', '),
          ])}
        />
      </Section>
    </div>
  );
}

function labelOfFilter(name: string, t: Translate): string {
  const row = FILTERS.find((r) => r.name === name);
  return row ? filterLabel(row, t) : name;
}

/** A value of a list filter in words ('mixed-media' -> 'Mixed media', 'giclee' -> 'Giclée'); any other as recorded. */
function valueOfFilter(name: string, value: string, t: Translate): string {
  return FILTERS.find((r) => r.name === name)?.kind === 'list' ? valueLabel(value, t) : value;
}

/**
 * A search without words, named by its filters as the gallery's chips name them:
 * 'colours=red&painting=oil&price_max=500&product_category=painting' -> 'No words: Price up to £500, Painting, Oil (painting), Red'.
 */
function describeFilters(definition: string, t: Translate, language: Language): string {
  const search = recordedSearch(definition);
  // One the contract no longer reads (a value since retired) is named by its parameters as recorded.
  if (!search) return t('staff.search.noWords', { filters: [...new URLSearchParams(definition)].map(([name, value]) => `${name} ${value}`).join(', ') });
  const chips = filterChips(search);
  if (chips.length === 0) return t('staff.search.everything');
  const name = (code: string) => countryName(code as CountryCode, language);
  // Recorded searches keep the ships-to free shipping was judged for (withoutShopperCountry).
  const text = (chip: FilterChip) => chipText(chip, { currency: search.currency, units: 'cm', freeShippingTo: search.ships_to ?? DEFAULT_CHOICE.country, countryName: name, t });
  return t('staff.search.noWords', { filters: chips.map(text).join(', ') });
}

function Section({ id, title, hint, chart, children }: { id: string; title: string; hint?: string; chart: string; children: ReactNode }) {
  const headingId = `search-report-${id}`;
  return (
    <section className="search-report__section" aria-labelledby={headingId} data-section={id}>
      <h2 className="search-report__title" id={headingId}>{title}</h2>
      {hint && <p className="search-report__hint">{hint}</p>}
      <div className="search-report__body">
        {/* The table beside it holds the same figures for those who cannot see the chart. */}
        <div className="search-report__chart" aria-hidden="true" dangerouslySetInnerHTML={{ __html: chart }} />
        {/* It scrolls when long or wide, so a keyboard can reach it too. */}
        <div className="search-report__table" role="region" aria-labelledby={headingId} tabIndex={0}>{children}</div>
      </div>
    </section>
  );
}

function Table({ head, rows, numeric }: { head: string[]; rows: ReactNode[][]; numeric: number[] }) {
  const align = (i: number) => (numeric.includes(i) ? 'search-report__number' : undefined);
  return (
    <table>
      <thead>
        <tr>{head.map((h, i) => <th key={h} scope="col" className={align(i)}>{h}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          <tr key={r}>{cells.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i} className={align(i)}>{cell}</td>))}</tr>
        ))}
      </tbody>
    </table>
  );
}

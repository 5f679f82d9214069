import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getSearchReport, type SearchReport } from '@easel/data/queries/search-analytics';
import { parseGalleryParams, type GallerySearchDefinition } from '@easel/search-service/contract';
import { galleryUrl } from '../gallery/location';

/**
 * What the staff's search page and `GET /api/staff/search-analytics/` show
 * (docs/SEARCH-ANALYTICS.md): the report over a range of UTC days, read from the daily roll-ups,
 * each search with the gallery address that makes it again.
 */

/** The days a report covers by default: the last 30, today included. */
export const DEFAULT_REPORT_DAYS = 30;
/** The longest range a report covers: a year and a day. */
export const MAX_REPORT_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

const daySchema = z.iso.date({ error: 'must be a day written YYYY-MM-DD, such as 2026-11-28' });

/** `?from=&to=`: both optional, `from` on or before `to`, at most MAX_REPORT_DAYS apart. */
export const reportRangeSchema = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .superRefine((range, ctx) => {
    if (range.from && range.to && range.from > range.to) ctx.addIssue({ code: 'custom', path: ['from'], message: `must be on or before the last day, ${range.to}` });
    else if (range.from && range.to && daysBetween(range.from, range.to) >= MAX_REPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: `must be less than ${MAX_REPORT_DAYS} days before the last day` });
    }
  });

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A range with its defaults filled in: to is today (UTC), from DEFAULT_REPORT_DAYS - 1 days before to. */
export function reportRange(range: { from?: string | undefined; to?: string | undefined }, now = Date.now()): { from: string; to: string } {
  const to = range.to ?? dayOf(now);
  return { from: range.from ?? dayOf(Date.parse(to) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS), to };
}

/** A recorded definition read as the gallery reads it; undefined when the contract no longer takes it (a value since retired). */
export function recordedSearch(definition: string): GallerySearchDefinition | undefined {
  const params: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(definition)) (params[name] ??= []).push(value);
  const parsed = parseGalleryParams(params);
  return parsed.ok ? parsed.definition : undefined;
}

/** The gallery address of a recorded definition: 'painting=oil&q=sea' -> '/shop/painting/oil/?q=sea'. */
export function galleryAddressOf(definition: string): string {
  const search = recordedSearch(definition);
  return search ? galleryUrl(search, search.currency) : '/shop/';
}

type WithGallery<T> = T & { gallery_url: string };

/** The report as the API answers it and the page shows it: every listed search with its gallery address. */
export interface SearchAnalytics extends Omit<SearchReport, 'top_queries' | 'zero_result_queries' | 'unclicked_queries' | 'slowest'> {
  from: string;
  to: string;
  top_queries: WithGallery<SearchReport['top_queries'][number]>[];
  zero_result_queries: WithGallery<SearchReport['zero_result_queries'][number]>[];
  unclicked_queries: WithGallery<SearchReport['unclicked_queries'][number]>[];
  slowest: WithGallery<SearchReport['slowest'][number]>[];
}

export async function getSearchAnalytics(db: Db, range: { from: string; to: string }): Promise<SearchAnalytics> {
  const report = await getSearchReport(db, range);
  const withDefinition = <T extends { definition: string }>(rows: T[]) => rows.map((row) => ({ ...row, gallery_url: galleryAddressOf(row.definition) }));
  return {
    ...range,
    ...report,
    top_queries: report.top_queries.map((row) => ({ ...row, gallery_url: galleryAddressOf(new URLSearchParams({ q: row.query }).toString()) })),
    zero_result_queries: withDefinition(report.zero_result_queries),
    unclicked_queries: withDefinition(report.unclicked_queries),
    slowest: withDefinition(report.slowest),
  };
}

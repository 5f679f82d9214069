import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getSearchRules, getSynonyms } from '@easel/data/queries/search-levers';
import { RulesEditor } from '../../../components/staff/rules-editor';
import { SearchReport } from '../../../components/staff/search-report';
import { SynonymsEditor } from '../../../components/staff/synonyms-editor';
import { getRequestAccount } from '../../../lib/account/server';
import { getDb } from '../../../lib/db';
import { getNumberFormat, getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';
import { getSearchAnalytics, reportRange, reportRangeSchema } from '../../../lib/staff/search-analytics';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('staff.search.title'), robots: { index: false, follow: false } };
}

interface StaffSearchPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * What shoppers search for, for staff (docs/SEARCH-ANALYTICS.md): a range of days (`?from=&to=`,
 * the last 30 by default) and the report over it; below it, the levers staff pull on search
 * (synonyms, rules per search: docs/SEARCH-LEVERS.md). Anyone else finds no such page; the proxy
 * answers them the not-found page before this renders.
 */
export default async function StaffSearchPage({ searchParams }: StaffSearchPageProps) {
  if ((await getRequestAccount())?.role !== 'staff') notFound();
  const { language } = await getShopperSettings();
  const t = getTranslator(language);
  const query = await searchParams;
  const asked = reportRangeSchema.safeParse({ from: first(query.from) || undefined, to: first(query.to) || undefined });
  const range = reportRange(asked.success ? asked.data : {});
  const db = await getDb();
  const [report, synonyms, rules] = await Promise.all([getSearchAnalytics(db, range), getSynonyms(db), getSearchRules(db)]);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('staff.search.title')}</h1>
        <p className="intro__count">{t('staff.search.intro')}</p>
      </header>
      <form className="search-range" method="get" action="/staff/search/">
        <label>
          {t('staff.search.from')}
          <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label>
          {t('staff.search.to')}
          <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <button className="button button--secondary" type="submit">{t('staff.search.show')}</button>
      </form>
      {!asked.success && (
        <p className="notice" role="alert">
          {t('staff.search.badRange', { field: t(asked.error.issues[0]!.path[0] === 'to' ? 'staff.search.toField' : 'staff.search.fromField'), problem: asked.error.issues[0]!.message })}
        </p>
      )}
      <p className="search-report__hint" role="status">
        {t('staff.search.summary', { count: report.searches, from: report.from, to: report.to, searches: getNumberFormat(language)(report.searches) })}
      </p>
      <SearchReport report={report} language={language} />
      <SynonymsEditor initial={synonyms} />
      <RulesEditor initial={rules} />
    </div>
  );
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

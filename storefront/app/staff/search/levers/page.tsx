import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getSearchRules, getSynonyms } from '@easel/data/queries/search-levers';
import { RulesEditor } from '../../../../components/staff/rules-editor';
import { SynonymsEditor } from '../../../../components/staff/synonyms-editor';
import { getRequestAccount } from '../../../../lib/account/server';
import { getDb } from '../../../../lib/db';
import { getTranslator } from '../../../../lib/i18n/translate';
import { getShopperSettings } from '../../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('staff.levers.title'), robots: { index: false, follow: false } };
}

/**
 * The levers staff pull on search: synonyms and rules per search (lib/staff/levers-api.ts). Anyone
 * else finds no such page; the proxy answers them the not-found page before this renders.
 */
export default async function SearchLeversPage() {
  if ((await getRequestAccount())?.role !== 'staff') notFound();
  const t = getTranslator((await getShopperSettings()).language);
  const db = await getDb();
  const [synonyms, rules] = await Promise.all([getSynonyms(db), getSearchRules(db)]);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('staff.levers.title')}</h1>
        <p className="intro__count">{t('staff.levers.intro')}</p>
      </header>
      <SynonymsEditor initial={synonyms} />
      <RulesEditor initial={rules} />
    </div>
  );
}

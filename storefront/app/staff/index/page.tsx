import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { IndexPanel } from '../../../components/staff/index-panel';
import { getRequestAccount } from '../../../lib/account/server';
import { getTranslator } from '../../../lib/i18n/translate';
import { SESSION_COOKIE } from '../../../lib/session';
import { getShopperSettings } from '../../../lib/settings/server';
import { getIndexAdmin } from '../../../lib/staff/process-index-admin';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('staff.index.title'), robots: { index: false, follow: false } };
}

/**
 * The search index for staff (lib/staff/index-admin.ts, asking the indexer): its figures and a full rebuild. Anyone
 * else finds no such page; the proxy answers them the not-found page before this renders.
 */
export default async function StaffIndexPage() {
  if ((await getRequestAccount())?.role !== 'staff') notFound();
  const t = getTranslator((await getShopperSettings()).language);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('staff.index.title')}</h1>
        <p className="intro__count">{t('staff.index.intro')}</p>
      </header>
      <IndexPanel initial={await getIndexAdmin().status((await cookies()).get(SESSION_COOKIE)!.value)} />
    </div>
  );
}

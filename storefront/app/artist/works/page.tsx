import type { Metadata } from 'next';
import { LoginPrompt } from '../../../components/account/login-prompt';
import { YourWorks } from '../../../components/selling/your-works';
import { getRequestAccount } from '../../../lib/account/server';
import { getDb } from '../../../lib/db';
import { languageTag } from '../../../lib/i18n/languages';
import { getTranslator } from '../../../lib/i18n/translate';
import { worksQuerySchema } from '../../../lib/listing/listing';
import { getArtistWorks } from '../../../lib/listing/works';
import { getShopperSettings } from '../../../lib/settings/server';

interface YourWorksPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('account.artistWorks'), robots: { index: false, follow: false } };
}

/**
 * "Your works": the signed-in artist's works, narrowed to one status by `?status=` (an unknown
 * status lists them all), read straight from the catalogue on every request.
 */
export default async function YourWorksPage({ searchParams }: YourWorksPageProps) {
  const [{ language }, account, query] = await Promise.all([getShopperSettings(), getRequestAccount(), searchParams]);
  const t = getTranslator(language);
  const artistId = account?.role === 'provider' ? account.artist_id : null;
  const filter = worksQuerySchema.safeParse({ status: Array.isArray(query.status) ? query.status[0] : query.status });
  const status = filter.success ? filter.data.status : undefined;
  const answer = artistId === null ? null : await getArtistWorks(await getDb(), artistId, status);
  const day = new Intl.DateTimeFormat(languageTag(language), { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <div className="container your-works">
      <header className="intro your-works__intro">
        <div>
          <h1 className="intro__title">{t('account.artistWorks')}</h1>
          <p className="intro__count">{t('selling.worksIntro')}</p>
        </div>
        {answer && <a className="button" href="/artist/works/new/">{t('selling.listWork')}</a>}
      </header>
      {account === null ? (
        <LoginPrompt text={t('listing.signIn')} action={t('account.login')} />
      ) : answer === null ? (
        <p className="notice">{t('listing.notArtist')}</p>
      ) : (
        <YourWorks works={answer.works} statusCounts={answer.status_counts} status={status} formatDate={(iso) => day.format(new Date(iso))} t={t} />
      )}
    </div>
  );
}

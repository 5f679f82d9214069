import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProductArtist, ProductMain } from '../../../../components/product/product-main';
import { WorkActions } from '../../../../components/selling/work-actions';
import '../../../../components/selling/selling.css';
import { getRequestAccount } from '../../../../lib/account/server';
import { mayEdit } from '../../../../lib/catalogue/artwork-edit';
import { getProductPageData } from '../../../../lib/catalogue/product-page';
import { getDb } from '../../../../lib/db';
import { getTranslator } from '../../../../lib/i18n/translate';
import { getArtistWork } from '../../../../lib/listing/works';
import { slugSchema } from '../../../../lib/request-params';
import { getShopperSettings } from '../../../../lib/settings/server';

interface PreviewPageProps {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: PreviewPageProps): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('selling.previewTitle', { title: (await params).slug }), robots: { index: false, follow: false } };
}

/**
 * A work's page as shoppers will see it once it is published, for its artist and staff only
 * (the proxy answers 404 to anyone else): the product page's own components, in the artist's
 * currency, units and English, under a band that says it is a preview and offers to publish.
 */
export default async function PreviewPage({ params }: PreviewPageProps) {
  const valid = slugSchema.safeParse((await params).slug);
  if (!valid.success) notFound();
  const [settings, account, db] = await Promise.all([getShopperSettings(), getRequestAccount(), getDb()]);
  const page = await getProductPageData(db, valid.data, settings.country, { asPublished: true });
  if (!page || !account || !mayEdit(account, { artist_id: page.product.artist.id })) notFound();
  const { product, artistFollowers } = page;
  const work = await getArtistWork(db, { staff: account.role === 'staff', artistId: account.role === 'provider' ? account.artist_id : null }, product.id);
  if (!work) notFound();
  const t = getTranslator(settings.language);
  return (
    <div className="container product">
      <ProductMain
        product={product}
        settings={settings}
        lastAddressCountry={null}
        favourited={false}
        tools={(
          <section className="preview-band" aria-label={t('selling.previewTitle', { title: product.title })}>
            <p className="preview-band__text">{t('selling.previewNotice')}</p>
            <WorkActions id={work.id} slug={work.slug} title={work.title} status={work.status} previewing />
          </section>
        )}
        t={t}
      />
      <ProductArtist product={product} settings={settings} followers={artistFollowers} following={false} own t={t} />
    </div>
  );
}

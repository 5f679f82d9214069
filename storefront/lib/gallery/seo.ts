import * as z from 'zod/mini';
import type { Category } from '@easel/shared/vocabulary';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import type { Translate } from '../i18n/translator';
import { valueLabel } from './labels';
import { isIndexable, landingOf, landingPath, type Landing } from './location';

/**
 * The page SEO text of each gallery landing page (SPEC section 3): the heading and introduction
 * shoppers read, and the title and description search engines show.
 */

export const pageSeoSchema = z.object({
  page_title: z.string(),
  page_description: z.string(),
  meta_page_title: z.string(),
  meta_page_description: z.string(),
});
export type PageSeo = z.infer<typeof pageSeoSchema>;

/** Plural nouns per category: 'painting' -> 'paintings', 'prints' -> 'prints'. */
const PLURAL: Record<Category, string> = {
  painting: 'paintings',
  sculpture: 'sculptures',
  photography: 'photographs',
  drawing: 'drawings',
  prints: 'prints',
};

/** A subcategory's works, from its label (`name`, in lower case): 'oil' -> 'oil paintings'. */
const SUB_PHRASE: Partial<Record<Category, (sub: string, name: string) => string>> = {
  painting: (sub, name) => (sub === 'collage' ? 'collages' : `${name} paintings`),
  sculpture: (_, name) => `${name} sculptures`,
  photography: (_, name) => `${name} photography`,
  drawing: (_, name) => `${name} drawings`,
  prints: (_, name) => `${name}s`,
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A landing page's texts in the shopper's English (`t`): { } -> 'Original art for sale';
 * { category: 'painting' } -> 'Original paintings for sale';
 * { category: 'painting', subcategory: 'watercolour' } -> 'Original watercolour paintings for sale' or '… watercolor …'.
 */
export function getPageSeo(landing: Landing, t: Translate<'seo' | 'vocabulary'>): PageSeo {
  if (!landing.category) {
    return {
      page_title: t('seo.galleryTitle'),
      page_description: t('seo.galleryText'),
      meta_page_title: t('seo.galleryMetaTitle'),
      meta_page_description: t('seo.galleryMetaText'),
    };
  }
  const name = landing.subcategory ? valueLabel(landing.subcategory, t).toLowerCase() : '';
  const what = landing.subcategory ? (SUB_PHRASE[landing.category]?.(landing.subcategory, name) ?? name) : PLURAL[landing.category];
  const original = landing.category === 'prints' ? 'Limited-edition' : 'Original';
  const values = { original, what, What: capitalise(what) };
  return {
    page_title: t('seo.landingTitle', values),
    page_description: t('seo.landingText', values),
    meta_page_title: t('seo.landingMetaTitle', values),
    meta_page_description: t('seo.landingMetaText', { ...values, original: original.toLowerCase() }),
  };
}

/** What a gallery search tells search engines and the browser tab. */
export interface GalleryHead {
  seo: PageSeo;
  /** The landing page's path, canonical for every search on it: '/shop/painting/'. */
  canonicalPath: string;
  indexable: boolean;
}

/**
 * A search -> its page's head: { painting: ['oil'], colours: ['red'] } -> the oil paintings'
 * texts, canonical '/shop/painting/oil/', not indexable. The server's metadata and the page's
 * own updates after a search on the page both come from here.
 */
export function getGalleryHead(def: GallerySearchDefinition, t: Translate<'seo' | 'vocabulary'>): GalleryHead {
  const landing = landingOf(def);
  return { seo: getPageSeo(landing, t), canonicalPath: landingPath(landing), indexable: isIndexable(def) };
}

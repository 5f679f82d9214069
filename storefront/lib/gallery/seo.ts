import { z } from 'zod';
import type { Category } from '@easel/shared/vocabulary';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
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

const SUB_PHRASE: Partial<Record<Category, (sub: string) => string>> = {
  painting: (sub) => (sub === 'collage' ? 'collages' : `${valueLabel(sub).toLowerCase()} paintings`),
  sculpture: (sub) => `${valueLabel(sub).toLowerCase()} sculptures`,
  photography: (sub) => `${valueLabel(sub).toLowerCase()} photography`,
  drawing: (sub) => `${valueLabel(sub).toLowerCase()} drawings`,
  prints: (sub) => `${valueLabel(sub).toLowerCase()}s`,
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * { } -> 'Original art for sale'; { category: 'painting' } -> 'Original paintings for sale';
 * { category: 'painting', subcategory: 'oil' } -> 'Original oil paintings for sale'.
 */
export function getPageSeo(landing: Landing): PageSeo {
  if (!landing.category) {
    return {
      page_title: 'Original art for sale',
      page_description: 'Paintings, sculpture, photography, drawings and limited-edition prints, each bought straight from the independent artist who made it.',
      meta_page_title: 'Original art for sale from independent artists',
      meta_page_description: 'Buy original art online: paintings, sculpture, photography, drawings and limited-edition prints, straight from independent artists.',
    };
  }
  const what = landing.subcategory
    ? (SUB_PHRASE[landing.category]?.(landing.subcategory) ?? valueLabel(landing.subcategory).toLowerCase())
    : PLURAL[landing.category];
  const original = landing.category === 'prints' ? 'Limited-edition' : 'Original';
  return {
    page_title: `${original} ${what} for sale`,
    page_description: `${capitalise(what)} by independent artists, each bought straight from the artist who made it. Filter by price, size, colour and style to find the one for your wall.`,
    meta_page_title: `${original} ${what} for sale | Buy from the artists`,
    meta_page_description: `Buy ${original.toLowerCase()} ${what} online, straight from independent artists. Free returns on originals and secure payments.`,
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
export function getGalleryHead(def: GallerySearchDefinition): GalleryHead {
  const landing = landingOf(def);
  return { seo: getPageSeo(landing), canonicalPath: landingPath(landing), indexable: isIndexable(def) };
}

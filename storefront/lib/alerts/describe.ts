import { CATEGORY_VALUES, type Category } from '@easel/shared/vocabulary';
import { freeShippingCountry, type GallerySearchDefinition } from '@easel/search-service/contract';
import type { FilterName } from '@easel/search-service/filters';
import type { Language } from '../i18n/languages';
import { getTranslator, type MessageKey, type Translate } from '../i18n/translate';
import { valueLabel } from '../gallery/labels';
import { formatWholeUnits } from '../money';
import { countryName } from '../settings/entity';
import type { CountryCode } from '../settings/countries';

/**
 * A saved search in words, in the shopper's English, from the message table:
 * { colours: ['blue'], style: ['abstract'], product_category: ['painting'], price_max: 1000, ships_to: 'US' }
 * -> 'Blue abstract paintings under £1,000 that ship to the United States'. What the words say
 * follows the definition's filters one by one; the artist's name is the caller's (the definition
 * holds the slug).
 */

const CATEGORY_NOUN: Record<Category, MessageKey> = {
  painting: 'alerts.words.noun.painting',
  sculpture: 'alerts.words.noun.sculpture',
  photography: 'alerts.words.noun.photography',
  drawing: 'alerts.words.noun.drawing',
  prints: 'alerts.words.noun.prints',
};

/** 'a', 'a or b', 'a, b or c'. */
function anyOf(items: string[], t: Translate): string {
  if (items.length <= 1) return items[0] ?? '';
  return t('alerts.words.or', { list: items.slice(0, -1).join(', '), last: items[items.length - 1]! });
}

const lower = (s: string) => s.toLowerCase();

/** The works the search names: subcategories and categories, or works of every kind. */
function noun(def: GallerySearchDefinition, t: Translate): string {
  const kinds = CATEGORY_VALUES.flatMap((c) => {
    const subs = def[c];
    if (subs.length > 0) return subs.map((s) => t('alerts.words.subcategory', { sub: lower(valueLabel(s, t)), what: t(CATEGORY_NOUN[c]) }));
    return def.product_category.includes(c) ? [t(CATEGORY_NOUN[c])] : [];
  });
  return kinds.length > 0 ? anyOf(kinds, t) : t('alerts.words.works');
}

/** One range in words, or nothing: (40, 80, 'cm') -> '40–80 cm'. */
function range(min: number | undefined, max: number | undefined, format: (n: number) => string, t: Translate): string | undefined {
  if (min !== undefined && max !== undefined) return t('alerts.words.between', { min: format(min), max: format(max) });
  if (max !== undefined) return t('alerts.words.under', { max: format(max) });
  if (min !== undefined) return t('alerts.words.over', { min: format(min) });
  return undefined;
}

/** The list filters said as adjectives before the noun, in this order: 'blue square abstract …'. */
const ADJECTIVES = ['colours', 'shape', 'style', 'subject', 'size_'] as const;
/** The filters the noun says: 'paintings', 'oil paintings or sculptures'. */
type NounFilter = 'product_category' | Category;
type Phrase = (def: GallerySearchDefinition, t: Translate, language: Language) => string | undefined;
const cm = (t: Translate) => (n: number) => t('alerts.words.cm', { n });

/**
 * Every other filter's words after the noun, in this order. Keyed by every filter the adjectives
 * and the noun leave: a new filter fails to compile here until it has its words.
 */
const PHRASES = {
  price: (def, t) => range(def.price_min, def.price_max, (n) => formatWholeUnits(n, def.currency), t),
  in_sale: (def, t) => (def.in_sale ? t('alerts.words.onSale') : undefined),
  width: (def, t) => {
    const width = range(def.width_min, def.width_max, cm(t), t);
    return width && t('alerts.words.wide', { range: width });
  },
  height: (def, t) => {
    const height = range(def.height_min, def.height_max, cm(t), t);
    return height && t('alerts.words.high', { range: height });
  },
  framed_or_ready_to_hang: (def, t) => (def.framed_or_ready_to_hang ? t('alerts.words.framed') : undefined),
  has_fine_art_prints: (def, t) => (def.has_fine_art_prints ? t('alerts.words.prints') : undefined),
  verified_advertising_safe: (def, t) => (def.verified_advertising_safe ? t('alerts.words.verified') : undefined),
  ships_from: (def, t, language) => def.ships_from && t('alerts.words.shipsFrom', { country: countryName(def.ships_from as CountryCode, language) }),
  // Free shipping names the country it is free to, which says the ships-to too.
  free_shipping: (def, t, language) => (def.free_shipping ? t('alerts.words.shipsFreeTo', { country: countryName(freeShippingCountry(def) as CountryCode, language) }) : undefined),
  ships_to: (def, t, language) => (def.ships_to && !def.free_shipping ? t('alerts.words.shipsTo', { country: countryName(def.ships_to as CountryCode, language) }) : undefined),
} satisfies Record<Exclude<FilterName, (typeof ADJECTIVES)[number] | NounFilter>, Phrase>;

export function describeAlert(def: GallerySearchDefinition, language: Language, artistName?: string): string {
  const t = getTranslator(language);
  const adjectives = [...new Set(ADJECTIVES.flatMap((name) => {
    const values: readonly string[] = def[name];
    return values.length > 0 ? [anyOf(values.map((v) => lower(valueLabel(v, t))), t)] : [];
  }))];
  const parts = [[...adjectives, noun(def, t)].join(' ')];
  if (def.q) parts.push(t('alerts.words.matching', { q: def.q }));
  if (def.artist) parts.push(t('alerts.words.by', { artist: artistName ?? def.artist }));
  for (const phrase of Object.values(PHRASES) as Phrase[]) {
    const words = phrase(def, t, language);
    if (words) parts.push(words);
  }
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

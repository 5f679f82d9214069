import { CATEGORY_VALUES, type Category } from '@easel/shared/vocabulary';
import { freeShippingCountry, type GallerySearchDefinition } from '@easel/search-service/contract';
import type { Language } from '../i18n/languages';
import { getTranslator, type MessageKey, type Translate } from '../i18n/translate';
import { formatWholeUnits, valueLabel } from '../gallery/labels';
import { countryName } from '../settings/settings';
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

export function describeAlert(def: GallerySearchDefinition, language: Language, artistName?: string): string {
  const t = getTranslator(language);
  const adjectives = [...new Set([
    ...(def.colours.length > 0 ? [anyOf(def.colours.map((c) => lower(valueLabel(c, t))), t)] : []),
    ...(def.shape.length > 0 ? [anyOf(def.shape.map((s) => lower(valueLabel(s, t))), t)] : []),
    ...(def.style.length > 0 ? [anyOf(def.style.map((s) => lower(valueLabel(s, t))), t)] : []),
    ...(def.subject.length > 0 ? [anyOf(def.subject.map((s) => lower(valueLabel(s, t))), t)] : []),
    ...(def.size_.length > 0 ? [anyOf(def.size_.map((s) => lower(valueLabel(s, t))), t)] : []),
  ])];
  const parts = [[...adjectives, noun(def, t)].join(' ')];
  if (def.q) parts.push(t('alerts.words.matching', { q: def.q }));
  if (def.artist) parts.push(t('alerts.words.by', { artist: artistName ?? def.artist }));
  const price = range(def.price_min, def.price_max, (n) => formatWholeUnits(n, def.currency), t);
  if (price) parts.push(price);
  if (def.in_sale) parts.push(t('alerts.words.onSale'));
  const cm = (n: number) => t('alerts.words.cm', { n });
  const width = range(def.width_min, def.width_max, cm, t);
  if (width) parts.push(t('alerts.words.wide', { range: width }));
  const height = range(def.height_min, def.height_max, cm, t);
  if (height) parts.push(t('alerts.words.high', { range: height }));
  if (def.framed_or_ready_to_hang) parts.push(t('alerts.words.framed'));
  if (def.has_fine_art_prints) parts.push(t('alerts.words.prints'));
  if (def.verified_advertising_safe) parts.push(t('alerts.words.verified'));
  if (def.ships_from) parts.push(t('alerts.words.shipsFrom', { country: countryName(def.ships_from as CountryCode, language) }));
  if (def.free_shipping) parts.push(t('alerts.words.shipsFreeTo', { country: countryName(freeShippingCountry(def) as CountryCode, language) }));
  else if (def.ships_to) parts.push(t('alerts.words.shipsTo', { country: countryName(def.ships_to as CountryCode, language) }));
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

import type { Category } from '@easel/shared/vocabulary';
import type { DisplayUnits } from '../money';

/** The form's fields as typed: text for every number, so a half-typed one stays as typed. */
export type ListingDraft = {
  title: string; description: string; category: Category; subcategory: string; medium: string; subject: string; style: string;
  colours: string[]; units: DisplayUnits; width: string; height: string; depth: string; framed: boolean; ready_to_hang: boolean;
  price: string; sale_price: string; ships_from: string; shipping_profile_id: string;
};
export type ListingField = keyof ListingDraft;

/** The API's field names -> the form's, for the errors the schema and the server name. */
const FIELD_OF_PARAM: Record<string, ListingField> = { price_minor: 'price', sale_price_minor: 'sale_price' };
export const fieldOf = (param: string): ListingField => FIELD_OF_PARAM[param] ?? (param.split('.')[0] as ListingField);

/**
 * An amount typed in pounds as pence, or undefined for text that is no amount: '450.50' -> 45050,
 * '99999999999999' -> 9999999999999900 (which the listing's range then refuses in its own words),
 * '4,50' -> undefined.
 */
export function penceOf(text: string): number | undefined {
  const amount = text.trim();
  return /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : undefined;
}

const DECIMAL = /^\d{1,5}(\.\d+)?$/;

/**
 * The draft as `POST /api/artist/works/` takes it: pounds -> pence, text -> numbers (a side that
 * is not a number goes as NaN, which the schema refuses in its own words), an empty medium left
 * out (the subcategory's own word is used); `unreadable` lists
 * the amounts that are not amounts at all: { price: '450.50' } -> { price_minor: 45050 }.
 */
export function toListingBody(draft: ListingDraft): { body: Record<string, unknown>; unreadable: ListingField[] } {
  const unreadable: ListingField[] = [];
  const pence = (name: 'price' | 'sale_price') => {
    const amount = penceOf(draft[name]);
    if (amount === undefined) unreadable.push(name);
    return amount;
  };
  const side = (text: string) => (DECIMAL.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const { price: _price, sale_price: salePrice, width, height, depth, shipping_profile_id: profile, medium, ...rest } = draft;
  return {
    body: {
      ...rest,
      ...(medium.trim() === '' ? {} : { medium }),
      width: side(width), height: side(height), depth: side(depth),
      price_minor: pence('price'),
      sale_price_minor: salePrice.trim() === '' ? null : pence('sale_price'),
      shipping_profile_id: Number(profile),
    },
    unreadable,
  };
}


import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { BasketRefusal } from '@easel/data/queries/basket';
import type { CheckoutRefusal, PlaceOrderOutcome } from '@easel/data/queries/checkout';
import type { ApiErrorCode } from '@easel/shared/api-error-body';
import type { Wording } from '../api/errors';
import { formatPrice } from '../money';
import type { CountryCode } from '../settings/countries';
import { countryName } from '../settings/entity';

export type Refusal = BasketRefusal | CheckoutRefusal | Extract<PlaceOrderOutcome, { ok: false }>;

/**
 * A refusal from the basket or checkout -> the status, code and sentence the API answers with;
 * the sentence is what the shopper reads (SPEC §8: other failures show the server's message),
 * from the message table where the two Englishes word it differently:
 * { reason: 'sold', title: 'Harbour' } -> [409, 'sold', '“Harbour” has just been sold.'].
 */
export function describeRefusal(refusal: Refusal): { status: ContentfulStatusCode; code: ApiErrorCode; message: string | Wording; param?: string } {
  switch (refusal.reason) {
    case 'not_found':
      return { status: 404, code: 'not_found', message: 'There is no such artwork.', param: 'artwork' };
    case 'no_such_print':
      return { status: 404, code: 'not_found', message: 'This artwork has no print in that size.', param: 'print' };
    case 'sold':
      return { status: 409, code: 'sold', message: `“${refusal.title}” has just been sold.` };
    case 'unavailable':
      return { status: 409, code: 'sold', message: `“${refusal.title}” is no longer for sale.` };
    case 'reserved':
      return { status: 409, code: 'reserved', message: `“${refusal.title}” is reserved by another shopper who is checking out.` };
    case 'sold_out':
      return {
        status: 409, code: 'sold_out',
        message: refusal.remaining === 0
          ? `The ${refusal.size_label} print of “${refusal.title}” has sold out.`
          : `Only ${refusal.remaining} ${refusal.size_label} ${refusal.remaining === 1 ? 'print' : 'prints'} of “${refusal.title}” ${refusal.remaining === 1 ? 'is' : 'are'} left.`,
      };
    case 'stale_line':
      return { status: 404, code: 'stale_line', message: { key: 'api.staleLine' }, param: 'line' };
    case 'not_a_print':
      return { status: 400, code: 'invalid_parameter', message: 'An original is one of a kind: only a print’s quantity can change.', param: 'line' };
    case 'unknown_promo':
      return { status: 404, code: 'unknown_promo', message: `There is no promo code ${refusal.code}.`, param: 'code' };
    case 'expired_promo':
      return { status: 422, code: 'expired_promo', message: `The promo code ${refusal.code} expired on ${formatDay(refusal.expires_at)}.`, param: 'code' };
    case 'used_promo':
      return { status: 409, code: 'used_promo', message: { key: 'api.usedPromo', values: { code: refusal.code } }, param: 'code' };
    case 'empty_basket':
      return { status: 409, code: 'empty_basket', message: { key: 'api.emptyBasket' } };
    case 'not_shipped':
      return { status: 422, code: 'not_shipped', message: `“${refusal.title}” cannot be shipped to ${countryName(refusal.country as CountryCode, 'en-gb')}.`, param: 'country' };
    case 'payment_declined':
      return { status: 402, code: 'payment_declined', message: refusal.message, param: 'card' };
    case 'payment_refunded':
      return { status: 409, code: 'payment_refunded', message: { key: 'api.paymentRefunded' } };
    case 'hold_limit':
      return {
        status: 409, code: 'hold_limit',
        message: { key: 'api.holdLimit', values: { limit: refusal.limit } },
      };
    case 'quote_changed':
      return {
        status: 409, code: 'quote_changed', param: 'quoted_total_minor',
        message: `The total is now ${formatPrice(refusal.total_minor, refusal.currency)}: something changed since your quote. Nothing was charged; please check the new total and confirm again.`,
      };
  }
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const formatDay = (iso: string) => day.format(new Date(iso));

import { describe, expect, it } from 'vitest';
import { ApiResponseError } from '../api/client';
import { getTranslator } from '../i18n/translate';
import type { BasketView } from './basket';
import { basketReducer, createBasketStore, failureMessage, INITIAL_BASKET, type BasketState } from './store';

const basket = (count: number): BasketView => ({ count, currency: 'GBP', items: [], promo: null, subtotal_minor: 0, discount_minor: 0, destination: 'GB', shipping_minor: 0, total_minor: 0 });
const loaded: BasketState = { ...INITIAL_BASKET, data: basket(1), status: 'succeeded' };
const british = getTranslator('en-gb');
const messages = {
  updateFailed: british('basket.updateFailed'),
  promoFailed: british('basket.promoFailed'),
  removeFailed: british('basket.removeFailed'),
};

describe('basketReducer', () => {
  it.each([
    ['a load marks it loading', INITIAL_BASKET, { type: 'request', call: 'load' }, { status: 'loading' }],
    ['an update marks it updating', loaded, { type: 'request', call: 'update' }, { status: 'updating', data: basket(1) }],
    ['a removal marks it updating', loaded, { type: 'request', call: 'remove' }, { status: 'updating' }],
    ['a promo call leaves the basket status alone', loaded, { type: 'request', call: 'promo' }, { status: 'succeeded', promoStatus: 'updating' }],
    ['a load success replaces the data', INITIAL_BASKET, { type: 'success', call: 'load', basket: basket(2) }, { status: 'succeeded', data: basket(2) }],
    ['an update success replaces the data', { ...loaded, error: 'x' }, { type: 'success', call: 'update', basket: basket(3) }, { status: 'succeeded', data: basket(3), error: null }],
    ['a removal success replaces the data', loaded, { type: 'success', call: 'remove', basket: basket(0) }, { status: 'succeeded', data: basket(0) }],
    ['a promo success replaces the data', loaded, { type: 'success', call: 'promo', basket: basket(5) }, { status: 'succeeded', promoStatus: 'succeeded', data: basket(5) }],
    ['an update failure keeps the data and stores the message', loaded, { type: 'failure', call: 'update', message: 'No.' }, { status: 'failed', error: 'No.', data: basket(1) }],
    ['a promo failure has its own error', loaded, { type: 'failure', call: 'promo', message: 'No code.' }, { status: 'succeeded', error: null, promoStatus: 'failed', promoError: 'No code.' }],
  ] as const)('%s', (_name, state, action, expected) => {
    expect(basketReducer(state, action)).toMatchObject(expected);
  });
});

describe('failureMessage (SPEC §8)', () => {
  const network = new TypeError('Failed to fetch');
  const timeout = new DOMException('The operation timed out.', 'TimeoutError');
  const refusal = new ApiResponseError('“Sea” has just been sold.', 409, 'sold');
  it.each([
    ['update', network, 'We are unable to update your basket information. Please, try again later.'],
    ['update', timeout, 'We are unable to update your basket information. Please, try again later.'],
    ['promo', network, "There was a network error. Your promo code wasn't applied. Please try again later."],
    ['promo', timeout, "There was a network error. Your promo code wasn't applied. Please try again later."],
    ['load', network, null],
    ['remove', timeout, null],
    ['remove', refusal, 'We are unable to remove this item. Try again later.'],
    ['update', refusal, '“Sea” has just been sold.'],
    ['promo', new ApiResponseError('There is no promo code NOPE.', 404, 'unknown_promo'), 'There is no promo code NOPE.'],
    ['load', new ApiResponseError('The catalogue is unavailable just now; please try again shortly.', 503, 'unavailable'), 'The catalogue is unavailable just now; please try again shortly.'],
  ] as const)('%s failing with %s -> %s', (call, error, expected) => {
    expect(failureMessage(call, error, messages)).toBe(expected);
  });
});

describe('createBasketStore', () => {
  it('loads once, reports the count after each success, and keeps the data when a call fails', async () => {
    const counts: number[] = [];
    let loads = 0;
    const store = createBasketStore(async () => { loads++; return basket(2); }, messages, (n) => counts.push(n));
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(loads).toBe(1);
    expect(await store.run('update', async () => basket(3))).toBe(true);
    expect(await store.run('remove', async () => { throw new TypeError('Failed to fetch'); })).toBe(false);
    expect(store.getState()).toMatchObject({ data: basket(3), status: 'failed', error: null });
    expect(counts).toEqual([2, 3]);
  });
});

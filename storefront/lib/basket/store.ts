import { ApiResponseError } from '../api/client';
import { createState, shouldLoad, type LoadStatus, type Store } from '../store';
import type { BasketView } from './basket';

/**
 * The browser's basket (SPEC §3, §4): the server's data with a status and error of its own, and
 * a separate status and error for the promo code. A load, update, removal or promo success
 * replaces the data; an update or removal marks the basket updating meanwhile.
 */
export interface BasketState {
  data: BasketView | undefined;
  status: LoadStatus;
  error: string | null;
  promoStatus: LoadStatus;
  promoError: string | null;
}

export const INITIAL_BASKET: BasketState = { data: undefined, status: 'idle', error: null, promoStatus: 'idle', promoError: null };

/** What a call is doing: loading, updating (adding or a quantity), removing a line, or the promo code. */
export type BasketCall = 'load' | 'update' | 'remove' | 'promo';

export type BasketAction =
  | { type: 'request'; call: BasketCall }
  | { type: 'success'; call: BasketCall; basket: BasketView }
  | { type: 'failure'; call: BasketCall; message: string | null };

/** (state, action) -> the next state; see BasketState. */
export function basketReducer(state: BasketState, action: BasketAction): BasketState {
  const promo = action.call === 'promo';
  switch (action.type) {
    case 'request':
      if (promo) return { ...state, promoStatus: 'updating', promoError: null };
      return { ...state, status: action.call === 'load' ? 'loading' : 'updating' };
    case 'success':
      return promo
        ? { ...state, data: action.basket, promoStatus: 'succeeded', promoError: null }
        : { ...state, data: action.basket, status: 'succeeded', error: null };
    case 'failure':
      // The data stays as it was: a failed call changed nothing on the server.
      return promo ? { ...state, promoStatus: 'failed', promoError: action.message } : { ...state, status: 'failed', error: action.message };
  }
}

export interface FailureMessages {
  /** SPEC §8, word for word, in the shopper's English. */
  updateFailed: string;
  promoFailed: string;
  removeFailed: string;
}

/**
 * SPEC §8: what the shopper is told when a call fails. A network error or time-out: the update
 * and promo sentences, nothing for a load or removal. The server's refusal: its own message,
 * except a removal, which has a sentence of its own.
 */
export function failureMessage(call: BasketCall, error: unknown, messages: FailureMessages): string | null {
  if (error instanceof ApiResponseError) return call === 'remove' ? messages.removeFailed : error.message;
  switch (call) {
    case 'update': return messages.updateFailed;
    case 'promo': return messages.promoFailed;
    case 'load':
    case 'remove': return null;
  }
}

export interface BasketStore extends Store<BasketState> {
  /** Loads unless loading already or loaded. */
  load(): Promise<void>;
  /** Runs a call that answers the basket; true when it succeeded. */
  run(call: BasketCall, send: () => Promise<BasketView>): Promise<boolean>;
}

/** `onCount` hears the item count after every success, for the header and local storage. */
export function createBasketStore(fetchBasket: () => Promise<BasketView>, messages: FailureMessages, onCount: (count: number) => void): BasketStore {
  const state = createState<BasketState>(INITIAL_BASKET);
  const dispatch = (action: BasketAction) => state.set(basketReducer(state.getState(), action));
  const perform = async (call: BasketCall, send: () => Promise<BasketView>) => {
    dispatch({ type: 'request', call });
    try {
      const basket = await send();
      dispatch({ type: 'success', call, basket });
      onCount(basket.count);
      return true;
    } catch (error) {
      dispatch({ type: 'failure', call, message: failureMessage(call, error, messages) });
      return false;
    }
  };
  return {
    getState: state.getState,
    subscribe: state.subscribe,
    async load() {
      if (shouldLoad(state.getState().status)) await perform('load', fetchBasket);
    },
    run: perform,
  };
}

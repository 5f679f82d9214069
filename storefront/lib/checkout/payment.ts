import { createHash } from 'node:crypto';
import type { Currency } from '@easel/data/vocabulary';

/**
 * Taking a payment. The shop talks to its payment provider through this one method, so a real
 * provider replaces the simulated one without the checkout changing. Card details pass
 * straight through to the provider and are never stored.
 */
export interface PaymentProvider {
  /**
   * Charges the card `amountMinor` of `currency`. The same `idempotencyKey` must never charge
   * twice: a retry answers the first charge's outcome.
   */
  charge(request: { amountMinor: number; currency: Currency; card: CardDetails; idempotencyKey: string }): Promise<
    { ok: true; reference: string } | { ok: false; reason: string }
  >;
}

export interface CardDetails {
  /** Digits only. */
  number: string;
  /** MM/YY. */
  expiry: string;
  cvc: string;
}

/** The simulated provider's cards, as payment providers' test modes use them. */
export const TEST_CARDS = { accepted: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * The demo shop's provider: no external payment service is reachable, so it accepts the test
 * card 4242 4242 4242 4242, declines 4000 0000 0000 0002 as a bank would, and refuses any
 * other number. Its reference is derived from the idempotency key, so a retry gets the same one.
 */
export const simulatedPayments: PaymentProvider = {
  async charge({ card, idempotencyKey }) {
    if (card.number === TEST_CARDS.accepted) {
      return { ok: true, reference: `sim_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}` };
    }
    if (card.number === TEST_CARDS.declined) return { ok: false, reason: 'Your card was declined. Please try another card.' };
    return { ok: false, reason: 'This demo shop takes only the test card 4242 4242 4242 4242; no real card is ever charged.' };
  },
};

import { createHash } from 'node:crypto';
import { openPaymentLedger, type ChargeRow, type PaymentLedger } from '@easel/data/payment-ledger';
import type { PaymentOutcome, PaymentRequest } from '@easel/data/queries/checkout';
import { getConfig } from '../config';

/**
 * Taking a payment. The shop talks to its payment provider through this one method, so a real
 * provider replaces the simulated one without the checkout changing. Card details pass
 * straight through to the provider and are never stored.
 */
export interface PaymentProvider {
  /**
   * Charges the card `amountMinor` of `currency`. The same `idempotencyKey` must never charge
   * twice: a retry answers the first charge's outcome, and when it was made.
   */
  charge(request: PaymentRequest & { card: CardDetails }): Promise<PaymentOutcome>;
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

/** What the simulated provider decides for a card, as its ledger row. */
function decide(request: Parameters<PaymentProvider['charge']>[0], now: Date): ChargeRow {
  const row = { idempotency_key: request.idempotencyKey, amount_minor: request.amountMinor, currency: request.currency, created_at: now.toISOString() };
  if (request.card.number === TEST_CARDS.accepted) {
    return { ...row, outcome: 'charged', reason: null, reference: `sim_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 20)}` };
  }
  const reason = request.card.number === TEST_CARDS.declined
    ? 'Your card was declined. Please try another card.'
    : 'This demo shop takes only the test card 4242 4242 4242 4242; no real card is ever charged.';
  return { ...row, outcome: 'declined', reference: null, reason };
}

/**
 * The demo shop's provider: no external payment service is reachable, so it accepts the test
 * card 4242 4242 4242 4242, declines 4000 0000 0000 0002 as a bank would, and refuses any
 * other number. Like a real provider it keeps a durable ledger, one row per idempotency key
 * written before it answers: a key charged before answers that first outcome and never charges
 * again, and a key reused for another amount is refused, as providers refuse it.
 */
export function createSimulatedPayments(ledger: () => Promise<PaymentLedger>, now: () => Date = () => new Date()): PaymentProvider {
  return {
    async charge(request) {
      const books = await ledger();
      const row = (await books.find(request.idempotencyKey)) ?? (await books.record(decide(request, now())));
      if (row.amount_minor !== request.amountMinor || row.currency !== request.currency) {
        return { ok: false, reason: 'This payment was already made for another amount; nothing more was charged.' };
      }
      return row.outcome === 'charged' ? { ok: true, reference: row.reference!, charged_at: row.created_at } : { ok: false, reason: row.reason! };
    },
  };
}

let processLedger: Promise<PaymentLedger> | undefined;

/** The storefront's provider, on the ledger at PAYMENTS_LEDGER (opened at the first charge). */
export const simulatedPayments = createSimulatedPayments(() => {
  processLedger ??= openPaymentLedger(getConfig().PAYMENTS_LEDGER).catch((error: unknown) => {
    processLedger = undefined;
    throw error;
  });
  return processLedger;
});

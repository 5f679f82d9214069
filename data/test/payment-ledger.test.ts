import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPaymentLedger, type ChargeRow } from '../src/payment-ledger';
import { ledgerLocation, openTemporaryDatabase, type TemporaryDatabase } from './fixtures';

let temp: TemporaryDatabase;
beforeAll(async () => {
  temp = await openTemporaryDatabase('payment-ledger');
});
afterAll(() => temp.close());

const charge = (key: string, amount: number): ChargeRow => ({
  idempotency_key: key, amount_minor: amount, currency: 'GBP', outcome: 'charged', reference: `ref-${key}-${amount}`, reason: null,
  created_at: new Date().toISOString(),
});

describe('the payment ledger', () => {
  it('keeps the first row for a key, whichever of two processes writes it, and at once', async () => {
    const [first, second] = await Promise.all([openPaymentLedger(ledgerLocation(temp)), openPaymentLedger(ledgerLocation(temp))]);
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).record(charge('order-1', 1_000 + i))));
    expect(new Set(rows.map((r) => r.reference)).size).toBe(1);
    expect(await first.find('order-1')).toEqual(rows[0]);
    expect((await second.all()).filter((r) => r.idempotency_key === 'order-1')).toHaveLength(1);
    await Promise.all([first.close(), second.close()]);
  });

  it('finds a charge again after it is opened anew, and nothing for an unknown key', async () => {
    const ledger = await openPaymentLedger(ledgerLocation(temp));
    await ledger.record(charge('order-2', 2_500));
    await ledger.close();
    const reopened = await openPaymentLedger(ledgerLocation(temp));
    expect(await reopened.find('order-2')).toMatchObject({ amount_minor: 2_500, outcome: 'charged' });
    expect(await reopened.find('never-charged')).toBeUndefined();
    await reopened.close();
  });
});

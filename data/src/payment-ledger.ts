import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Currency } from '@easel/shared/vocabulary';

/**
 * The simulated card provider's own ledger: one row per charge attempt, keyed by the shop's
 * idempotency key, in a SQLite file of its own (the provider's books, not the shop's). A row is
 * committed before the provider answers, so a shop that crashes after a charge finds it again,
 * and any number of shop processes share it.
 */

export interface ChargeRow {
  idempotency_key: string;
  amount_minor: number;
  currency: Currency;
  outcome: 'charged' | 'declined';
  /** The provider's reference for a charge; null when declined. */
  reference: string | null;
  /** Why a charge was declined, for the shopper; null when charged. */
  reason: string | null;
  created_at: string;
}

export interface PaymentLedger {
  /**
   * The row for `row.idempotency_key`: the one just written, or the one written first when the
   * key was charged before (by this process or another).
   */
  record(row: ChargeRow): ChargeRow;
  find(idempotencyKey: string): ChargeRow | undefined;
  all(): ChargeRow[];
  close(): void;
}

/** Opens (creating) the ledger at `file`; WAL and a busy timeout let several processes charge at once. */
export function openPaymentLedger(file: string): PaymentLedger {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('synchronous = FULL');
  sqlite.exec(`CREATE TABLE IF NOT EXISTS charges (
    idempotency_key TEXT PRIMARY KEY,
    amount_minor INTEGER NOT NULL,
    currency TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('charged', 'declined')),
    reference TEXT,
    reason TEXT,
    created_at TEXT NOT NULL
  )`);
  const insert = sqlite.prepare(
    'INSERT OR IGNORE INTO charges (idempotency_key, amount_minor, currency, outcome, reference, reason, created_at) VALUES (@idempotency_key, @amount_minor, @currency, @outcome, @reference, @reason, @created_at)',
  );
  const select = sqlite.prepare('SELECT * FROM charges WHERE idempotency_key = ?');
  const selectAll = sqlite.prepare('SELECT * FROM charges ORDER BY created_at, idempotency_key');
  return {
    record(row) {
      insert.run(row);
      return select.get(row.idempotency_key) as ChargeRow;
    },
    find: (key) => select.get(key) as ChargeRow | undefined,
    all: () => selectAll.all() as ChargeRow[],
    close: () => sqlite.close(),
  };
}

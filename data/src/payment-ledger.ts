import { createHash } from 'node:crypto';
import { sql, type Kysely, type SchemaModule } from 'kysely';
import type { Currency } from '@easel/shared/vocabulary';
import { connect, isPostgres } from './dialect';

/**
 * The simulated card provider's own ledger: one row per charge attempt, keyed by the shop's
 * idempotency key, in books of its own (the provider's, not the shop's): a SQLite file, or a
 * table in a PostgreSQL database that every storefront replica reaches. A row is committed
 * before the provider answers, so a shop that crashes after a charge finds it again, and any
 * number of shop processes share it. A charge may be refunded once, whole (`refunds`).
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

/** A charge given back, one at most per charge, whole. */
export interface RefundRow {
  idempotency_key: string;
  amount_minor: number;
  currency: Currency;
  /** The provider's reference for the refund. */
  reference: string;
  created_at: string;
}

export interface PaymentLedger {
  /**
   * The row for `row.idempotency_key`: the one just written, or the one written first when the
   * key was charged before (by this process or another).
   */
  record(row: ChargeRow): Promise<ChargeRow>;
  find(idempotencyKey: string): Promise<ChargeRow | undefined>;
  all(): Promise<ChargeRow[]>;
  /** The charges (not the declines) made after `after` up to and including `through`, oldest first. */
  chargedBetween(after: string, through: string): Promise<ChargeRow[]>;
  /**
   * Gives the whole of the charge under `idempotencyKey` back, once: a second call answers the
   * first refund. Throws when the key has no charge.
   */
  refund(idempotencyKey: string, now: Date): Promise<RefundRow>;
  findRefund(idempotencyKey: string): Promise<RefundRow | undefined>;
  close(): Promise<void>;
}

interface LedgerDatabase {
  charges: ChargeRow;
  refunds: RefundRow;
}

/** Opens (creating) the ledger at `location`: a SQLite file, or a `postgres://` database. */
export async function openPaymentLedger(location: string): Promise<PaymentLedger> {
  const db = connect<LedgerDatabase>(location);
  try {
    await createTable(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const select = () => db.selectFrom('charges').selectAll();
  return {
    async record(row) {
      // A second writer of the same key waits for the first's commit, then writes nothing.
      await db.insertInto('charges').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
      return select().where('idempotency_key', '=', row.idempotency_key).executeTakeFirstOrThrow();
    },
    find: (key) => select().where('idempotency_key', '=', key).executeTakeFirst(),
    all: () => select().orderBy('created_at').orderBy('idempotency_key').execute(),
    chargedBetween: (after, through) => select()
      .where('outcome', '=', 'charged').where('created_at', '>', after).where('created_at', '<=', through)
      .orderBy('created_at').orderBy('idempotency_key').execute(),
    async refund(key, now) {
      const charge = await select().where('idempotency_key', '=', key).where('outcome', '=', 'charged').executeTakeFirst();
      if (!charge) throw new Error(`No charge under the key ${key} to refund.`);
      const reference = `simr_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;
      await db.insertInto('refunds')
        .values({ idempotency_key: key, amount_minor: charge.amount_minor, currency: charge.currency, reference, created_at: now.toISOString() })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return db.selectFrom('refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
    },
    findRefund: (key) => db.selectFrom('refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),
    close: () => db.destroy(),
  };
}

async function createTable(db: Kysely<LedgerDatabase>): Promise<void> {
  const create = async (schema: SchemaModule) => {
    await createCharges(schema);
    await schema
      .createTable('refunds')
      .ifNotExists()
      .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
      .addColumn('amount_minor', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await schema.createIndex('charges_created_idx').ifNotExists().on('charges').columns(['created_at']).execute();
  };
  const createCharges = (schema: SchemaModule) => schema
    .createTable('charges')
    .ifNotExists()
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome IN ('charged', 'declined')`))
    .addColumn('reference', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  if (!isPostgres(db)) return create(db.schema);
  // Replicas opening the ledger at once take turns: PostgreSQL's IF NOT EXISTS does not guard
  // against a CREATE running at the same time.
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('charges'))`.execute(trx);
    await create(trx.schema);
  });
}

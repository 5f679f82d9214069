import path from 'node:path';
import { z } from 'zod';
import { parseEnv, REPO_ROOT, type Env } from '@easel/shared/env';

/** DATABASE_FILE: relative paths are taken from the repository root, wherever the command runs. */
export const databaseFileSchema = z.string().min(1).default('var/easel.db').transform((p) => path.resolve(REPO_ROOT, p));

/** DATABASE_URL: a PostgreSQL address selects PostgreSQL in place of the SQLite file. */
export const databaseUrlSchema = z.string().regex(/^postgres(ql)?:\/\/./, 'must be a postgres:// address').optional();

/** Where the catalogue database is: DATABASE_URL when set, else DATABASE_FILE. */
export function withDatabaseLocation<T extends { DATABASE_FILE: string; DATABASE_URL?: string | undefined }>(config: T): T & { DATABASE: string } {
  return { ...config, DATABASE: config.DATABASE_URL ?? config.DATABASE_FILE };
}

/**
 * PAYMENTS_LEDGER_FILE: the simulated card provider's ledger, a SQLite file of its own; unset, it
 * is `payments.db` beside DATABASE_FILE, or with DATABASE_URL a table in that PostgreSQL
 * database, which every replica shares.
 */
export const paymentsLedgerFileSchema = z.string().min(1).transform((p) => path.resolve(REPO_ROOT, p)).optional();

/** Where the provider's ledger is (PAYMENTS_LEDGER_FILE, else as its schema says). */
export function ledgerLocationOf(config: { DATABASE_FILE: string; DATABASE_URL?: string | undefined; PAYMENTS_LEDGER_FILE?: string | undefined }): string {
  return config.PAYMENTS_LEDGER_FILE ?? config.DATABASE_URL ?? path.join(path.dirname(config.DATABASE_FILE), 'payments.db');
}

const schema = z.object({
  DATABASE_FILE: databaseFileSchema,
  DATABASE_URL: databaseUrlSchema,
  PAYMENTS_LEDGER_FILE: paymentsLedgerFileSchema,
  CATALOGUE_SEED: z.coerce.number().int().min(0).default(1),
  CATALOGUE_ARTWORKS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
}).transform((c) => withDatabaseLocation({ ...c, PAYMENTS_LEDGER: ledgerLocationOf(c) }));

export type DataConfig = z.infer<typeof schema>;

/** Reads and validates the data part's environment once; a bad value names the variable. */
export function getDataConfig(env: Env = process.env): DataConfig {
  return parseEnv(schema, env);
}

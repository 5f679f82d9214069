import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { drainMsSchema } from '@easel/shared/graceful-stop';
import { databaseFileSchema, databaseUrlSchema, ledgerLocationOf, paymentsLedgerFileSchema, withDatabaseLocation } from '@easel/data/config';
import { indexUidSchema, parseEnv, REPO_ROOT, type Env } from '@easel/shared/env';
import { DEFAULT_INDEX_UID } from '@easel/indexer/index-settings';
import { perMinuteSchema, trustedProxiesSchema } from '@easel/shared/rate-limit';

/**
 * The storefront's settings, read from the environment once, at first use, and validated.
 * This is the only storefront module that reads `process.env`.
 */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z.object({
  SEARCH_SERVICE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:4000' })
      .transform((u) => u.replace(/\/+$/, ''))
      .default('http://127.0.0.1:4000'),
  ),
  /**
   * How long a server render waits for the gallery search and each homepage section before
   * leaving them to the browser (SPEC section 9: 300 ms); 0 leaves them all to the browser.
   */
  SSR_BUDGET_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(5000).default(300)),
  /**
   * How much of the storefront's memory keeps the gallery, homepage and product pages rendered
   * for visitors without a session (lib/page-cache.ts), in MB; 0 renders every page.
   */
  PAGE_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(4096).default(64)),
  /**
   * How many processes serve the storefront on its one port (lib/workers.ts): one a processor by
   * default, as a page's render takes a whole processor's time and one process uses one.
   */
  STOREFRONT_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(os.availableParallelism())),
  /** The site's address as shoppers reach it, for links in mail (lib/account/mail.ts); `npm start` sets its own. */
  SITE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')).default('http://localhost:3000')),
  MEDIA_CACHE_DIR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((p) => path.resolve(REPO_ROOT, p))
      .default(path.join(REPO_ROOT, 'var', 'media')),
  ),
  /** The most the picture cache keeps on disk, in MB; past it the least recently served go (lib/media-cache.ts). */
  MEDIA_CACHE_MAX_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(2048)),
  // Signed-in users' settings and the currency rates are read from the catalogue database.
  DATABASE_FILE: z.preprocess(emptyToUndefined, databaseFileSchema),
  DATABASE_URL: z.preprocess(emptyToUndefined, databaseUrlSchema),
  PAYMENTS_LEDGER_FILE: z.preprocess(emptyToUndefined, paymentsLedgerFileSchema),
  /**
   * The indexer's admin API, which runs the staff index page's full rebuild (lib/staff/index-admin.ts);
   * `npm start` sets it. Without it the page still shows the index's figures (they live in the
   * database, under SEARCH_INDEX) but cannot rebuild.
   */
  INDEXER_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')).optional()),
  SEARCH_INDEX: z.preprocess(emptyToUndefined, indexUidSchema(DEFAULT_INDEX_UID)),
  /**
   * Requests per minute per client address (lib/rate-limits.ts; docs/SECURITY.md, "Rate limits");
   * 0 turns one off. Search is the same setting the search-service reads.
   */
  RATE_LIMIT_SEARCH_PER_MINUTE: perMinuteSchema(600),
  RATE_LIMIT_LOGIN_PER_MINUTE: perMinuteSchema(10),
  RATE_LIMIT_JOIN_PER_MINUTE: perMinuteSchema(10),
  RATE_LIMIT_CHECKOUT_PER_MINUTE: perMinuteSchema(30),
  /** An artist's writes to their works: a listing with six photos is about ten. */
  RATE_LIMIT_LISTING_PER_MINUTE: perMinuteSchema(120),
  /** Artwork pictures, a gallery page being about 24; a browser keeps each one for a year. */
  RATE_LIMIT_MEDIA_PER_MINUTE: perMinuteSchema(1200),
  /**
   * The folder of the search records' write-ahead files (lib/search-analytics/write-ahead.ts);
   * by default `search-records` beside DATABASE_FILE, or under var/ with DATABASE_URL. One per
   * replica is simplest; replicas on one machine may share one.
   */
  SEARCH_RECORDS_DIR: z.preprocess(emptyToUndefined, z.string().min(1).transform((p) => path.resolve(REPO_ROOT, p)).optional()),
  /** The proxies in front of the storefront whose X-Forwarded-For is believed (server.ts); none by default. */
  TRUSTED_PROXIES: trustedProxiesSchema(''),
  /** How long a stopping storefront keeps serving with its health check failing (server.ts). */
  SHUTDOWN_DRAIN_MS: drainMsSchema,
})
  .transform((c) => withDatabaseLocation({
    ...c,
    PAYMENTS_LEDGER: ledgerLocationOf(c),
    SEARCH_RECORDS_DIR: c.SEARCH_RECORDS_DIR ?? (c.DATABASE_URL ? path.join(REPO_ROOT, 'var', 'search-records') : path.join(path.dirname(c.DATABASE_FILE), 'search-records')),
  }));

export type StorefrontConfig = z.output<typeof envSchema>;

/** Validates an environment; the error names each offending variable. */
export function parseConfig(env: Env): StorefrontConfig {
  return parseEnv(envSchema, env);
}

let cached: StorefrontConfig | undefined;

/** The process's configuration, parsed on first call and reused after. */
export function getConfig(): StorefrontConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

import { z } from 'zod';
import { drainMsSchema } from '@easel/shared/graceful-stop';
import { indexUidSchema, parseEnv, portSchema } from '@easel/shared/env';
import { DEFAULT_INDEX_UID } from '@easel/indexer/index-settings';
import { perMinuteSchema, trustedProxiesSchema } from '@easel/shared/rate-limit';

const schema = z.object({
  SEARCH_PORT: portSchema(4000),
  SEARCH_HOST: z.string().min(1).default('127.0.0.1'),
  MEILI_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:7700'),
  MEILI_MASTER_KEY: z.string({ error: 'Is required: the key of the Meilisearch server (npm start passes the embedded one)' }).min(16),
  SEARCH_INDEX: indexUidSchema(DEFAULT_INDEX_UID),
  /**
   * The engine's cores, when it runs on another machine (by default this one's, where the
   * embedded engine runs): while one is idle beside a search's own, the search's queries go to
   * the engine as up to three requests at once (engine.ts, splitQueries).
   */
  SEARCH_ENGINE_CORES: z.coerce.number().int().min(1).max(1024).optional(),
  /**
   * Product cards kept in memory (card-store.ts), about 1.3 KB each and 1 KB more once shown (its
   * JSON, kept for the answers): every work of a catalogue of 100,000 works; of a larger one the
   * most popular at start, then the most recently shown.
   */
  SEARCH_CARD_STORE_SIZE: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** How long a hot answer is served from memory; 0 turns the cache off. */
  SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /**
   * Searches per minute per client address, all of which may come at once; 0 turns the limit
   * off (the benchmarks and the browser tests do). A shopper dragging the price slider sends a
   * few dozen a minute.
   */
  RATE_LIMIT_SEARCH_PER_MINUTE: perMinuteSchema(600),
  /**
   * Whose X-Forwarded-For is believed. The service listens on loopback behind the storefront,
   * which forwards each shopper's address; no one but a process on this machine can connect
   * from loopback, so trusting it by default is safe. docs/SECURITY.md, "Rate limits".
   */
  SEARCH_TRUSTED_PROXIES: trustedProxiesSchema('127.0.0.1,::1'),
  /** How long a stopping search service keeps serving with /healthz failing (server.ts). */
  SHUTDOWN_DRAIN_MS: drainMsSchema,
});

export type SearchConfig = z.infer<typeof schema>;

/** The search-service's environment, read once and validated; a bad value names the variable. */
export function getSearchConfig(env: NodeJS.ProcessEnv = process.env): SearchConfig {
  return parseEnv(schema, env);
}

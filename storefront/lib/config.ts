import path from 'node:path';
import { z } from 'zod';
import { databaseFileSchema, parseEnv, REPO_ROOT, type Env } from '@easel/data/config';

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
  MEDIA_CACHE_DIR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((p) => path.resolve(REPO_ROOT, p))
      .default(path.join(REPO_ROOT, 'var', 'media')),
  ),
  // Signed-in users' settings and the currency rates are read from the catalogue database.
  DATABASE_FILE: z.preprocess(emptyToUndefined, databaseFileSchema),
});

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

import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT, indexUidSchema, parseEnv, portSchema, type Env } from '@easel/shared/env';
import { DEFAULT_INDEX_UID } from './index-settings';
import { DEFAULT_MAX_INDEXING_MEMORY } from './meili/server';

const schema = z
  .object({
    MEILI_URL: z.url({ protocol: /^https?$/ }).optional(),
    MEILI_MASTER_KEY: z.string().min(16).optional(),
    MEILI_BIN: z.string().min(1).optional(),
    MEILI_PORT: portSchema(7700),
    MEILI_MAX_INDEXING_MEMORY: z
      .string()
      .regex(/^\d+(\.\d+)? ?([KMGT]i?B|B)?$/, 'must be a size such as 1 GiB or 512 MiB')
      .default(DEFAULT_MAX_INDEXING_MEMORY),
    MEILI_DATA_DIR: z.string().min(1).default('var/meili').transform((p) => path.resolve(REPO_ROOT, p)),
    SEARCH_INDEX: indexUidSchema(DEFAULT_INDEX_UID),
  })
  .refine((c) => !c.MEILI_URL || c.MEILI_MASTER_KEY, {
    path: ['MEILI_MASTER_KEY'],
    message: 'is required when MEILI_URL is set',
  });

export type MeiliConfig = z.infer<typeof schema>;

/** Where the search engine is and what the index is called; read once, validated. */
export function getMeiliConfig(env: Env = process.env): MeiliConfig {
  return parseEnv(schema, env);
}

/** One engine of SEARCH_ENGINES. */
const engineSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,40}$/, 'must be lower-case letters, digits, - and _'),
  url: z.url({ protocol: /^https?$/ }),
  key: z.string().min(16, 'must be the engine\'s master key (16 characters or more)'),
});

/** SEARCH_ENGINES: a JSON list; JSON because every engine has three parts, one of them a secret. */
const enginesSchema = z
  .string({ error: 'is required: the JSON list of engines to feed, such as [{"name":"engine-1","url":"http://10.0.0.5:7700","key":"…"}]' })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list such as [{"name":"engine-1","url":"http://10.0.0.5:7700","key":"…"}]' });
      return z.NEVER;
    }
  })
  .pipe(z.array(engineSchema).min(1, 'must list at least one engine'))
  .refine((engines) => new Set(engines.map((e) => e.name)).size === engines.length, 'must name each engine once')
  .refine((engines) => new Set(engines.map((e) => e.url)).size === engines.length, 'must list each engine URL once');

const followSchema = z.object({
  SEARCH_ENGINES: enginesSchema,
  SEARCH_INDEX: indexUidSchema(DEFAULT_INDEX_UID),
  /** The admin API (staff status and rebuild), on loopback; not served when unset. */
  INDEXER_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** The storefront's address, which the links in alert mail begin with. */
  SITE_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')).default('http://localhost:3000'),
  /** The address the admin API listens on: loopback, unless the storefronts run on other hosts of a private network. */
  INDEXER_HOST: z.string().min(1).default('127.0.0.1'),
});

export type FollowConfig = z.infer<typeof followSchema>;

/** The cluster's indexer (scripts/indexer.ts): the engines it feeds and the index; read once, validated. */
export function getFollowConfig(env: Env = process.env): FollowConfig {
  return parseEnv(followSchema, env);
}

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

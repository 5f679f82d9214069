import { z } from 'zod';
import { getDataConfig, type DataConfig } from '@easel/data/config';
import { parseEnv, portSchema, type Env } from '@easel/shared/env';
import { getMeiliConfig, type MeiliConfig } from '@easel/indexer';

const schema = z.object({
  STOREFRONT_PORT: portSchema(3000),
  SEARCH_PORT: portSchema(4000),
  /** The indexer's admin API (rebuild and status, for the staff index page); always on loopback. */
  INDEXER_PORT: portSchema(4100),
  /** Where the storefront and search service listen; loopback unless deliberately opened up. */
  HOST: z.string().min(1).default('127.0.0.1'),
});

export type StartConfig = z.infer<typeof schema> & { data: DataConfig; meili: MeiliConfig };

/** Everything `npm start` needs, validated before anything starts. */
export function getStartConfig(env: Env = process.env): StartConfig {
  return { ...parseEnv(schema, env), data: getDataConfig(env), meili: getMeiliConfig(env) };
}


import { z } from 'zod';
import { getDataConfig, parseEnv, type DataConfig, type Env } from '@easel/data';
import { getMeiliConfig, type MeiliConfig } from '@easel/indexer';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback);

const schema = z.object({
  STOREFRONT_PORT: port(3000),
  SEARCH_PORT: port(4000),
  /** Where the storefront and search service listen; loopback unless deliberately opened up. */
  HOST: z.string().min(1).default('127.0.0.1'),
});

export type StartConfig = z.infer<typeof schema> & { data: DataConfig; meili: MeiliConfig };

/** Everything `npm start` needs, validated before anything starts. */
export function getStartConfig(env: Env = process.env): StartConfig {
  return { ...parseEnv(schema, env), data: getDataConfig(env), meili: getMeiliConfig(env) };
}


import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so default paths do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Env = Record<string, string | undefined>;

/** A TCP port variable with its default. */
export const portSchema = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback);

/** A search index name variable with its default. */
export const indexUidSchema = (fallback: string) =>
  z.string().regex(/^[a-z][a-z0-9_]{0,60}$/, 'must be lower-case letters, digits and _').default(fallback);

/** Parses env with a schema; on failure throws one sentence naming each bad variable. */
export function parseEnv<T extends z.ZodType>(envSchema: T, env: Env): z.infer<T> {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')} ${i.message.charAt(0).toLowerCase()}${i.message.slice(1)}`);
  throw new ConfigError(`Invalid environment: ${problems.join('; ')}. Fix the variable and start again.`);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

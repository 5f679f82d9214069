import type { Hono, Schema } from 'hono';
import type { LoginLimits } from '../rate-limits';
import { answering } from './app';

/**
 * For tests: routes behind the API's error handling, called with a request as Next.js would
 * call them: `const call = callable(productRoutes({ getDb }))`, `await call(new Request(url))`.
 */
export function callable(routes: Hono<any, Schema, string>): (request: Request) => Promise<Response> {
  const app = answering(routes);
  return async (request) => app.fetch(request);
}

/** For tests of the account routes that are not about the log-in's limits: limits that never refuse. */
export const noLoginLimits = (): LoginLimits => ({ check: async () => null, failed: async () => {} });

/** For tests of a database that is down: what getDb rejects with when SQLite cannot open its file. */
export const databaseDown = () => Promise.reject(Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' }));

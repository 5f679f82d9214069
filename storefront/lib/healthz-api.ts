import { Hono } from 'hono';
import type { Db } from '@easel/data/db';
import { errorBody } from '@easel/shared/api-error-body';
import { NO_STORE } from './api/errors';

/**
 * GET /api/healthz/: 200 while this storefront can serve, which is while its database answers;
 * 503 in the error shape otherwise. A load balancer asks it several times a second, so it costs
 * one trivial query, and a failure is answered without the error handler's log line each time.
 */
export const healthRoutes = ({ getDb }: { getDb: () => Promise<Db> }) =>
  new Hono().get('/api/healthz/', async (c) => {
    try {
      await (await getDb()).selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    } catch {
      return c.json(errorBody('unavailable', 'The storefront cannot reach its database.'), 503, NO_STORE);
    }
    return c.json({ status: 'ok' }, 200, NO_STORE);
  });

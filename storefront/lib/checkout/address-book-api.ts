import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { forgetAddress, getAddresses } from '@easel/data/queries/addresses';
import { signedInUserId } from '../api/context';
import { ApiError } from '../api/errors';
import { query } from '../api/validate';

/**
 * The signed-in shopper's address book: GET /api/account/addresses/ lists it (the address used
 * last first), DELETE ?id= removes one. Checkout adds each address an order is sent to.
 */

const PRIVATE = { 'Cache-Control': 'no-store' };
const removeQuerySchema = z.object({ id: z.coerce.number({ error: 'must be an address id' }).int().positive() });

const PATH = '/api/account/addresses/';

export const addressBookRoutes = ({ getDb }: { getDb: () => Promise<Db> }) =>
  new Hono()
    .get(PATH, async (c) => {
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to see your addresses.');
      return c.json({ results: await getAddresses(await getDb(), userId) }, 200, PRIVATE);
    })
    .delete(PATH, query(removeQuerySchema), async (c) => {
      const { id } = c.req.valid('query');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to change your addresses.');
      if (!(await forgetAddress(await getDb(), userId, id))) throw new ApiError(404, 'not_found', 'There is no such address in your book.', 'id');
      return c.json({ results: await getAddresses(await getDb(), userId) }, 200, PRIVATE);
    });

import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { forgetAddress, getAddresses } from '@easel/data/queries/addresses';
import { apiError } from '../api-error';
import { answering, readQuery, type Handler } from '../catalogue/api';
import { requestUserId } from '../session';

/**
 * The signed-in shopper's address book: GET /api/account/addresses/ lists it (the address used
 * last first), DELETE ?id= removes one. Checkout adds each address an order is sent to.
 */

const PRIVATE = { 'Cache-Control': 'no-store' };
const removeQuerySchema = z.object({ id: z.coerce.number({ error: 'must be an address id' }).int().positive() });

export function createAddressBookHandlers({ getDb }: { getDb: () => Promise<Db> }): { GET: Handler; DELETE: Handler } {
  const signedIn = async (request: NextRequest) => requestUserId(request, getDb);
  return {
    GET: answering('addresses', async (request) => {
      const userId = await signedIn(request);
      if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to see your addresses.');
      return NextResponse.json({ results: await getAddresses(await getDb(), userId) }, { headers: PRIVATE });
    }),
    DELETE: answering('addresses', async (request) => {
      const query = readQuery(request, removeQuerySchema);
      if (query instanceof Response) return query;
      const userId = await signedIn(request);
      if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to change your addresses.');
      if (!(await forgetAddress(await getDb(), userId, query.id))) return apiError(404, 'not_found', 'There is no such address in your book.', 'id');
      return NextResponse.json({ results: await getAddresses(await getDb(), userId) }, { headers: PRIVATE });
    }),
  };
}

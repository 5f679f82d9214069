import { cookies } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { getAccountUser } from '@easel/data/queries/accounts';
import { getDb } from '../db';
import { getSignedInUserId, SESSION_COOKIE } from '../session';
import type { AccountUser } from './account';

/**
 * The signed-in user's id for this render, read once however many components ask (settings,
 * the account, the page): null for a visitor or an ended session.
 */
export const getRequestUserId = cache(async (): Promise<number | null> => getSignedInUserId((await cookies()).get(SESSION_COOKIE)?.value, getDb));

/**
 * The signed-in user for the page shell, read once per request; null for a visitor, an ended
 * session, or when the database cannot say (the page then renders signed out rather than failing).
 */
export const getRequestAccount = cache(async (): Promise<AccountUser | null> => {
  try {
    const userId = await getRequestUserId();
    return userId === null ? null : ((await getAccountUser(await getDb(), userId)) ?? null);
  } catch (error) {
    // Next.js signals a page that must render per request by throwing; that is not a failure.
    unstable_rethrow(error);
    console.error('account: could not read the signed-in user; rendering signed out:', error);
    return null;
  }
});

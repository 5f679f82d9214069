import { cookies } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { getAccountUser } from '@easel/data/queries/accounts';
import { getArtistSlug } from '@easel/data/queries/artists';
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

/**
 * The signed-in artist's own profile slug, for the account menu's links to their page; null for
 * everyone else, or when the database cannot say (the menu then shows the shopper's links only).
 */
export const getRequestArtistSlug = cache(async (): Promise<string | null> => {
  const account = await getRequestAccount();
  if (account?.role !== 'provider' || account.artist_id === null) return null;
  try {
    return (await getArtistSlug(await getDb(), account.artist_id)) ?? null;
  } catch (error) {
    unstable_rethrow(error);
    console.error('account: could not read the artist\'s slug; leaving their links out:', error);
    return null;
  }
});

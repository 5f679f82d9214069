import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { adoptVisitorBasket } from './basket';
import { moveRecentlyViewed } from './recently-viewed';

/**
 * What a visitor gathered under their session cookie (keyed by its hash) that joins their
 * account when they sign in or join. Runs inside the sign-in transaction, so the move and the
 * new session land together or not at all.
 */
export async function adoptVisitorData(trx: Transaction<Database>, visitorSessionHash: string, userId: number): Promise<void> {
  await moveRecentlyViewed(trx, visitorSessionHash, String(userId));
  await adoptVisitorBasket(trx, visitorSessionHash, userId);
}

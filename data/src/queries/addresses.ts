import type { Selectable } from 'kysely';
import { inTransaction, type Db } from '../db';
import type { AddressesTable } from '../schema';

/** An address in a shopper's book, in its parts. */
export type SavedAddress = Omit<Selectable<AddressesTable>, 'user_id' | 'used_at'>;

export type AddressParts = Omit<SavedAddress, 'id'>;

const COLUMNS = ['id', 'name', 'line1', 'line2', 'city', 'region', 'postcode', 'country'] as const;
/** A book holds the addresses used most recently; an older one drops out. */
export const ADDRESS_BOOK_SIZE = 10;

/** The user's addresses, the one used last first. */
export async function getAddresses(db: Db, userId: number): Promise<SavedAddress[]> {
  return db.selectFrom('addresses').select(COLUMNS).where('user_id', '=', userId).orderBy('used_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Keeps an address the user has just had a work sent to: the same address again only moves to
 * the top, and the book keeps the ADDRESS_BOOK_SIZE used last.
 */
export async function rememberAddress(db: Db, userId: number, address: AddressParts, now: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const same = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId)
      .where('name', '=', address.name).where('line1', '=', address.line1).where('line2', 'is not distinct from', address.line2).where('city', '=', address.city)
      .where('region', 'is not distinct from', address.region).where('postcode', 'is not distinct from', address.postcode).where('country', '=', address.country)
      .executeTakeFirst();
    if (same) await trx.updateTable('addresses').set({ used_at: now }).where('id', '=', same.id).execute();
    else await trx.insertInto('addresses').values({ ...address, user_id: userId, used_at: now }).execute();
    const kept = trx.selectFrom('addresses').select('id').where('user_id', '=', userId).orderBy('used_at', 'desc').orderBy('id', 'desc').limit(ADDRESS_BOOK_SIZE);
    await trx.deleteFrom('addresses').where('user_id', '=', userId).where('id', 'not in', kept).execute();
  });
}

/** Removes one of the user's addresses; false when they have no such address. */
export async function forgetAddress(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

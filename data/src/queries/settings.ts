import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { UsersTable } from '../schema';

/** What a user may change about their settings. */
export type AccountSettingsUpdate = Pick<Selectable<UsersTable>, 'currency' | 'country' | 'display_units' | 'language'>;

/** A signed-in user's saved settings plus the counts the page shell shows. */
export interface AccountSettings extends AccountSettingsUpdate {
  /** Items (quantities summed) in the user's basket. */
  basket_count: number;
  /** The user's notifications not yet read. */
  unread_count: number;
}

/**
 * A user's settings as stored, or undefined when there is no such user. The columns carry no
 * CHECK constraints, so callers validate the values (the storefront falls back to defaults).
 */
export async function getAccountSettings(db: Db, userId: number): Promise<AccountSettings | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select(['u.currency', 'u.country', 'u.display_units', 'u.language'])
    .select((eb) =>
      eb
        .selectFrom('baskets as b')
        .innerJoin('basket_lines as l', 'l.basket_id', 'b.id')
        .whereRef('b.user_id', '=', 'u.id')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('l.quantity'), inner.lit(0)).as('n'))
        .as('basket_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('notifications as n')
        .whereRef('n.user_id', '=', 'u.id')
        .where('n.read_at', 'is', null)
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('unread_count'),
    )
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, basket_count: Number(row.basket_count ?? 0), unread_count: Number(row.unread_count ?? 0) };
}

/** Saves a user's settings; false when there is no such user. */
export async function saveAccountSettings(db: Db, userId: number, settings: AccountSettingsUpdate): Promise<boolean> {
  const result = await db.updateTable('users').set(settings).where('id', '=', userId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

import type { Db } from '@easel/data/db';
import { getAccountUser } from '@easel/data/queries/accounts';
import { getSignedInUserId } from '../session';

/** Whether a signed-in user is staff; null for a visitor (or an ended session). */
export async function isStaff(sessionId: string | undefined, getDb: () => Promise<Db>): Promise<boolean | null> {
  const userId = await getSignedInUserId(sessionId, getDb);
  if (userId === null) return null;
  return (await getAccountUser(await getDb(), userId))?.role === 'staff';
}

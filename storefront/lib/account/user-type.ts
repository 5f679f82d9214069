import type { AccountUser } from '@easel/data/queries/accounts';

type Role = AccountUser['role'];

/** The analytics user type of SPEC §6. */
export type UserType = 'staff' | 'provider' | 'registered' | 'anonymous';

/**
 * The analytics user type for a session's role: staff first, then provider, then registered
 * (a user); anonymous without a signed-in user.
 */
export function userTypeOf(role: Role | null | undefined): UserType {
  if (role === 'staff') return 'staff';
  if (role === 'provider') return 'provider';
  if (role === 'user') return 'registered';
  return 'anonymous';
}

import type { Db } from '../db';
import type { Role, UsersTable } from '../schema';
import { startSession } from './sessions';

/** What the storefront may know of a user: everything but the password hash and settings. */
export interface AccountUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** The artist profile a provider sells as. */
  artist_id: number | null;
  about: string | null;
}

const ACCOUNT_COLUMNS = ['id', 'name', 'email', 'role', 'artist_id', 'about'] as const;

/** A new session to sign someone in under: the hash of its fresh cookie and of the cookie it replaces. */
export interface NewSession {
  idHash: string;
  replacing: string | null;
  now: string;
}

export interface NewAccount {
  name: string;
  /** Already lower-cased: the column's uniqueness is exact. */
  email: string;
  passwordHash: string;
  settings: Pick<UsersTable, 'currency' | 'country' | 'display_units' | 'language'>;
}

/**
 * Creates a user and signs them in, in one transaction: either both happen or neither.
 * 'email_taken' when an account already has the email.
 */
export async function createAccount(db: Db, account: NewAccount, session: NewSession): Promise<AccountUser | 'email_taken'> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ name: account.name, email: account.email, password_hash: account.passwordHash, role: 'user', artist_id: null, created_at: session.now, ...account.settings })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(ACCOUNT_COLUMNS)
      .executeTakeFirst();
    if (!user) return 'email_taken';
    await startSession(trx, { ...session, userId: user.id });
    return user;
  });
}

/** The id and password hash of the account with this (lower-case) email, for signing in. */
export async function findCredentials(db: Db, email: string): Promise<{ id: number; password_hash: string } | undefined> {
  return db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
}

/** Signs a user in under a new session, replacing the caller's old one (see startSession). */
export async function signIn(db: Db, userId: number, session: NewSession): Promise<AccountUser | undefined> {
  return db.transaction().execute(async (trx) => {
    await startSession(trx, { ...session, userId });
    return trx.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', userId).executeTakeFirst();
  });
}

export async function getAccountUser(db: Db, userId: number): Promise<AccountUser | undefined> {
  return db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

/** Changes what a user tells about themselves; undefined when there is no such user. */
export async function updateProfile(db: Db, userId: number, profile: { name?: string; about?: string | null }): Promise<AccountUser | undefined> {
  return db.updateTable('users').set(profile).where('id', '=', userId).returning(ACCOUNT_COLUMNS).executeTakeFirst();
}

import type { Db } from '../db';
import type { Role, UsersTable } from '../schema';
import { startSession } from './sessions';

/** What the storefront may know of a user: everything but the password hash and settings. */
export interface AccountUser {
  id: number;
  name: string;
  /** The account's email; a guest's, the one they checked out with. */
  email: string;
  role: Role;
  /** The artist profile a provider sells as. */
  artist_id: number | null;
  about: string | null;
  /** A guest checkout's account, which cannot log in until its shopper claims it. */
  guest: boolean;
}

type UserRow = Pick<UsersTable, 'name' | 'email' | 'role' | 'artist_id' | 'about' | 'guest_email'> & { id: number };
const ACCOUNT_COLUMNS = ['id', 'name', 'email', 'role', 'artist_id', 'about', 'guest_email'] as const;

const toAccountUser = ({ guest_email, email, ...row }: UserRow): AccountUser => ({ ...row, email: guest_email ?? email, guest: guest_email !== null });
const orUndefined = (row: UserRow | undefined) => (row ? toAccountUser(row) : undefined);

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
    return toAccountUser(user);
  });
}

/**
 * Signs a visitor in as a guest for one checkout: an account that cannot log in, holding the
 * email they gave, their basket brought along (see startSession). 'email_taken' when an account
 * has that email: its owner logs in instead. `placeholder` is the guest's own unique email.
 */
export async function startGuestCheckout(
  db: Db,
  guest: { email: string; placeholder: string; settings: NewAccount['settings'] },
  session: NewSession,
): Promise<AccountUser | 'email_taken'> {
  return db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('users').select('id').where('email', '=', guest.email).executeTakeFirst();
    if (owner) return 'email_taken';
    const user = await trx
      .insertInto('users')
      .values({
        name: guest.email.split('@')[0]!, email: guest.placeholder, guest_email: guest.email, password_hash: '', role: 'user', artist_id: null,
        created_at: session.now, ...guest.settings,
      })
      .returning(ACCOUNT_COLUMNS)
      .executeTakeFirstOrThrow();
    await startSession(trx, { ...session, userId: user.id });
    return toAccountUser(user);
  });
}

/**
 * A guest keeps their account: it takes the email they checked out with and a password, and
 * logs in from then on like any other. 'email_taken' when an account took that email meanwhile;
 * undefined for a user who is not a guest.
 */
export async function claimGuestAccount(db: Db, userId: number, passwordHash: string): Promise<AccountUser | 'email_taken' | undefined> {
  return db.transaction().execute(async (trx) => {
    const guest = await trx.selectFrom('users').select('guest_email').where('id', '=', userId).where('guest_email', 'is not', null).executeTakeFirst();
    if (!guest) return undefined;
    const owner = await trx.selectFrom('users').select('id').where('email', '=', guest.guest_email!).executeTakeFirst();
    if (owner) return 'email_taken';
    const user = await trx
      .updateTable('users')
      .set({ email: guest.guest_email!, guest_email: null, password_hash: passwordHash })
      .where('id', '=', userId)
      .returning(ACCOUNT_COLUMNS)
      .executeTakeFirstOrThrow();
    return toAccountUser(user);
  });
}

/** The id and password hash of the account with this (lower-case) email, for signing in; a guest has none. */
export async function findCredentials(db: Db, email: string): Promise<{ id: number; password_hash: string } | undefined> {
  return db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).where('guest_email', 'is', null).executeTakeFirst();
}

/** Signs a user in under a new session, replacing the caller's old one (see startSession). */
export async function signIn(db: Db, userId: number, session: NewSession): Promise<AccountUser | undefined> {
  return db.transaction().execute(async (trx) => {
    await startSession(trx, { ...session, userId });
    return orUndefined(await trx.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', userId).executeTakeFirst());
  });
}

export async function getAccountUser(db: Db, userId: number): Promise<AccountUser | undefined> {
  return orUndefined(await db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', userId).executeTakeFirst());
}

/** Changes what a user tells about themselves; undefined when there is no such user. */
export async function updateProfile(db: Db, userId: number, profile: { name?: string; about?: string | null }): Promise<AccountUser | undefined> {
  return orUndefined(await db.updateTable('users').set(profile).where('id', '=', userId).returning(ACCOUNT_COLUMNS).executeTakeFirst());
}

import { inTransaction, type Db } from '../db';
import type { Role, UsersTable } from '../schema';
import { queueMail, type Mail } from './outbox';
import { startSession } from './sessions';

/** What the storefront may know of a user: everything but the password hash and settings. */
export interface AccountUser {
  id: number;
  name: string;
  /** The account's email: the one it holds, or else the one it gave (a guest's, or one not yet confirmed). */
  email: string;
  role: Role;
  /** The artist profile a provider sells as. */
  artist_id: number | null;
  about: string | null;
  /** A guest checkout's account, which has no password until its shopper keeps it. */
  guest: boolean;
  /** Whether the account holds its email, so that it logs in with it. */
  email_confirmed: boolean;
}

type UserRow = Pick<UsersTable, 'name' | 'email' | 'role' | 'artist_id' | 'about' | 'unconfirmed_email' | 'password_hash'> & { id: number };
const ACCOUNT_COLUMNS = ['id', 'name', 'email', 'role', 'artist_id', 'about', 'unconfirmed_email', 'password_hash'] as const;

const toAccountUser = ({ unconfirmed_email, email, password_hash, ...row }: UserRow): AccountUser =>
  ({ ...row, email: unconfirmed_email ?? email, guest: password_hash === '', email_confirmed: unconfirmed_email === null });
const orUndefined = (row: UserRow | undefined) => (row ? toAccountUser(row) : undefined);

/** A new session to sign someone in under: the hash of its fresh cookie and of the cookie it replaces. */
export interface NewSession {
  idHash: string;
  replacing: string | null;
  now: string;
}

/**
 * The mail an address gets when an account gives it: a link to confirm it, or, when an account
 * holds it already, word that someone tried. Only the address's owner ever learns which.
 */
export type MailFor = (held: boolean) => Mail;

/** A new account's own email until it holds the one it gave: unique and never an address. */
export interface Unconfirmed {
  placeholder: string;
  confirmTokenHash: string;
}

/** How long a confirmation link works. */
export const CONFIRM_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const linkExpiry = (now: string) => new Date(Date.parse(now) + CONFIRM_LINK_LIFETIME_MS).toISOString();

export interface NewAccount extends Unconfirmed {
  name: string;
  /** Already lower-cased: the column's uniqueness is exact. */
  email: string;
  passwordHash: string;
  settings: Pick<UsersTable, 'currency' | 'country' | 'display_units' | 'language'>;
}

/** Whether an account holds this (lower-case) email. */
const isHeld = async (db: Db, email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;

/**
 * Creates a user with its email unconfirmed, signs them in, and mails the address (see MailFor),
 * all in one transaction: all happen or none. The same work whoever holds the address, so the
 * answer and its timing say nothing about it.
 */
export async function createAccount(db: Db, account: NewAccount, mail: MailFor, session: NewSession): Promise<AccountUser> {
  return inTransaction(db, async (trx) => {
    const held = await isHeld(trx, account.email);
    const user = await trx
      .insertInto('users')
      .values({
        name: account.name, email: account.placeholder, unconfirmed_email: account.email, confirm_token_hash: account.confirmTokenHash,
        confirm_token_expires_at: linkExpiry(session.now), password_hash: account.passwordHash, role: 'user', artist_id: null, created_at: session.now, ...account.settings,
      })
      .returning(ACCOUNT_COLUMNS)
      .executeTakeFirstOrThrow();
    await startSession(trx, { ...session, userId: user.id });
    await queueMail(trx, account.email, mail(held), session.now);
    return toAccountUser(user);
  });
}

/**
 * Signs a visitor in as a guest for one checkout: an account with no password, holding the email
 * they gave (its receipts go there), their basket brought along (see startSession). Whether an
 * account holds that email changes nothing. `placeholder` is the guest's own unique email.
 */
export async function startGuestCheckout(
  db: Db,
  guest: { email: string; placeholder: string; settings: NewAccount['settings'] },
  session: NewSession,
): Promise<AccountUser> {
  return inTransaction(db, async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        name: guest.email.split('@')[0]!, email: guest.placeholder, unconfirmed_email: guest.email, password_hash: '', role: 'user', artist_id: null,
        created_at: session.now, ...guest.settings,
      })
      .returning(ACCOUNT_COLUMNS)
      .executeTakeFirstOrThrow();
    await startSession(trx, { ...session, userId: user.id });
    return toAccountUser(user);
  });
}

/**
 * A guest keeps their account: it gets a password, and the email they checked out with is
 * mailed as a new account's is (see createAccount). Undefined for a user who is not a guest.
 */
export async function claimGuestAccount(db: Db, userId: number, claim: { passwordHash: string; confirmTokenHash: string }, mail: MailFor, now: string): Promise<AccountUser | undefined> {
  return inTransaction(db, async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ password_hash: claim.passwordHash, confirm_token_hash: claim.confirmTokenHash, confirm_token_expires_at: linkExpiry(now) })
      .where('id', '=', userId)
      .where('password_hash', '=', '')
      .where('unconfirmed_email', 'is not', null)
      .returning(ACCOUNT_COLUMNS)
      .executeTakeFirst();
    if (!user) return undefined;
    await queueMail(trx, user.unconfirmed_email!, mail(await isHeld(trx, user.unconfirmed_email!)), now);
    return toAccountUser(user);
  });
}

/**
 * The owner of an address follows its link (docs/SECURITY.md, "Joining"): the account takes the
 * email it gave, with the password given now (any set before, by whoever joined or kept the
 * account, is gone), and every session of the account ends, so whoever set it up is signed out.
 * No one is signed in. The link works once and for 24 hours; every other account's link to the
 * same address stops working. 'held' when another account holds the address (it confirmed
 * first); undefined for a link that is unknown, used or expired. `hashPassword` is called only
 * for a link that works, so a made-up one costs no hash.
 */
export async function confirmEmail(db: Db, tokenHash: string, hashPassword: () => Promise<string>, now: string): Promise<{ email: string } | 'held' | undefined> {
  return inTransaction(db, async (trx) => {
    const pending = await trx.selectFrom('users').select(['id', 'unconfirmed_email']).where('confirm_token_hash', '=', tokenHash)
      .where('confirm_token_expires_at', '>', now).executeTakeFirst();
    if (!pending?.unconfirmed_email) return undefined;
    const email = pending.unconfirmed_email;
    if (await isHeld(trx, email)) return 'held';
    await trx.updateTable('users')
      .set({ email, unconfirmed_email: null, confirm_token_hash: null, confirm_token_expires_at: null, password_hash: await hashPassword() })
      .where('id', '=', pending.id)
      .execute();
    await trx.updateTable('users').set({ confirm_token_hash: null, confirm_token_expires_at: null }).where('unconfirmed_email', '=', email).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', pending.id).execute();
    return { email };
  });
}

/** The id and password hash of the account holding this (lower-case) email, for signing in. */
export async function findCredentials(db: Db, email: string): Promise<{ id: number; password_hash: string } | undefined> {
  return db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).where('password_hash', '!=', '').executeTakeFirst();
}

/** Signs a user in under a new session, replacing the caller's old one (see startSession). */
export async function signIn(db: Db, userId: number, session: NewSession): Promise<AccountUser | undefined> {
  return inTransaction(db, async (trx) => {
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

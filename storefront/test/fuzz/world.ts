import fc from 'fast-check';
import { sql } from 'kysely';
import { NextRequest } from 'next/server';
import type { Db } from '@easel/data/db';
import { addSession, addUser, ledgerLocation, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { DEFAULT_RUNS, fuzzEndpoint, fuzzRuns, junkCookie, junkHeaders, junkJsonBody, junkQuery, type JunkBody } from '../../../data/test/fuzz';
import { sessionHash } from '../../lib/session';

/**
 * The storefront's fuzz suites' shared world: a temporary catalogue with a shopper, an artist
 * (provider), a staff member and an ended session, the catalogue's own slugs for generators to
 * pick from, and `fuzzHandler`, which throws generated requests at one route handler.
 */

/** Session cookies the generators pick from: the three roles', an ended one and a visitor's. */
export const SESSIONS = { shopper: 'fuzz-shopper-session', provider: 'fuzz-provider-session', staff: 'fuzz-staff-session', expired: 'fuzz-expired-session' } as const;
export const COOKIES = [...Object.values(SESSIONS), 'fuzz-visitor-session'];

/** Ships-to and shipping countries: good ones, one in lower case and one no one ships to. */
export const COUNTRIES = ['GB', 'US', 'FR', 'gb', 'XX'];

export interface World {
  db: Db;
  deps: { getDb: () => Promise<Db> };
  /** Good values by kind, for generators to mix with junk. */
  slugs: { artworks: string[]; artists: string[]; themes: string[]; campaigns: string[]; collections: string[]; prints: string[] };
  emails: string[];
  /** The payment provider's ledger: beside the world's database, and removed with it. */
  ledger: string;
  close(): Promise<void>;
}

export async function openWorld(label: string): Promise<World> {
  const temp: TemporaryDatabase = await openTemporaryDatabase(`fuzz-${label}`, { seed: 5, artworks: 120 });
  const { db } = temp;
  const artistId = (await db.selectFrom('artists').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  const users = {
    shopper: await addUser(db, undefined, 'shopper@fuzz.test'),
    provider: await addUser(db, undefined, 'artist@fuzz.test'),
    staff: await addUser(db, undefined, 'staff@fuzz.test'),
  };
  await db.updateTable('users').set({ role: 'provider', artist_id: artistId }).where('id', '=', users.provider).execute();
  await db.updateTable('users').set({ role: 'staff' }).where('id', '=', users.staff).execute();
  for (const role of ['shopper', 'provider', 'staff'] as const) await addSession(db, SESSIONS[role], users[role]);
  await addSession(db, SESSIONS.expired, users.shopper);
  await db.updateTable('sessions').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id_hash', '=', sessionHash(SESSIONS.expired)).execute();
  await db.insertInto('collections').values({ user_id: users.shopper, slug: 'fuzz-favourites', name: 'Fuzz favourites', created_at: '2026-01-01T00:00:00Z' }).execute();

  const slugsOf = async (rows: Promise<{ slug: string }[]>) => (await rows).map((row) => row.slug);
  const slugs = {
    // Available, reserved, sold and hidden works alike: each status answers its own way.
    artworks: await slugsOf(db.selectFrom('artworks').select('slug').orderBy('status').orderBy('id').limit(8).execute()),
    artists: await slugsOf(db.selectFrom('artists').select('slug').orderBy('id').limit(4).execute()),
    themes: await slugsOf(db.selectFrom('curations').select('slug').where('kind', '=', 'theme').limit(3).execute()),
    campaigns: await slugsOf(db.selectFrom('curations').select('slug').where('kind', '=', 'campaign').limit(3).execute()),
    collections: ['fuzz-favourites'],
    // The demo's print sizes, and one no work is printed at.
    prints: ['a4', 'a3', 'a2', 'a1'],
  };
  return {
    db,
    deps: { getDb: async () => db },
    slugs,
    emails: ['shopper@fuzz.test', 'artist@fuzz.test', 'staff@fuzz.test'],
    ledger: ledgerLocation(temp),
    close: () => temp.close(),
  };
}

/** Rows written so far on the world's one connection. */
export async function writesSoFar(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db);
  return rows[0]!.n;
}

/** The parts of one generated request. */
interface JunkRequest {
  query: string;
  cookie: string | null;
  headers: [string, string][];
  body?: JunkBody;
}

type Handler = (request: NextRequest) => Promise<Response>;

export interface HandlerFuzz {
  /** Method and path, then anything that tells it apart in the log: 'POST /api/basket-next/'. */
  endpoint: string;
  handler: Handler;
  /** The query parameters the handler reads, with their good values. */
  query?: Record<string, readonly string[]>;
  /** The JSON body's fields and their generators; absent for handlers that read no body. */
  body?: Record<string, fc.Arbitrary<unknown>>;
  /** Extra headers some handlers read (Idempotency-Key). */
  headers?: fc.Arbitrary<[string, string][]>;
  /** Base case count (FUZZ_SCALE multiplies it); DEFAULT_RUNS unless docs/FUZZING.md says why not. */
  runs?: number;
  /** The session cookies to pick from; every role's, an ended one and a visitor's by default. */
  sessions?: readonly string[];
  /** Put back what earlier cases used up (a session a log-out ended), outside the write count. */
  prepare?: () => Promise<void>;
  /** Writes what waits in a queue, so that the write count sees it. */
  settle?: () => Promise<void>;
  /**
   * A table a refusal adds a row to by design, left out of the write count: the Idempotency-Key
   * record of a refused order, so that a retry gets the same refusal.
   */
  recordsRefusalsIn?: 'order_requests';
}

/** The request for generated parts, as Next.js hands it to a route handler. */
function toRequest(endpoint: string, parts: JunkRequest): NextRequest {
  const [method, path] = endpoint.split(' ') as [string, string];
  const headers = new Headers(parts.headers);
  if (parts.cookie !== null) headers.set('cookie', parts.cookie);
  const url = `http://shop.test${path}${parts.query ? `?${parts.query}` : ''}`;
  if (!parts.body) return new NextRequest(url, { method, headers });
  const { body, contentType } = parts.body;
  if (contentType !== null) headers.set('content-type', contentType);
  // As Node's HTTP server hands it on: the length the client stated (a Request made here has none).
  headers.set('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  return new NextRequest(url, { method, headers, body });
}

/** Throws generated requests at one route handler; answers how many ran. */
export function fuzzHandler(world: World, { endpoint, handler, query = {}, body, headers, runs = DEFAULT_RUNS, sessions = COOKIES, prepare, settle, recordsRefusalsIn }: HandlerFuzz): Promise<number> {
  const arbitrary: fc.Arbitrary<JunkRequest> = fc.record({
    query: junkQuery(query),
    cookie: junkCookie(sessions),
    headers: headers ? fc.tuple(junkHeaders, headers).map(([a, b]) => [...a, ...b]) : junkHeaders,
    ...(body ? { body: junkJsonBody(body) } : {}),
  });
  return fuzzEndpoint({
    name: endpoint,
    runs: fuzzRuns(runs),
    arbitrary,
    send: (parts) => handler(toRequest(endpoint, parts)),
    writes: async () => {
      await settle?.();
      const recorded = recordsRefusalsIn ? (await world.db.selectFrom(recordsRefusalsIn).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n : 0;
      return (await writesSoFar(world.db)) - recorded;
    },
    prepare,
  });
}

import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordCatalogueChanges } from '@easel/data/queries/change-log';
import { meiliClient } from '@easel/indexer';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { serveIndexerAdmin } from '../../../indexer/test/admin-fixture';
import { callable } from '../api/testing';
import { staffIndexRoutes } from './index-api';
import { createIndexAdmin, type IndexAdmin, type IndexStatus } from './index-admin';

const meili = meiliClient(inject('meili'));
const indexUid = `test_staff_${randomUUID().slice(0, 8)}`;
let temp: TemporaryDatabase;
let admin: IndexAdmin;
let indexer: Awaited<ReturnType<typeof serveIndexerAdmin>>;
let staffIndex: ReturnType<typeof callable>;

beforeAll(async () => {
  temp = await openTemporaryDatabase('staff-index', { seed: 4, artworks: 120 });
  for (const role of ['user', 'provider', 'staff'] as const) {
    const id = await addUser(temp.db, undefined, `${role}@example.com`);
    await temp.db.updateTable('users').set({ role }).where('id', '=', id).execute();
    await addSession(temp.db, `${role}-session`, id);
  }
  const getDb = async () => temp.db;
  indexer = await serveIndexerAdmin({ db: temp.db, meili, indexUid });
  admin = createIndexAdmin({ getDb, indexerUrl: indexer.url, indexUid });
  (staffIndex = callable(staffIndexRoutes({ getDb, getAdmin: () => admin })));
});
afterAll(async () => {
  await indexer.close();
  await meili.deleteIndexIfExists(indexUid);
  await temp.close();
});

const call = (method: 'GET' | 'POST', session?: string) =>
  staffIndex(new NextRequest('http://shop.test/api/staff/index/', { method, headers: session ? { Cookie: `sessionid=${session}` } : {} }));
const statusOf = async () => (await (await call('GET', 'staff-session')).json()) as IndexStatus;

describe('/api/staff/index/', () => {
  it.each([
    ['a visitor', undefined, 401, 'not_signed_in'],
    ['a visitor with an unknown session', 'no-such-session', 401, 'not_signed_in'],
    ['a shopper', 'user-session', 403, 'forbidden'],
    ['an artist', 'provider-session', 403, 'forbidden'],
  ] as const)('refuses %s both the figures and a rebuild', async (_, session, status, code) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(method, session);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error: { code } });
    }
    expect((await statusOf()).rebuild).toBeNull();
  });

  it('shows staff an index never built: no documents, every change waiting', async () => {
    const response = await call('GET', 'staff-session');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const changes = Number((await temp.db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await response.json()).toEqual({
      index: indexUid, documents: null, synced_at: null, lag: changes, built_at: null, build_duration_ms: null, can_rebuild: true, rebuild: null,
    });
  });

  it('rebuilds for staff, one rebuild at a time, with progress up to done, then counts new changes as lag', async () => {
    const [first, second] = await Promise.all([call('POST', 'staff-session'), call('POST', 'staff-session')]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    expect(await (first.status === 202 ? first : second).json()).toMatchObject({ state: 'running', finished_at: null });

    let status = await statusOf();
    while (status.rebuild?.state === 'running') {
      expect(status.rebuild.sent).toBeLessThanOrEqual(status.rebuild.total);
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await statusOf();
    }
    const artworks = await temp.db.selectFrom('artworks').select('id').execute();
    const { numberOfDocuments } = await meili.index(indexUid).getStats();
    expect(status.rebuild).toMatchObject({ state: 'done', phase: 'done', sent: artworks.length, total: artworks.length, error: null });
    expect(status.rebuild!.finished_at).not.toBeNull();
    expect(status).toMatchObject({ documents: numberOfDocuments, lag: 0, build_duration_ms: status.rebuild!.duration_ms });
    expect(status.built_at).not.toBeNull();
    expect(status.synced_at).toBe(status.built_at);
    expect(numberOfDocuments).toBeGreaterThan(0);

    await temp.db.transaction().execute((trx) => recordCatalogueChanges(trx, [artworks[0]!.id, artworks[1]!.id], new Date().toISOString()));
    expect((await statusOf()).lag).toBe(2);
  });

  it.each([
    ['knows no indexer', undefined],
    ["finds its indexer not answering", 'http://127.0.0.1:4'],
  ])('cannot rebuild on a server that %s, says so, and still shows the figures', async (_, indexerUrl) => {
    const blind = callable(staffIndexRoutes({ getDb: async () => temp.db, getAdmin: () => createIndexAdmin({ getDb: async () => temp.db, indexerUrl, indexUid }) }));
    const response = await blind(new NextRequest('http://shop.test/api/staff/index/', { method: 'POST', headers: { Cookie: 'sessionid=staff-session' } }));
    expect(response.status).toBe(503);
    const { rebuild: _rebuild, ...figures } = await statusOf();
    expect(await (await blind(new NextRequest('http://shop.test/api/staff/index/', { headers: { Cookie: 'sessionid=staff-session' } }))).json())
      .toEqual({ ...figures, can_rebuild: false, rebuild: null });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SEARCH_ENGINE } from '@easel/data';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { createAdminApp, createIndexAdmin, meiliClient, type AdminApp, type IndexStatus } from '../src';

const meili = meiliClient(inject('meili'));
const indexUid = `test_admin_${randomUUID().slice(0, 8)}`;
let temp: TemporaryDatabase;
let app: AdminApp;

beforeAll(async () => {
  temp = await openTemporaryDatabase('indexer-admin', { seed: 6, artworks: 40 });
  for (const role of ['user', 'provider', 'staff'] as const) {
    const id = await addUser(temp.db, undefined, `${role}@example.com`);
    await temp.db.updateTable('users').set({ role }).where('id', '=', id).execute();
    await addSession(temp.db, `${role}-session`, id);
  }
  app = createAdminApp({ db: temp.db, admin: createIndexAdmin({ db: temp.db, engines: [{ name: DEFAULT_SEARCH_ENGINE, meili }], indexUid }) });
});
afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
  await temp.close();
});

const call = (method: 'GET' | 'POST', path: string, authorization?: string) =>
  app.request(path, { method, headers: authorization ? { authorization } : {} });

describe("the indexer's admin API", () => {
  it.each([
    ['no credentials', undefined, 401, 'not_signed_in'],
    ['another scheme', 'Basic c3RhZmY6c2Vzc2lvbg==', 401, 'not_signed_in'],
    ['an unknown session', 'Bearer no-such-session', 401, 'not_signed_in'],
    ["a shopper's session", 'Bearer user-session', 403, 'forbidden'],
    ["an artist's session", 'Bearer provider-session', 403, 'forbidden'],
  ] as const)('refuses %s both the status and a rebuild', async (_, authorization, status, code) => {
    for (const [method, path] of [['GET', '/status'], ['POST', '/rebuild']] as const) {
      const response = await call(method, path, authorization);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error: { code } });
    }
    expect(((await (await call('GET', '/status', 'Bearer staff-session')).json()) as IndexStatus).rebuild).toBeNull();
  });

  it('answers staff the figures of an index never built, and can rebuild', async () => {
    const response = await call('GET', '/status', 'Bearer staff-session');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ index: indexUid, documents: null, built_at: null, can_rebuild: true, rebuild: null });
  });
});

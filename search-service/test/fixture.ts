/// <reference path="./provided-context.d.ts" />
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { inject } from 'vitest';
import { openDatabase, seedCatalogue, type Db } from '@easel/data';
import { meiliClient, rebuildIndex, rulesIndexUid } from '@easel/indexer';
import type { Hono } from 'hono';
import { createApp } from '../src/app';
import { CardStore } from '../src/card-store';
import { parseGalleryParams, type GallerySearchDefinition } from '../src/contract';
import { createEngine, type Engine } from '../src/engine';
import { gatherParams } from '../src/query-string';

export interface Fixture {
  db: Db;
  /** The catalogue's file, as `openDatabase` took it. */
  location: string;
  app: Hono;
  engine: Engine;
  indexUid: string;
  /** The engine searches the app has made so far: an answer from the hot cache makes none. */
  engineCalls(): number;
  close(): Promise<void>;
}

/** A seeded SQLite catalogue in a temp file, indexed into a uniquely named index of the test run's engine. */
export async function buildFixture(options: { seed?: number; artworks?: number; cacheTtlMs?: number; engineTimeoutMs?: number; cardStoreSize?: number } = {}): Promise<Fixture> {
  const conn = inject('meili');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-search-test-'));
  const location = path.join(dir, 'catalogue.db');
  const db = await openDatabase(location);
  await seedCatalogue(db, { seed: options.seed ?? 11, artworks: options.artworks ?? 3000 });
  const indexUid = `test_${randomBytes(6).toString('hex')}`;
  const admin = meiliClient(conn);
  await rebuildIndex({ db, meili: admin, indexUid });
  const engine = createEngine(conn, { timeoutMs: options.engineTimeoutMs });
  let engineCalls = 0;
  const multiSearch = engine.multiSearch.bind(engine);
  engine.multiSearch = (queries) => {
    engineCalls += 1;
    return multiSearch(queries);
  };
  const app = createApp({ config: { SEARCH_INDEX: indexUid, SEARCH_CACHE_TTL_MS: options.cacheTtlMs ?? 0, RATE_LIMIT_SEARCH_PER_MINUTE: 0, SEARCH_TRUSTED_PROXIES: [] }, meili: engine, cards: new CardStore(engine, indexUid, options.cardStoreSize ?? 10_000) });
  return {
    db, location, app, engine, indexUid,
    engineCalls: () => engineCalls,
    async close() {
      await engine.close();
      await admin.deleteIndexIfExists(indexUid).catch(() => undefined);
      await admin.deleteIndexIfExists(rulesIndexUid(indexUid)).catch(() => undefined);
      await db.destroy();
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

export async function getJson<T = any>(app: Hono, url: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await app.request(url);
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

/** The search a query string asks for, as the service reads it; throws on one it refuses. */
export function definitionOf(qs: string): GallerySearchDefinition {
  const g = gatherParams(qs);
  if (!g.ok) throw new Error(g.issue.message);
  const r = parseGalleryParams(g.params);
  if (!r.ok) throw new Error(`${r.issue.param} ${r.issue.message}`);
  return r.definition;
}

export interface ServedFixture extends Fixture {
  /** Where the search service answers over HTTP: `http://127.0.0.1:<port>`. */
  url: string;
}

/** A fixture whose search service also answers over HTTP on loopback, as the storefront calls it. */
export async function serveFixture(options: Parameters<typeof buildFixture>[0] = {}): Promise<ServedFixture> {
  const f = await buildFixture(options);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: f.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  return {
    ...f,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await f.close();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '@easel/data';
import { addSearchRule, getLeverState, recordLeversApplied, replaceSynonyms } from '@easel/data/queries/search-levers';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { meiliClient, rebuildIndex, rulesIndexUid, syncLevers, type RuleDocument } from '../src';

const meili = meiliClient(inject('meili'));
const indexUid = `test_levers_${randomUUID().slice(0, 8)}`;
let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('levers', { seed: 3, artworks: 120 });
  db = temp.db;
  await rebuildIndex({ db, meili, indexUid });
});
afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
  await meili.deleteIndexIfExists(rulesIndexUid(indexUid));
  await temp.close();
});

const rulesHeld = async () => (await meili.index<RuleDocument>(rulesIndexUid(indexUid)).getDocuments({ limit: 100 })).results;
const at = (engine: string) => ({ engine, index_uid: indexUid });

describe('the levers carried to an engine', () => {
  it('carries synonyms to the live index and rules to the index beside it, each engine from its own record', async () => {
    const slug = (await db.selectFrom('artworks').select('slug').where('status', '=', 'available').executeTakeFirstOrThrow()).slug;
    await replaceSynonyms(db, { kitty: ['cat'], 'sofa art': ['living room'], 'living room': ['sofa art'] });
    const made = await addSearchRule(db, {
      query: 'cat', category: null, pins: [{ slug, position: 2 }], hides: [], banner: null, starts_at: '2026-12-01T00:00:00.000Z', ends_at: null,
    }, '2026-11-28T10:00:00.000Z');

    expect(await syncLevers({ db, meili, indexUid })).toBe(true);
    expect(await meili.index(indexUid).getSynonyms()).toEqual({ kitty: ['cat'], 'living room': ['sofa art'], 'sofa art': ['living room'] });
    expect(await rulesHeld()).toEqual([{
      id: made.id, query: 'cat', category: null, pins: [{ slug, position: 2 }], hides: [], banner: null,
      starts_ms: Date.parse('2026-12-01T00:00:00.000Z'), ends_ms: null, version: '2026-11-28T10:00:00.000Z',
    }]);
    expect(await syncLevers({ db, meili, indexUid })).toBe(false);
    // Another engine's record is its own: it has carried nothing yet.
    expect(await getLeverState(db, at('engine-2'))).toBeNull();
  });

  it('keeps the synonyms through a rebuild, then carries every lever to the new index again', async () => {
    await rebuildIndex({ db, meili, indexUid });
    expect(await meili.index(indexUid).getSynonyms()).toMatchObject({ kitty: ['cat'] });
    expect(await getLeverState(db, at('main'))).toMatchObject({ applied_generation: -1 });
    expect(await syncLevers({ db, meili, indexUid })).toBe(true);
    expect(await rulesHeld()).toHaveLength(1);
  });

  it('does not record a carry that began before a rebuild was swapped in', async () => {
    const seen = await getLeverState(db, at('main'));
    await rebuildIndex({ db, meili, indexUid });
    await recordLeversApplied(db, at('main'), seen, 99);
    expect(await getLeverState(db, at('main'))).toMatchObject({ applied_generation: -1 });
  });

  it('deletes the rules staff deleted, and leaves the engine without synonyms when none are left', async () => {
    await db.deleteFrom('search_rules').execute();
    await replaceSynonyms(db, {});
    expect(await syncLevers({ db, meili, indexUid })).toBe(true);
    expect(await rulesHeld()).toEqual([]);
    expect(await meili.index(indexUid).getSynonyms()).toEqual({});
  });
});

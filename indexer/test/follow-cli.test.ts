import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getSearchIndexState } from '@easel/data';
import { startTsx } from '@easel/shared/process';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { meiliClient } from '../src';

/** `npm run indexer` (scripts/indexer.ts) as its own process, configured by its environment. */
const connection = inject('meili');
const meili = meiliClient(connection);
const indexUid = `test_follow_cli_${randomUUID().slice(0, 8)}`;
const script = path.join(import.meta.dirname, '../../scripts/indexer.ts');
let temp: TemporaryDatabase;

beforeAll(async () => {
  temp = await openTemporaryDatabase('follow-cli', { seed: 12, artworks: 100 });
});
afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
  await temp.close();
});

/** The command with only these variables (and PATH), its output read as it runs. */
function indexer(env: Record<string, string>) {
  const child = startTsx(script, [], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  return { child, output };
}

describe('the cluster indexer command', () => {
  it.each([
    ['no engines', {}, /^Invalid environment: SEARCH_ENGINES is required/],
    ['engines that are not JSON', { SEARCH_ENGINES: 'http://127.0.0.1:7700' }, /^Invalid environment: SEARCH_ENGINES must be a JSON list/],
    ['an engine without its key', { SEARCH_ENGINES: '[{"name":"engine-1","url":"http://127.0.0.1:7700"}]' }, /^Invalid environment: SEARCH_ENGINES\.0\.key /],
    ['one name for two engines', {
      SEARCH_ENGINES: JSON.stringify([1, 2].map((n) => ({ name: 'engine-1', url: `http://127.0.0.1:770${n}`, key: 'k'.repeat(16) }))),
    }, /^Invalid environment: SEARCH_ENGINES must name each engine once/],
    ['a bad database address', { SEARCH_ENGINES: '[{"name":"engine-1","url":"http://127.0.0.1:7700","key":"kkkkkkkkkkkkkkkk"}]', DATABASE_URL: 'mysql://x' }, /^Invalid environment: DATABASE_URL must be a postgres:\/\/ address/],
  ])('refuses %s in one line, without a stack trace', async (_, env, message) => {
    const { child, output } = indexer(env);
    expect((await child).exitCode).toBe(1);
    expect(output.stderr).toMatch(message);
    expect(output.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('leads, builds the index on its engine, and stops on SIGTERM', async () => {
    const engines = [{ name: 'engine-1', url: connection.url, key: connection.masterKey }];
    const { child, output } = indexer({ ...temp.env, SEARCH_ENGINES: JSON.stringify(engines), SEARCH_INDEX: indexUid });
    try {
      await expect.poll(async () => (await getSearchIndexState(temp.db, indexUid, 'engine-1'))?.documents, { timeout: 30_000 }).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    const end = await child;
    expect(end.exitCode, output.stderr).toBe(0);
    expect(output.stdout).toContain('Leading: following the catalogue into engine-1.');
    expect(output.stdout).toContain(`Rebuilding "${indexUid}" on engine engine-1: the index "${indexUid}" does not exist yet.`);
  });
});

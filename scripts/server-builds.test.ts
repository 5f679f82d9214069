import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';
import { getFreePort, startProcess, terminate } from '@easel/shared/process';
import { buildServer, serverArgs } from './server-builds';

/** The packages a search needs none of: the database, its driver, the demo data's faker, the engine's admin client. */
const NOT_FOR_SEARCH = ['better-sqlite3', 'kysely', '@faker-js/faker', 'meilisearch'];

describe('the compiled servers', () => {
  it('the search service carries only what a search needs: no data package, no database, no faker, no engine admin client', async () => {
    const meta = await buildServer(REPO_ROOT, 'search');
    const inputs = Object.keys(meta.inputs);
    const output = Object.values(meta.outputs).find((o) => o.entryPoint)!;
    const packages = new Set(output.imports.filter((i) => i.external).map((i) => i.path));
    expect(inputs).toContain('search-service/src/server.ts');
    expect(inputs.filter((i) => i.startsWith('data/'))).toEqual([]);
    expect([...packages].filter((p) => p.startsWith('@easel/data'))).toEqual([]);
    for (const name of NOT_FOR_SEARCH) expect([...packages].filter((p) => p === name || p.startsWith(`${name}/`))).toEqual([]);
    expect(packages).toContain('undici');
  });

  it('runs as plain JavaScript: the compiled search service answers, with no TypeScript loader', async () => {
    await buildServer(REPO_ROOT, 'search');
    const port = await getFreePort();
    const child = startProcess(process.execPath, serverArgs(REPO_ROOT, 'search'), {
      env: { PATH: process.env.PATH, SEARCH_PORT: String(port), SEARCH_HOST: '127.0.0.1', MEILI_URL: 'http://127.0.0.1:9', MEILI_MASTER_KEY: 'x'.repeat(32) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, { timeout: 15_000 }).toBe(503);
      const search = await fetch(`http://127.0.0.1:${port}/api/v2/product/s/?q=sea`);
      expect(search.status).toBe(503);
      expect(((await search.json()) as { error: { code: string } }).error.code).toBe('engine_unavailable');
    } finally {
      await terminate(child);
    }
  });
});

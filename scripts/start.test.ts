import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';
import { getFreePort, startTsx } from '@easel/shared/process';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `npm start`'s script with the given environment and returns how it ended. */
async function start(env: Record<string, string>) {
  const ports = { STOREFRONT_PORT: String(await getFreePort()), SEARCH_PORT: String(await getFreePort()), INDEXER_PORT: String(await getFreePort()) };
  const child = startTsx(path.join(REPO_ROOT, 'scripts/start.ts'), [], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_FILE: path.join(dir, 'unused.db'), MEILI_DATA_DIR: path.join(dir, 'meili'), ...ports, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const stop = setTimeout(() => child.kill(), 30_000);
  const end = await child;
  clearTimeout(stop);
  return { code: end.exitCode, stderr: stderr.trim() };
}

describe('npm start refuses bad set-ups with one sentence', () => {
  it('names a bad variable', async () => {
    const { code, stderr } = await start({ SEARCH_PORT: 'four thousand' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid environment: SEARCH_PORT .*Fix the variable and start again\.$/);
  });

  it('names a busy port and its variable', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const { code, stderr } = await start({ STOREFRONT_PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr).toBe(`Port ${port} on 127.0.0.1 is already in use; stop what is listening there or set STOREFRONT_PORT to a free port.`);
    } finally {
      server.close();
    }
  });

  it('names a corrupt database file and leaves it untouched', async () => {
    const file = path.join(dir, 'corrupt.db');
    const junk = 'not a database '.repeat(20);
    fs.writeFileSync(file, junk);
    const { code, stderr } = await start({ DATABASE_FILE: file });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^The database file .*corrupt\.db is not a readable SQLite database .*DATABASE_FILE/);
    expect(fs.readFileSync(file, 'utf8')).toBe(junk);
  });

  it('names an external Meilisearch that cannot be reached', async () => {
    const { code, stderr } = await start({
      DATABASE_FILE: path.join(dir, 'fresh.db'),
      MEILI_URL: 'http://127.0.0.1:9', MEILI_MASTER_KEY: 'x'.repeat(32), CATALOGUE_ARTWORKS: '50',
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/MEILI_URL/);
  });
});

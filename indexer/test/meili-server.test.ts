import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { getFreePort } from '@easel/shared/process';
import { keepEmbeddedMeiliRunning } from '../src/meili/keep-running';
import { connectExternalMeili, MeiliStartError, startEmbeddedMeili, type RunningMeili } from '../src/meili/server';

const tmpDirs: string[] = [];
const running: RunningMeili[] = [];

async function tmpDir(): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-meili-server-test-'));
  tmpDirs.push(dir);
  return dir;
}

async function start(dataDir: string, port?: number, bin?: string): Promise<RunningMeili> {
  const meili = await startEmbeddedMeili({ dataDir, port: port ?? (await getFreePort()), bin });
  running.push(meili);
  return meili;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((m) => m.stop()));
});
afterAll(async () => {
  await Promise.all(tmpDirs.map((d) => fsp.rm(d, { recursive: true, force: true })));
});

describe('startEmbeddedMeili', () => {
  it('starts on a free port, answers /health and reports version 1.21.x', async () => {
    const meili = await start(await tmpDir());
    expect(meili.embedded).toBe(true);
    expect(meili.version).toMatch(/^1\.21\.\d+/);
    expect(meili.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${meili.url}/health`);
    expect(await health.json()).toEqual({ status: 'available' });
    const keys = await fetch(`${meili.url}/keys`, { headers: { Authorization: `Bearer ${meili.masterKey}` } });
    expect(keys.status).toBe(200);
  });

  it('keeps the master key out of argv', async () => {
    const meili = await start(await tmpDir());
    const cmdline = fs.readFileSync(`/proc/${meili.pid}/cmdline`, 'utf8');
    expect(cmdline).toContain('--http-addr');
    expect(cmdline).not.toContain(meili.masterKey);
  });

  it('bounds its indexing memory: 1 GiB unless told otherwise', async () => {
    const argsOf = (meili: RunningMeili) => fs.readFileSync(`/proc/${meili.pid}/cmdline`, 'utf8').split('\0');
    const bounded = (args: string[]) => args[args.indexOf('--max-indexing-memory') + 1];
    expect(bounded(argsOf(await start(await tmpDir())))).toBe('1 GiB');
    const meili = await startEmbeddedMeili({ dataDir: await tmpDir(), port: await getFreePort(), maxIndexingMemory: '512 MiB' });
    running.push(meili);
    expect(bounded(argsOf(meili))).toBe('512 MiB');
  });

  it('creates the key file with mode 0600 and reuses it on the next start', async () => {
    const dataDir = await tmpDir();
    const first = await start(dataDir);
    const keyFile = path.join(dataDir, 'master-key');
    const stat = await fsp.stat(keyFile);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(first.masterKey).toMatch(/^[0-9a-f]{64}$/);
    expect((await fsp.readFile(keyFile, 'utf8')).trim()).toBe(first.masterKey);
    expect(fs.existsSync(path.join(dataDir, 'data.ms'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'meilisearch.log'))).toBe(true);
    await first.stop();

    const second = await start(dataDir);
    expect(second.masterKey).toBe(first.masterKey);
  });

  it('fails with a MeiliStartError naming the port when it is busy', async () => {
    const first = await start(await tmpDir());
    const port = Number(new URL(first.url).port);
    const error = await startEmbeddedMeili({ dataDir: await tmpDir(), port }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeiliStartError);
    expect((error as Error).message).toContain(`Port ${port}`);
    expect((error as Error).message).toContain('MEILI_PORT');
  });

  it('stop() leaves no process behind', async () => {
    const meili = await start(await tmpDir());
    const pid = meili.pid!;
    expect(isAlive(pid)).toBe(true);
    await meili.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    await meili.stop(); // idempotent
  });

  it('names MEILI_BIN when the binary is missing', async () => {
    const error = await startEmbeddedMeili({
      dataDir: await tmpDir(),
      port: await getFreePort(),
      bin: '/nonexistent/meilisearch',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeiliStartError);
    expect((error as Error).message).toMatch(/\/nonexistent\/meilisearch does not exist: set MEILI_BIN .* or MEILI_URL/);
  });

  it('quotes the error line when the server exits during start-up', async () => {
    const dir = await tmpDir();
    const fake = path.join(dir, 'fake-meili');
    await fsp.writeFile(fake, '#!/bin/sh\necho banner\necho "Error: database is locked" >&2\necho "see docs" >&2\nexit 1\n', {
      mode: 0o755,
    });
    const error = await startEmbeddedMeili({ dataDir: dir, port: await getFreePort(), bin: fake }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeiliStartError);
    expect((error as Error).message).toMatch(/exited during start-up \(code 1\) saying "Error: database is locked"/);
  });
});

describe('keepEmbeddedMeiliRunning', () => {
  it('starts a killed engine again on its data, port and key, and stop() ends it for good', async () => {
    const dataDir = await tmpDir();
    const port = await getFreePort();
    const first = await start(dataDir, port);
    const auth = { authorization: `Bearer ${first.masterKey}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.url}/indexes`, { method: 'POST', headers: auth, body: JSON.stringify({ uid: 'kept', primaryKey: 'id' }) });
    expect(created.status).toBe(202);
    await expect.poll(async () => (await fetch(`${first.url}/indexes/kept`, { headers: auth })).status).toBe(200);

    const restarts: RunningMeili[] = [];
    const kept = keepEmbeddedMeiliRunning(first, { dataDir, port, onRestart: (m) => restarts.push(m) });
    try {
      process.kill(first.pid!, 'SIGKILL');
      await expect.poll(() => restarts.length, { timeout: 30_000 }).toBe(1);
      const second = kept.current();
      expect(second.pid).not.toBe(first.pid);
      expect(second.url).toBe(first.url);
      expect(second.masterKey).toBe(first.masterKey);
      // The same data: what was there before the kill is still there.
      expect((await fetch(`${second.url}/indexes/kept`, { headers: auth })).status).toBe(200);
    } finally {
      await kept.stop();
    }
    expect(isAlive(kept.current().pid!)).toBe(false);
    expect(restarts).toHaveLength(1);
  });
});

describe('connectExternalMeili', () => {
  it('connects to the shared test server with the right key', async () => {
    const meili = await connectExternalMeili(inject('meili'));
    expect(meili.embedded).toBe(false);
    expect(meili.version).toMatch(/^1\.\d+\.\d+/);
    await meili.stop(); // no-op: the shared server must keep running
    expect((await fetch(`${meili.url}/health`)).ok).toBe(true);
  });

  it('names MEILI_MASTER_KEY when the key is rejected', async () => {
    const { url } = inject('meili');
    const error = await connectExternalMeili({ url, masterKey: 'wrong-key-wrong-key' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeiliStartError);
    expect((error as Error).message).toContain('MEILI_MASTER_KEY');
  });

  it('names MEILI_URL when nothing listens there', async () => {
    const url = `http://127.0.0.1:${await getFreePort()}`;
    const error = await connectExternalMeili({ url, masterKey: 'x'.repeat(32) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeiliStartError);
    expect((error as Error).message).toMatch(/Cannot reach Meilisearch at .*ECONNREFUSED.*MEILI_URL/);
  });
});

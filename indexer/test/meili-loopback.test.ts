import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '@easel/shared/process';
import { startEmbeddedMeili, type RunningMeili } from '../src/meili/server';

/**
 * The embedded Meilisearch (the one `npm start` runs) can be reached from this machine only:
 * its master key opens everything, so nothing else may even connect (docs/SECURITY.md,
 * "Meilisearch"). Read from the kernel's own table of listening sockets.
 */

let dataDir: string;
let meili: RunningMeili;
let port: number;

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-meili-loopback-'));
  port = await getFreePort();
  meili = await startEmbeddedMeili({ dataDir, port });
});
afterAll(async () => {
  await meili?.stop();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

/** The local addresses (hex, as /proc/net/tcp writes them) of the sockets listening on `port`. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    fs.existsSync(table)
      ? fs.readFileSync(table, 'utf8').split('\n').slice(1).map((line) => line.trim().split(/\s+/))
        // Column 1 is local address:port, column 3 the state; 0A is LISTEN.
        .filter((cols) => cols[3] === '0A' && cols[1]?.endsWith(`:${hexPort}`)).map((cols) => cols[1]!.split(':')[0]!)
      : [],
  );
}

describe('the embedded Meilisearch', () => {
  it('listens on 127.0.0.1 and nowhere else', () => {
    expect(meili.url).toBe(`http://127.0.0.1:${port}`);
    // 0100007F is 127.0.0.1 in the table's byte order; 00000000 would be every interface.
    expect(listeningAddresses(port)).toEqual(['0100007F']);
  });

  it('refuses a connection to this machine\'s other addresses', async () => {
    const others = Object.values(os.networkInterfaces()).flat().filter((i) => i && !i.internal && i.family === 'IPv4').map((i) => i!.address);
    for (const address of others) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = net.connect({ host: address, port }, () => { socket.destroy(); resolve('connected'); });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(outcome, address).toBe('ECONNREFUSED');
    }
  });
});

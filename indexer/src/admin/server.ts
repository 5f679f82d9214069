import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface ServedAdmin {
  url: string;
  close(): Promise<void>;
}

/**
 * The staff page asks now and then; Node's 5 s keep-alive let the server close an idle
 * connection just as the storefront's client sent its next request on it (ECONNRESET). Kept
 * open a minute, a connection is the client's to close.
 */
const KEEP_ALIVE_MS = 65_000;

/** Serves the admin API on `host:port` (loopback: only this machine's storefront asks it). */
export function serveAdmin(app: Hono, { host, port }: { host: string; port: number }): Promise<ServedAdmin> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      resolve({
        url: `http://${host}:${info.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
    (server as Server).keepAliveTimeout = KEEP_ALIVE_MS;
    server.once('error', reject);
  });
}

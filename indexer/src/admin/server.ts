import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface ServedAdmin {
  url: string;
  close(): Promise<void>;
}

/** Serves the admin API on `host:port` (loopback: only this machine's storefront asks it). */
export function serveAdmin(app: Hono, { host, port }: { host: string; port: number }): Promise<ServedAdmin> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      resolve({
        url: `http://${host}:${info.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
    server.once('error', reject);
  });
}

import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';
import { clientAddress, normalise } from '@easel/search-service/rate-limit';
import { getConfig } from './lib/config';

/**
 * The storefront's production server (`npm start` runs it): `next start` with one thing added.
 * Next.js tells route handlers the client's address only through X-Forwarded-For, and fills it
 * from the socket only when the request has none (`??=` in next/dist/server/base-server.js), so
 * behind no proxy a client could name any address it liked and dodge the rate limits. Here the
 * header is replaced, before Next.js sees the request, by the one address the limits count:
 * the socket's, or, when the socket is one of TRUSTED_PROXIES, the first hop those proxies
 * vouch for. A client's X-Forwarded-Host/-Proto/-Port are dropped unless a trusted proxy sent them.
 */
const { values } = parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
const port = Number(values.port ?? 3000);
const hostname = values.hostname ?? '127.0.0.1';
const trusted = getConfig().TRUSTED_PROXIES;

const app = next({ dev: false, dir: import.meta.dirname, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  const peer = req.socket.remoteAddress;
  const forwardedFor = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = clientAddress(peer, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, trusted);
  if (!trusted.includes(normalise(peer ?? ''))) {
    for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port']) delete req.headers[name];
  }
  void handle(req, res);
});
server.listen(port, hostname, () => console.log(`Storefront listening on http://${hostname}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));

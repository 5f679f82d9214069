/**
 * A storefront process that serves checkout over HTTP on a free loopback port, for tests that
 * need several server processes on one database and one payment ledger:
 * node --import tsx checkout-server-process.ts <database file> <ledger file>
 * It prints `listening <port>` once it takes requests; every answer names its process
 * (`X-Served-By: <pid>`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { openDatabase } from '@easel/data/db';
import { openPaymentLedger } from '@easel/data/payment-ledger';
import { createCheckoutHandlers } from '../lib/checkout/checkout-api';
import { createSimulatedPayments } from '../lib/checkout/payment';

const [file, ledgerFile] = process.argv.slice(2) as [string, string];
const db = await openDatabase(file);
const ledger = openPaymentLedger(ledgerFile);
const checkout = createCheckoutHandlers({ getDb: async () => db, payments: createSimulatedPayments(() => ledger) });
const routes: Record<string, (request: NextRequest) => Promise<Response>> = {
  '/api/checkout/': checkout.start,
  '/api/checkout/order/': checkout.order,
};

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const handler = req.method === 'POST' ? routes[url.pathname] : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const response = handler
    ? await handler(new NextRequest(url, { method: 'POST', headers, body: Buffer.concat(chunks) }))
    : Response.json({ error: { code: 'not_found', message: 'No such route.' } }, { status: 404 });
  res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'application/json', 'x-served-by': String(process.pid) });
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));

/**
 * A storefront process that serves checkout over HTTP on a free loopback port, for tests that
 * need several server processes on one database and one payment ledger:
 * node --import tsx checkout-server-process.ts <database> <ledger>
 * It prints `listening <port>` once it takes requests; every answer names its process
 * (`X-Served-By: <pid>`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { openDatabase } from '@easel/data/db';
import { openPaymentLedger } from '@easel/data/payment-ledger';
import { callable } from '../lib/api/testing';
import { checkoutRoutes } from '../lib/checkout/checkout-api';
import { createSimulatedPayments } from '../lib/checkout/payment';

const [database, ledgerLocation] = process.argv.slice(2) as [string, string];
const db = await openDatabase(database);
const ledger = await openPaymentLedger(ledgerLocation);
const checkout = callable(checkoutRoutes({ getDb: async () => db, payments: createSimulatedPayments(async () => ledger) }));

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
  const response = await checkout(new NextRequest(url, { method: req.method, headers, body }));
  res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'application/json', 'x-served-by': String(process.pid) });
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));

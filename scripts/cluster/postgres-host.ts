import { startEmbeddedPostgres } from '@easel/data/embedded-postgres';

/**
 * PostgreSQL for a cluster whose parts run on hosts of their own (network namespaces,
 * scripts/cluster/network.ts): run inside its host's namespace, it starts the server there on
 * PG_HOST:PG_PORT for clients of PG_CLIENTS, with its files in PG_DATA_DIR, prints "PostgreSQL
 * ready" and stops it on SIGTERM or SIGINT. The server's password is in PG_DATA_DIR/easel-password.
 */
const { PG_DATA_DIR, PG_HOST, PG_PORT, PG_CLIENTS } = process.env;
if (!PG_DATA_DIR || !PG_HOST || !PG_PORT || !PG_CLIENTS) throw new Error('PG_DATA_DIR, PG_HOST, PG_PORT and PG_CLIENTS are required.');
const server = await startEmbeddedPostgres({ dataDir: PG_DATA_DIR, port: Number(PG_PORT), listen: { host: PG_HOST, clients: PG_CLIENTS } });
console.log('PostgreSQL ready');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().finally(() => process.exit(0)));

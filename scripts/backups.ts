import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, withoutPassword, type DataConfig, type Db } from '@easel/data';
import {
  createPostgresDatabase, databaseUrl, dropPostgresDatabase, POSTGRES_MAJOR, postgresDatabaseExists, renamePostgresDatabase,
} from '@easel/data/embedded-postgres';
import { describeEnd, startProcess } from '@easel/shared/process';
import { meiliClient, openMeili, rebuildIndex, type MeiliConfig } from '@easel/indexer';

/**
 * Backups that restore. A backup is one file, a tar archive of the shop's database, the payment
 * provider's ledger and a manifest, taken while the shop serves and writes: a SQLite database is
 * copied with SQLite's online backup API, a PostgreSQL one dumped by pg_dump. A restore unpacks it
 * beside a fresh database, checks it, and rebuilds the search index from the restored catalogue
 * before the database takes its name. docs/RELIABILITY.md, "Backups".
 */

/** What a backup holds, read before anything is restored. */
export interface Manifest {
  format: 'easel-backup';
  version: 1;
  /** The shop's database: a SQLite file, or a PostgreSQL database in pg_dump's custom format. */
  engine: 'sqlite' | 'postgres';
  /** When the copy of the shop's database began: everything committed before it is in it. */
  began_at: string;
  finished_at: string;
  /** The provider's ledger is a SQLite file of its own, or null: in the PostgreSQL database (and its dump), or none yet. */
  files: { database: string; ledger: string | null };
}

const MANIFEST = 'manifest.json';
const DATABASE = 'easel.db';
const DUMP = 'easel.pgdump';
const LEDGER = 'payments.db';

/** How long each step of a restore took, in seconds. */
export interface RestoreSeconds {
  unpack: number;
  /** SQLite: the integrity check; PostgreSQL: pg_restore. Then this version's migrations. */
  load: number;
  index: number;
}

const since = (start: number) => (performance.now() - start) / 1000;

/** A backup or restore refused, with the sentence that says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Copies the live SQLite database at `from` to `to` with the online backup API: pages are read
 * in a read transaction, so writers carry on. After the first step the rest is copied in one
 * step: SQLite starts a copy again when another connection writes between steps, and a copy
 * taken in one step is one snapshot, however busy the shop.
 */
async function copyLive(from: string, to: string): Promise<void> {
  const source = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await source.backup(to, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } finally {
    source.close();
  }
}

/**
 * Runs pg_dump or pg_restore (Debian's postgresql-client, of the server's major version) on the
 * database at `url`, its password given in the environment, never on the command line; a failure
 * is refused with the tool's own words.
 */
async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: readonly string[], url: string): Promise<void> {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  const child = startProcess(tool, [...args, `--dbname=${address.toString()}`], { env: { ...process.env, PGPASSWORD: password }, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const end = await child;
  if (end.exitCode === 0) return;
  if (end.exitCode === undefined && !end.signal) {
    throw new BackupError(`${tool} is not installed: install Debian's postgresql-client (PostgreSQL ${POSTGRES_MAJOR}'s tools), as the README's set-up says.`);
  }
  throw new BackupError(`${tool} failed (${describeEnd(end)}): ${said.trim() || 'it said nothing'}`);
}

/** The provider's ledger when it is a SQLite file of its own; null when it is in the PostgreSQL database. */
const ledgerFileOf = (config: DataConfig) => (config.PAYMENTS_LEDGER === config.DATABASE_URL ? null : config.PAYMENTS_LEDGER);

/**
 * `npm run backup`: writes the backup of the database in `config` to `file`, first to a file
 * beside it and then renamed, so `file` is whole or absent. A PostgreSQL database is dumped by
 * pg_dump in one repeatable-read transaction: one snapshot, ledger included, while writers carry
 * on. A SQLite database is copied before the provider's ledger file, so every charge an order in
 * the backup names is in it too.
 */
export async function createBackup(config: DataConfig, file: string): Promise<Manifest> {
  const postgres = config.DATABASE_URL;
  if (postgres === undefined && !fs.existsSync(config.DATABASE_FILE)) throw new BackupError(`There is no database at ${config.DATABASE_FILE} to back up; check DATABASE_FILE.`);
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} for the backup does not exist.`);
  const work = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  const partial = `${target}.partial-${randomUUID().slice(0, 8)}`;
  try {
    const began = new Date().toISOString();
    const database = postgres === undefined ? DATABASE : DUMP;
    if (postgres === undefined) await copyLive(config.DATABASE_FILE, path.join(work, DATABASE));
    else await runPgTool('pg_dump', ['--format=custom', `--file=${path.join(work, DUMP)}`], postgres);
    const ledgerFile = ledgerFileOf(config);
    const ledger = ledgerFile !== null && fs.existsSync(ledgerFile);
    if (ledger) await copyLive(ledgerFile, path.join(work, LEDGER));
    const manifest: Manifest = {
      format: 'easel-backup',
      version: 1,
      engine: postgres === undefined ? 'sqlite' : 'postgres',
      began_at: began,
      finished_at: new Date().toISOString(),
      files: { database, ledger: ledger ? LEDGER : null },
    };
    fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const packed = await startProcess('tar', ['-cf', partial, '-C', work, MANIFEST, database, ...(ledger ? [LEDGER] : [])], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (packed.exitCode !== 0) throw new BackupError(`tar could not write ${partial} (${describeEnd(packed)}); is there room on the disk?`);
    fs.renameSync(partial, target);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** The manifest of the backup unpacked in `folder`, or why it is not one. */
function readManifest(folder: string, file: string): Manifest {
  const notABackup = new BackupError(`${file} is not an Easel backup (it has no manifest of one); give a file that npm run backup wrote.`);
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST), 'utf8')) as Partial<Manifest>;
  } catch {
    throw notABackup;
  }
  if (manifest.format !== 'easel-backup') throw notABackup;
  if (manifest.version !== 1) throw new BackupError(`${file} is a backup of version ${String(manifest.version)}, which this version of Easel cannot restore.`);
  return manifest as Manifest;
}

/**
 * `npm run restore <file>`: restores the backup into the fresh database of `config`: a SQLite
 * file (DATABASE_FILE) that, like the ledger beside it, does not exist yet, or a PostgreSQL
 * database (DATABASE_URL) not yet made on its running server. The archive is unpacked beside it,
 * the database checked whole (SQLite) or restored by pg_restore into a database of a passing name
 * (PostgreSQL), brought to this version's migrations, and the search index (SEARCH_INDEX on the
 * engine of `meiliConfig`) rebuilt from the restored catalogue; only then are the ledger and,
 * last, the database given their names. A refusal or a failure leaves nothing behind.
 */
export async function restoreBackup(config: DataConfig, meiliConfig: MeiliConfig, file: string): Promise<{ manifest: Manifest; documents: number; seconds: RestoreSeconds }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`There is no backup file at ${source}.`);
  const postgres = config.DATABASE_URL === undefined ? undefined : postgresTarget(config.DATABASE_URL);
  const ledgerFile = ledgerFileOf(config);
  for (const existing of [postgres ? null : config.DATABASE_FILE, ledgerFile]) {
    if (existing !== null && fs.existsSync(existing)) {
      throw new BackupError(`${existing} already exists: restore into a fresh data folder (point DATABASE_FILE at a new one) or move it aside first.`);
    }
  }
  if (postgres && (await postgresDatabaseExists(postgres.server, postgres.name))) {
    throw new BackupError(`The database "${postgres.name}" already exists on ${withoutPassword(postgres.server)}: restore into a new one (name it in DATABASE_URL) or drop it first.`);
  }
  const folder = postgres ? os.tmpdir() : path.dirname(config.DATABASE_FILE);
  fs.mkdirSync(folder, { recursive: true });
  const work = fs.mkdtempSync(path.join(folder, '.restore-'));
  /** The PostgreSQL database restored into, under its passing name until the end. */
  let restoring: string | undefined;
  try {
    let start = performance.now();
    const unpacked = await startProcess('tar', ['-xf', source, '-C', work, '--no-same-owner'], { stdio: 'ignore' });
    if (unpacked.exitCode !== 0) throw new BackupError(`${source} is not an Easel backup (it is not a tar archive); give a file that npm run backup wrote.`);
    const manifest = readManifest(work, source);
    const engine = postgres ? 'postgres' : 'sqlite';
    if (manifest.engine !== engine) {
      throw new BackupError(manifest.engine === 'postgres'
        ? `${source} is a backup of a PostgreSQL database: set DATABASE_URL to the new database to restore it into.`
        : `${source} is a backup of a SQLite database: unset DATABASE_URL and set DATABASE_FILE to where the restored database goes.`);
    }
    if (manifest.files.ledger && ledgerFile === null) {
      throw new BackupError(`${source} holds the provider's ledger as a file of its own: set PAYMENTS_LEDGER_FILE to where it goes.`);
    }
    const database = path.join(work, manifest.files.database);
    const unpack = since(start);
    start = performance.now();
    let db: Db;
    if (postgres) {
      restoring = `${postgres.name}_restoring_${randomBytes(4).toString('hex')}`;
      const url = await createPostgresDatabase(postgres.server, restoring);
      // Two jobs: one a core. Owners and grants are the server's, not the dumped one's.
      await runPgTool('pg_restore', ['--exit-on-error', '--no-owner', '--no-privileges', '--jobs=2', database], url);
      db = await openDatabase(url);
    } else {
      await checkWhole(database, source);
      db = await openDatabase(database);
    }
    const load = since(start);
    start = performance.now();
    let documents: number;
    // What the backed-up engines held is no guide to the fresh ones: each starts with a full
    // rebuild and every staff search lever, as a new engine does.
    await db.deleteFrom('search_engine_state').execute();
    await db.deleteFrom('search_lever_state').execute();
    const meili = await openMeili(meiliConfig);
    try {
      documents = (await rebuildIndex({ db, meili: meiliClient(meili), indexUid: meiliConfig.SEARCH_INDEX })).documents;
    } finally {
      await meili.stop();
      await db.destroy();
    }
    if (manifest.files.ledger) fs.renameSync(path.join(work, manifest.files.ledger), ledgerFile!);
    if (postgres) {
      await renamePostgresDatabase(postgres.server, restoring!, postgres.name);
      restoring = undefined;
    } else {
      fs.renameSync(database, config.DATABASE_FILE);
    }
    return { manifest, documents, seconds: { unpack, load, index: since(start) } };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    if (postgres && restoring !== undefined) await dropPostgresDatabase(postgres.server, restoring);
  }
}

/** The server and the database name of a DATABASE_URL. */
function postgresTarget(url: string): { server: string; name: string } {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (name === '') throw new BackupError('DATABASE_URL names no database: end it with the name of the new database to restore into (…/easel).');
  return { server: databaseUrl(url, 'postgres'), name };
}

/** Refuses a database file that SQLite finds damaged. */
async function checkWhole(database: string, source: string): Promise<void> {
  let check: string;
  try {
    const db = new Database(database, { readonly: true, fileMustExist: true });
    try {
      check = (db.pragma('integrity_check', { simple: true }) as string);
    } finally {
      db.close();
    }
  } catch (error) {
    throw new BackupError(`The database in ${source} cannot be read (${error instanceof Error ? error.message : String(error)}); the backup is damaged.`);
  }
  if (check !== 'ok') throw new BackupError(`The database in ${source} is damaged (${check}); restore another backup.`);
}

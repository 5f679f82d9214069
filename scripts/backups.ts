import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, type DataConfig } from '@easel/data';
import { describeEnd, startProcess } from '@easel/shared/process';
import { meiliClient, openMeili, rebuildIndex, type MeiliConfig } from '@easel/indexer';

/**
 * Backups that restore. A backup is one file, a tar archive of the shop's SQLite database, the
 * payment provider's ledger and a manifest, each database copied with SQLite's online backup API
 * while the shop serves and writes; a restore unpacks it into a fresh data folder, checks it, and
 * rebuilds the search index from the restored catalogue. docs/RELIABILITY.md, "Backups".
 */

/** What a backup holds, read before anything is restored. */
export interface Manifest {
  format: 'easel-backup';
  version: 1;
  /** When the copy of the shop's database began: everything committed before it is in it. */
  began_at: string;
  finished_at: string;
  files: { database: string; ledger: string | null };
}

const MANIFEST = 'manifest.json';
const DATABASE = 'easel.db';
const LEDGER = 'payments.db';

/** How long each step of a restore took, in seconds. */
export interface RestoreSeconds {
  unpack: number;
  check: number;
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
 * `npm run backup`: writes the backup of the database in `config` to `file`, first to a file
 * beside it and then renamed, so `file` is whole or absent. The shop's database is copied before
 * the provider's ledger, so every charge an order in the backup names is in it too.
 */
export async function createBackup(config: DataConfig, file: string): Promise<Manifest> {
  if (config.DATABASE_URL !== undefined) {
    throw new BackupError('npm run backup copies the SQLite database; for PostgreSQL use its own tools of the server\'s version (pg_dump, or pg_basebackup with WAL archiving), as docs/RELIABILITY.md, "Backups", says.');
  }
  if (!fs.existsSync(config.DATABASE_FILE)) throw new BackupError(`There is no database at ${config.DATABASE_FILE} to back up; check DATABASE_FILE.`);
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} for the backup does not exist.`);
  const work = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  const partial = `${target}.partial-${randomUUID().slice(0, 8)}`;
  try {
    const began = new Date().toISOString();
    await copyLive(config.DATABASE_FILE, path.join(work, DATABASE));
    const ledger = fs.existsSync(config.PAYMENTS_LEDGER);
    if (ledger) await copyLive(config.PAYMENTS_LEDGER, path.join(work, LEDGER));
    const manifest: Manifest = {
      format: 'easel-backup', version: 1, began_at: began, finished_at: new Date().toISOString(), files: { database: DATABASE, ledger: ledger ? LEDGER : null },
    };
    fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const packed = await startProcess('tar', ['-cf', partial, '-C', work, MANIFEST, DATABASE, ...(ledger ? [LEDGER] : [])], { stdio: ['ignore', 'ignore', 'inherit'] });
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
 * `npm run restore <file>`: restores the backup into the data folder of `config`, which must not
 * hold a database or a ledger yet. Everything happens in a folder beside it: the archive is
 * unpacked, the database checked whole and brought to this version's migrations, and the search
 * index (SEARCH_INDEX on the engine of `meiliConfig`) rebuilt from the restored catalogue; only
 * then are the ledger and, last, the database renamed into place. A refusal or a failure leaves
 * the data folder as it was.
 */
export async function restoreBackup(config: DataConfig, meiliConfig: MeiliConfig, file: string): Promise<{ manifest: Manifest; documents: number; seconds: RestoreSeconds }> {
  if (config.DATABASE_URL !== undefined) {
    throw new BackupError('npm run restore restores into a SQLite data folder; unset DATABASE_URL and set DATABASE_FILE to where the restored database goes.');
  }
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`There is no backup file at ${source}.`);
  for (const existing of [config.DATABASE_FILE, config.PAYMENTS_LEDGER]) {
    if (fs.existsSync(existing)) {
      throw new BackupError(`${existing} already exists: restore into a fresh data folder (point DATABASE_FILE at a new one) or move it aside first.`);
    }
  }
  const folder = path.dirname(config.DATABASE_FILE);
  fs.mkdirSync(folder, { recursive: true });
  const work = fs.mkdtempSync(path.join(folder, '.restore-'));
  try {
    let start = performance.now();
    const unpacked = await startProcess('tar', ['-xf', source, '-C', work, '--no-same-owner'], { stdio: 'ignore' });
    if (unpacked.exitCode !== 0) throw new BackupError(`${source} is not an Easel backup (it is not a tar archive); give a file that npm run backup wrote.`);
    const manifest = readManifest(work, source);
    const database = path.join(work, manifest.files.database);
    const unpack = since(start);
    start = performance.now();
    await checkWhole(database, source);
    const db = await openDatabase(database);
    const check = since(start);
    start = performance.now();
    let documents: number;
    const meili = await openMeili(meiliConfig);
    try {
      documents = (await rebuildIndex({ db, meili: meiliClient(meili), indexUid: meiliConfig.SEARCH_INDEX })).documents;
    } finally {
      await meili.stop();
      await db.destroy();
    }
    if (manifest.files.ledger) fs.renameSync(path.join(work, manifest.files.ledger), config.PAYMENTS_LEDGER);
    fs.renameSync(database, config.DATABASE_FILE);
    return { manifest, documents, seconds: { unpack, check, index: since(start) } };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
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

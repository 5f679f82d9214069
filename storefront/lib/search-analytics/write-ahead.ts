import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A write-ahead file of lines (docs/SEARCH-ANALYTICS.md, "Cost"). `append` writes a line to the
 * process's open file with one write call, so once it returns the line is the kernel's and
 * survives the process being killed (SIGKILL included); nothing waits for the database.
 * `drain` seals the open file and hands the sealed files' lines to `store`, deleting each file
 * once stored; a file whose store fails is kept for the next drain. Files left by a process
 * that has died (open, sealed or half drained) are taken over by the next drain in the folder,
 * each by one process only (taking a file is renaming it). The store must be idempotent: a
 * crash between storing a file and deleting it stores it again.
 *
 * File names: `open.<pid>.<nonce>.log`, `sealed.<pid>.<nonce>.<n>.log`, and
 * `taken.<pid>.<nonce>.<name>` while a process stores a file.
 */
export class WriteAheadLog {
  private readonly owner = `${process.pid}.${randomBytes(4).toString('hex')}`;
  private readonly openPath: string;
  private fd: number | undefined;
  private written = 0;
  private sealed = 0;
  private draining: Promise<number> | undefined;

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.openPath = path.join(dir, `open.${this.owner}.log`);
  }

  /** Lines appended since the open file was last sealed. */
  get pending(): number {
    return this.written;
  }

  /** Appends one line (without its newline) to the open file. */
  append(line: string): void {
    this.fd ??= fs.openSync(this.openPath, 'a');
    fs.writeSync(this.fd, `${line}\n`);
    this.written += 1;
  }

  /** Seals the open file and stores every file ready to store; resolves to the lines stored. One drain at a time. */
  drain(store: (lines: string[]) => Promise<void>): Promise<number> {
    this.draining ??= this.drainOnce(store).finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /** Seals the open file, so a drain, here or in a later process, stores what it holds. */
  seal(): void {
    if (this.fd === undefined) return;
    fs.closeSync(this.fd);
    this.fd = undefined;
    if (this.written > 0) fs.renameSync(this.openPath, path.join(this.dir, `sealed.${this.owner}.${++this.sealed}.log`));
    this.written = 0;
  }

  private async drainOnce(store: (lines: string[]) => Promise<void>): Promise<number> {
    this.seal();
    this.takeOver();
    let stored = 0;
    const mine = `taken.${this.owner}.`;
    for (const name of fs.readdirSync(this.dir).filter((n) => n.startsWith(mine)).sort()) {
      const file = path.join(this.dir, name);
      const lines = fs.readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
      try {
        await store(lines);
      } catch (error) {
        console.error(`search analytics: could not store ${lines.length} lines of ${name}; trying again shortly:`, error instanceof Error ? error.message : error);
        break;
      }
      fs.rmSync(file, { force: true });
      stored += lines.length;
    }
    return stored;
  }

  /** Takes this process's sealed files, and every file of a process that is no longer running. */
  private takeOver(): void {
    for (const name of fs.readdirSync(this.dir)) {
      const [state, pid, nonce] = name.split('.');
      const owner = `${pid}.${nonce}`;
      if (owner === this.owner ? state !== 'sealed' : state === undefined || !['open', 'sealed', 'taken'].includes(state) || isRunning(Number(pid))) continue;
      // A taken file keeps its first name, so each file's lines stay together whoever takes it.
      const original = state === 'taken' ? name.split('.').slice(3).join('.') : name;
      try {
        fs.renameSync(path.join(this.dir, name), path.join(this.dir, `taken.${this.owner}.${original}`));
      } catch (error) {
        // Another process took it first.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

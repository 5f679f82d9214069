/**
 * Admission control: at most `concurrency` searches at the engine at once; the rest wait in
 * line, first come first served, but only while the line can still get them answered within
 * `budgetMs`. A newcomer's wait is judged from the searches ahead of it and how long the engine
 * has lately taken per search (slots free at `concurrency` per that time); a wait plus an engine
 * search that would pass the budget is refused at once, and so is a waiting search whose time
 * runs out. An engine slower than it was (a search at it for longer than the recent average)
 * counts at its slower pace, so a stalled engine shortens the line at once. A permit says how
 * long its search waited, which the engine's time-out then covers too.
 *
 * So searches the engine can answer in time are queued rather than refused (as many as raw
 * Meilisearch would answer within the budget), and the excess is refused at once rather than
 * joining a queue that would push every shopper past the budget.
 */

export interface AdmissionOptions {
  /** Searches at the engine at once. */
  concurrency: number;
  /** What a search's wait in line and its engine call together are expected to take at most, in ms. */
  budgetMs: number;
  /** The clock; tests pass their own. */
  now?: () => number;
}

/** A search admitted after waiting `waitedMs` for a slot; release it with how long the engine took. */
export interface Permit {
  waitedMs: number;
  release(engineMs: number): void;
}

/** The line was too long for this search to be answered within the budget. */
export class RefusedError extends Error {
  override name = 'RefusedError';
}

/** How far each engine search moves the recent average: a tenth of the way. */
const SMOOTHING = 0.1;

interface Waiter {
  queuedAt: number;
  grant: (permit: Permit) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class Admission {
  /** When each search now at the engine was sent. */
  private readonly active = new Set<{ at: number }>();
  private readonly line: Waiter[] = [];
  private averageMs: number | undefined;
  private readonly now: () => number;

  constructor(private readonly options: AdmissionOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Searches at the engine now. */
  get inFlight(): number {
    return this.active.size;
  }

  /** Searches waiting for a slot now. */
  get waiting(): number {
    return this.line.length;
  }

  /** A permit now, or once a slot frees; rejects with RefusedError when the budget leaves no room. */
  acquire(): Promise<Permit> {
    const { concurrency, budgetMs } = this.options;
    if (this.active.size < concurrency && this.line.length === 0) return Promise.resolve(this.permit(0));
    const pace = this.pace();
    const wait = Math.ceil((this.line.length + 1) / concurrency) * pace;
    if (wait + pace > budgetMs) return Promise.reject(new RefusedError('No room in the line for the engine'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        queuedAt: this.now(),
        grant: resolve,
        // Waiting longer would leave the engine less than its usual time.
        timer: setTimeout(() => {
          this.line.splice(this.line.indexOf(waiter), 1);
          reject(new RefusedError('The wait for the engine ran out'));
        }, budgetMs - pace),
      };
      this.line.push(waiter);
    });
  }

  /** How long a search at the engine takes now: the recent average, or longer if one there has taken longer. */
  private pace(): number {
    const now = this.now();
    let oldest = 0;
    for (const { at } of this.active) oldest = Math.max(oldest, now - at);
    return Math.max(this.averageMs ?? 0, oldest);
  }

  private permit(waitedMs: number): Permit {
    const entry = { at: this.now() };
    this.active.add(entry);
    let released = false;
    return {
      waitedMs,
      release: (engineMs) => {
        if (released) return;
        released = true;
        this.active.delete(entry);
        this.averageMs = this.averageMs === undefined ? engineMs : this.averageMs + SMOOTHING * (engineMs - this.averageMs);
        this.next();
      },
    };
  }

  /** The first in line takes the slot just freed. */
  private next(): void {
    const waiter = this.line.shift();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.grant(this.permit(this.now() - waiter.queuedAt));
  }
}

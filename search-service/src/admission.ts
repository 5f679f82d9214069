/**
 * Admission control: how many searches may be at the engine at once, learnt from its latency
 * (a gradient limit, as Netflix's concurrency-limits has it). Normal latency is `tolerance`
 * times what the engine answers in without a queue (when asked for little, or the best busy
 * window since). While answers come within it the limit grows by about its square root each
 * window; past it the limit shrinks in proportion to the slowdown, so it settles where the
 * engine's queue doubles its latency. An engine that times out or cannot be reached shrinks it
 * by a tenth. A search over the limit is refused at once instead of joining a queue that would
 * push every shopper past the budget.
 */

export interface AdmissionOptions {
  /** The limit to start from. */
  initial: number;
  min: number;
  max: number;
  /** How far the limit moves towards each new estimate: 0.2 takes a fifth of the way. */
  smoothing?: number;
  /** Latency this many times the latency without a queue still counts as normal. */
  tolerance?: number;
}

/** A search admitted: release it with how long the engine took, and whether it failed for the engine's sake. */
export interface Permit {
  release(outcome: { rttMs: number; overloaded: boolean }): void;
}

/** Searches the limit learns from at a time: it moves once per window, on the window's average. */
const WINDOW_SAMPLES = 10;

export class AdaptiveLimit {
  private limitValue: number;
  private inFlightCount = 0;
  private noLoadRtt = Infinity;
  private window: { rttTotal: number; samples: number; busiest: number } = { rttTotal: 0, samples: 0, busiest: 0 };
  private readonly smoothing: number;
  private readonly tolerance: number;

  constructor(private readonly options: AdmissionOptions) {
    this.limitValue = options.initial;
    this.smoothing = options.smoothing ?? 0.2;
    this.tolerance = options.tolerance ?? 2;
  }

  /** The searches admitted at once right now. */
  get limit(): number {
    return Math.floor(this.limitValue);
  }

  get inFlight(): number {
    return this.inFlightCount;
  }

  /** A permit, or undefined when the limit is reached and the search must be refused. */
  tryAcquire(): Permit | undefined {
    if (this.inFlightCount >= this.limit) return undefined;
    this.inFlightCount += 1;
    let released = false;
    return {
      release: ({ rttMs, overloaded }) => {
        if (released) return;
        released = true;
        // How busy the engine was as this search ended, itself included.
        const inFlight = this.inFlightCount;
        this.inFlightCount -= 1;
        this.update(rttMs, overloaded, inFlight);
      },
    };
  }

  private update(rttMs: number, overloaded: boolean, inFlight: number): void {
    const { min, max } = this.options;
    if (overloaded) {
      this.limitValue = Math.max(min, this.limitValue * 0.9);
      return;
    }
    const window = this.window;
    window.rttTotal += rttMs;
    window.samples += 1;
    window.busiest = Math.max(window.busiest, inFlight);
    if (window.samples < WINDOW_SAMPLES) return;
    this.window = { rttTotal: 0, samples: 0, busiest: 0 };
    const rtt = window.rttTotal / window.samples;
    // Asked for little, the engine has no queue: its latency then is the latency without one
    // (learnt afresh each time, as the catalogue grows), and says nothing of how much more it
    // could take. Busy, the best window is the baseline.
    if (window.busiest < this.limitValue / 2) {
      this.noLoadRtt = rtt;
      return;
    }
    this.noLoadRtt = Math.min(this.noLoadRtt, rtt);
    const gradient = Math.max(0.5, Math.min(1, (this.tolerance * this.noLoadRtt) / rtt));
    const estimate = this.limitValue * gradient + Math.sqrt(this.limitValue);
    const next = this.limitValue * (1 - this.smoothing) + estimate * this.smoothing;
    this.limitValue = Math.max(min, Math.min(max, next));
  }
}

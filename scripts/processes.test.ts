import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPortFree, keepRunning, nextRestart, NO_FAILURES, RESTART_POLICY, startService, type RestartState } from './processes';

describe('assertPortFree', () => {
  it('passes for a free port and names the variable for a busy one', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      await expect(assertPortFree('127.0.0.1', port, 'SEARCH_PORT')).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is already in use; stop what is listening there or set SEARCH_PORT to a free port.`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await expect(assertPortFree('127.0.0.1', port, 'SEARCH_PORT')).resolves.toBeUndefined();
  });
});

/** The waits for runs that each lasted `ranMs`, ending `gapMs` apart; undefined once it gives up. */
function waits(runs: { ranMs: number; gapMs: number }[]): (number | undefined)[] {
  let state: RestartState = NO_FAILURES;
  let now = 0;
  return runs.map(({ ranMs, gapMs }) => {
    now += gapMs;
    const next = nextRestart(state, ranMs, now);
    state = next.state;
    return next.delayMs;
  });
}

describe('nextRestart', () => {
  it('waits 0.25 s, doubling for each failure in a row, and gives up at the fifth within a minute', () => {
    expect(waits(Array.from({ length: 5 }, () => ({ ranMs: 100, gapMs: 1_000 })))).toEqual([250, 500, 1_000, 2_000, undefined]);
  });

  it('starts the waits afresh after a run of 30 s or more', () => {
    const quick = { ranMs: 100, gapMs: 1_000 };
    expect(waits([quick, quick, quick, { ranMs: 30_000, gapMs: 31_000 }, quick])).toEqual([250, 500, 1_000, 250, 500]);
  });

  it('keeps going, waiting at most 5 s, while short runs are spread over more than a minute', () => {
    const result = waits(Array.from({ length: 12 }, () => ({ ranMs: 10_000, gapMs: 16_000 })));
    expect(result).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000]);
  });

  it('counts the short runs in a row within the minute, however long each lasted', () => {
    expect(waits(Array.from({ length: 5 }, () => ({ ranMs: 10_000, gapMs: 14_000 }))).at(-1)).toBeUndefined();
  });

  it('holds only the latest failures', () => {
    let state = NO_FAILURES;
    for (let i = 0; i < 100; i++) state = nextRestart(state, 20_000, i * 20_000).state;
    expect(state.streak).toBe(100);
    expect(state.endedAt).toHaveLength(RESTART_POLICY.maxFailures);
  });
});

describe('keepRunning', () => {
  const node = (script: string) => () => startService('toy', process.execPath, ['-e', script], process.env, process.cwd());
  const fast = { ...RESTART_POLICY, firstDelayMs: 10, maxDelayMs: 40 };

  it('starts a killed process again, and stop() ends it for good', async () => {
    const start = node('setInterval(() => {}, 1000)');
    const lines: string[] = [];
    const kept = keepRunning(start(), start, { log: (line) => lines.push(line), onGiveUp: () => lines.push('gave up'), policy: fast });
    const first = kept.child;
    first.kill('SIGKILL');
    await expect.poll(() => kept.child !== first && kept.child.pid !== undefined).toBe(true);
    expect(lines).toEqual(['The toy stopped unexpectedly (killed by SIGKILL); starting it again in 0.01 s.']);
    const second = kept.child;
    await kept.stop();
    expect(second.signalCode ?? second.exitCode).not.toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(kept.child).toBe(second);
    expect(lines).toHaveLength(1);
  });

  it('gives up with one sentence on a process that keeps stopping at start-up', async () => {
    const start = node('process.exit(3)');
    const lines: string[] = [];
    const gaveUp = new Promise<string>((resolve) => keepRunning(start(), start, { log: (line) => lines.push(line), onGiveUp: resolve, policy: fast }));
    expect(await gaveUp).toBe('The toy stopped 5 times within 60 s, each soon after starting (last: exit code 3), so it is not started again; stopping everything. See its output above.');
    expect(lines).toHaveLength(4);
  });
});

import { describe, expect, it } from 'vitest';
import { advanceToast, createToastStore, TOAST_DURATION_MS, TOAST_ENTER_MS, TOAST_EXIT_MS, TOAST_TICK_MS, TOAST_WIDTH_PX, type Toast } from './toast';

const fresh = (durationMs: number | null = TOAST_DURATION_MS): Toast => ({ id: 1, title: 'Saved', body: undefined, action: undefined, group: undefined, tone: 'info', durationMs, phase: 'entering', elapsedMs: 0 });

/** Runs the clock in 20 ms ticks for `ms`. */
function run(toast: Toast, ms: number, paused = false): Toast {
  let t = toast;
  for (let elapsed = 0; elapsed < ms; elapsed += TOAST_TICK_MS) t = advanceToast(t, TOAST_TICK_MS, paused);
  return t;
}

describe('toast timing (SPEC §9)', () => {
  it('has the constants of the spec', () => {
    expect([TOAST_DURATION_MS, TOAST_ENTER_MS, TOAST_EXIT_MS, TOAST_WIDTH_PX, TOAST_TICK_MS]).toEqual([4000, 300, 375, 350, 20]);
  });

  it('enters for 300 ms, shows for 4000 ms, exits for 375 ms, then is gone', () => {
    let toast = run(fresh(), TOAST_ENTER_MS - TOAST_TICK_MS);
    expect(toast.phase).toBe('entering');
    toast = run(toast, TOAST_TICK_MS);
    expect(toast.phase).toBe('shown');
    toast = run(toast, TOAST_DURATION_MS - TOAST_TICK_MS);
    expect(toast.phase).toBe('shown');
    toast = run(toast, TOAST_TICK_MS);
    expect(toast.phase).toBe('exiting');
    toast = run(toast, 360);
    expect(toast.phase).toBe('exiting');
    toast = run(toast, 20);
    expect(toast.phase).toBe('gone');
  });

  it('takes its own duration when given one', () => {
    expect(run(run(fresh(1000), TOAST_ENTER_MS), 1000).phase).toBe('exiting');
  });

  it('without a duration, stays until it is closed', () => {
    const shown = run(fresh(null), TOAST_ENTER_MS);
    expect(shown.phase).toBe('shown');
    expect(run(shown, 10 * 60_000)).toEqual(shown);
  });

  it('stays while it is being read', () => {
    const shown = run(fresh(), TOAST_ENTER_MS);
    expect(run(shown, 60_000, true)).toEqual(shown);
    expect(run(run(shown, 60_000, true), TOAST_DURATION_MS).phase).toBe('exiting');
  });
});

describe('the toast store', () => {
  it('shows toasts in order, closes one on request and drops it once gone', () => {
    const store = createToastStore();
    const first = store.show({ title: 'Settings saved', body: 'Prices in $ USD, sizes in inches.' });
    store.show({ title: 'Your settings could not be saved', tone: 'error' });
    expect(store.getState().map((t) => [t.title, t.tone, t.phase, t.durationMs])).toEqual([
      ['Settings saved', 'info', 'entering', 4000],
      ['Your settings could not be saved', 'error', 'entering', 4000],
    ]);
    store.dismiss(first);
    expect(store.getState()[0]?.phase).toBe('exiting');
    store.tick(TOAST_EXIT_MS, () => false);
    expect(store.getState().map((t) => t.title)).toEqual(['Your settings could not be saved']);
  });

  it('lets a new toast of a group take the place of the one showing, and leaves the others', () => {
    const store = createToastStore();
    store.show({ title: 'Added to your basket', durationMs: null, group: 'mini-basket' });
    store.show({ title: 'Settings saved' });
    store.show({ title: 'Already in your basket', durationMs: null, group: 'mini-basket' });
    expect(store.getState().map((t) => t.title)).toEqual(['Settings saved', 'Already in your basket']);
    const kept = store.getState()[1]!.id;
    for (let elapsed = 0; elapsed < 60_000; elapsed += 1000) store.tick(1000, () => false);
    expect(store.getState().map((t) => [t.id, t.phase])).toEqual([[kept, 'shown']]);
  });
});

/**
 * SPEC §9: a server render waits at most its budget (300 ms) for each section's data. A
 * section that misses it, or fails, is sent without its data and loads in the browser instead,
 * so one slow or broken part never holds up or blanks the page.
 */

/** What a failed server load records in the section's state (SPEC §8). */
export const SSR_FAILURE = 'Failed to load from SSR';

/** A section's data as the server got it: loaded, or left to the browser with the reason. */
export type SsrOutcome<T> = { ok: true; data: T } | { ok: false; error: typeof SSR_FAILURE | null };

/**
 * Loads sections against one shared deadline, `budgetMs` from now: each answer in time is
 * `{ ok: true }`; a late one `{ ok: false, error: null }`; a failure records SSR_FAILURE. A
 * budget of 0 starts no load at all.
 */
export function ssrBudget(budgetMs: number): <T>(name: string, load: () => Promise<T>) => Promise<SsrOutcome<T>> {
  const late: SsrOutcome<never> = { ok: false, error: null };
  const deadline = new Promise<SsrOutcome<never>>((resolve) => setTimeout(() => resolve(late), budgetMs).unref());
  return async (name, load) => {
    if (budgetMs === 0) return late;
    const loaded = load().then(
      (data) => ({ ok: true as const, data }),
      (error: unknown) => {
        console.error(`${name}: ${SSR_FAILURE}:`, error);
        return { ok: false as const, error: SSR_FAILURE as typeof SSR_FAILURE };
      },
    );
    return Promise.race([loaded, deadline]);
  };
}

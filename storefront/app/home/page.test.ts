import { describe, expect, it } from 'vitest';
import HomeAlias from './page';

/** Next.js redirects by throwing an error whose digest carries the type, the address and the status. */
async function redirectOf(query: Record<string, string | string[] | undefined>) {
  const error = await HomeAlias({ searchParams: Promise.resolve(query) }).then(
    () => undefined,
    (e: unknown) => e as { digest?: string },
  );
  const [kind, type, url, status] = error?.digest?.split(';') ?? [];
  return { kind, type, url, status };
}

describe('/home', () => {
  it('sends the shopper to / for good (308)', async () => {
    expect(await redirectOf({})).toEqual({ kind: 'NEXT_REDIRECT', type: 'replace', url: '/', status: '308' });
  });

  it('keeps the query', async () => {
    expect((await redirectOf({ currency: 'USD', colours: ['blue', 'red'] })).url).toBe('/?currency=USD&colours=blue&colours=red');
  });
});

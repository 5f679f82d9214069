import { sql } from 'kysely';
import type { Db } from '@easel/data/db';
import { settleSearchTops } from '@easel/data/queries/search-records';
import { mulberry32 } from '@easel/shared/random';
import { CATEGORIES, COLOUR_VALUES, STYLES, SUBJECTS } from '@easel/shared/vocabulary';

/**
 * A seeded history of searches for the staff page's benchmark: `perDay` searches on each of the
 * last `days` days, rolled up as the recorder rolls them up (the page reads only the roll-ups).
 * Shaped like a shop's search: a third browse by filters alone, the rest type words from a
 * Zipf-distributed pool of 5,000 (popular words, words with a filter), 3% are one-off typos or
 * made-up words, 12% of searches with words find nothing; latency is log-normal about 12 ms.
 * Days before today are then settled as the recorder settles them (their leading searches kept).
 * Deterministic; a database that already holds the history is left as it is.
 */
export async function seedSearchHistory(db: Db, { days, perDay }: { days: number; perDay: number }): Promise<{ days: number; rows: number }> {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const dayOf = (i: number) => new Date(today - i * 86_400_000).toISOString().slice(0, 10);
  const present = await db.selectFrom('search_days').select((eb) => eb.fn.countAll<number>().as('n')).where('day', '>=', dayOf(days - 1)).where('searches', '>=', perDay).executeTakeFirstOrThrow();
  if (Number(present.n) >= days) {
    await settleSearchTops(db, dayOf(0));
    return { days, rows: Number((await db.selectFrom('search_daily').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) };
  }

  const random = mulberry32(20261128);
  const words = [...SUBJECTS, ...STYLES, ...COLOUR_VALUES, ...Object.keys(CATEGORIES), ...Object.values(CATEGORIES).flat()];
  const pool: string[] = [];
  for (let i = 0; pool.length < 5000; i++) pool.push(i < words.length ? words[i]! : `${words[i % words.length]} ${words[(i * 7) % words.length]}`);
  const filters: [string, string][] = [...COLOUR_VALUES.map((c): [string, string] => ['colours', c]), ...Object.keys(CATEGORIES).map((c): [string, string] => ['product_category', c]), ...STYLES.map((s): [string, string] => ['style', s])];
  // Zipf over ranks: the k-th most popular comes in proportion to 1 / k.
  const harmonic = pool.reduce((sum, _, k) => sum + 1 / (k + 1), 0);
  const zipf = () => {
    let target = random() * harmonic;
    for (let k = 0; k < pool.length; k++) if ((target -= 1 / (k + 1)) <= 0) return k;
    return pool.length - 1;
  };
  const latency = () => Math.exp(Math.log(12) + 0.5 * Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()));

  let rows = 0;
  for (let d = 0; d < days; d++) {
    const day = dayOf(d);
    const daily = new Map<string, { query: string; searches: number; zero: number; clicked: number; clicks: number; positions: number; converted: number; latency: number; max: number }>();
    const filterUse = new Map<string, number>();
    for (let i = 0; i < perDay; i++) {
      const kind = random();
      const filter = kind < 0.33 || random() < 0.2 ? filters[Math.floor(random() * filters.length)]! : undefined;
      const query = kind < 0.33 ? '' : kind < 0.36 ? `zq${Math.floor(random() * 1e9).toString(36)}` : pool[zipf()]!;
      const definition = new URLSearchParams([...(query ? [['q', query]] : []), ...(filter ? [filter] : [])]).toString();
      const zero = kind >= 0.33 && kind < 0.36 ? true : random() < 0.09;
      const row = daily.get(definition) ?? { query, searches: 0, zero: 0, clicked: 0, clicks: 0, positions: 0, converted: 0, latency: 0, max: 0 };
      daily.set(definition, row);
      const ms = latency();
      row.searches += 1;
      row.latency += ms;
      row.max = Math.max(row.max, ms);
      if (filter) filterUse.set(`${filter[0]}=${filter[1]}`, (filterUse.get(`${filter[0]}=${filter[1]}`) ?? 0) + 1);
      if (zero) {
        row.zero += 1;
      } else if (random() < 0.42) {
        row.clicked += 1;
        const clicks = random() < 0.3 ? 2 : 1;
        row.clicks += clicks;
        for (let c = 0; c < clicks; c++) row.positions += 1 + Math.floor(-Math.log(random() || 1e-9) * 5);
        if (random() < 0.08) row.converted += 1;
      }
    }
    const values = [...daily].map(([definition, r]) => ({
      day, definition, query: r.query, searches: r.searches, zero_result_searches: r.zero, clicked_searches: r.clicked, clicks: r.clicks,
      click_position_sum: r.positions, converted_searches: r.converted, latency_ms_sum: Math.round(r.latency * 100) / 100, latency_ms_max: Math.round(r.max * 100) / 100,
    }));
    rows += values.length;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('search_daily').where('day', '=', day).execute();
      await trx.deleteFrom('search_daily_filters').where('day', '=', day).execute();
      await trx.deleteFrom('search_days').where('day', '=', day).execute();
      await trx.deleteFrom('search_tops').where('day', '=', day).execute();
      await trx.deleteFrom('search_top_days').where('day', '=', day).execute();
      for (let i = 0; i < values.length; i += 500) await trx.insertInto('search_daily').values(values.slice(i, i + 500)).execute();
      await trx.insertInto('search_daily_filters').values([...filterUse].map(([key, searches]) => {
        const [filter, value] = key.split('=') as [string, string];
        return { day, filter, value, searches };
      })).execute();
      await trx.insertInto('search_days').values({
        day, searches: perDay, zero_result_searches: values.reduce((n, v) => n + v.zero_result_searches, 0), clicked_searches: values.reduce((n, v) => n + v.clicked_searches, 0),
        converted_searches: values.reduce((n, v) => n + v.converted_searches, 0), latency_ms_sum: values.reduce((n, v) => n + v.latency_ms_sum, 0),
      }).execute();
    });
    process.stdout.write(`\rSeeding 90 days of searches: ${d + 1} / ${days} days, ${rows.toLocaleString('en-GB')} daily rows\x1b[K`);
  }
  process.stdout.write('\n');
  await settleSearchTops(db, dayOf(0));
  if (db.getExecutor().adapter.constructor.name.startsWith('Sqlite')) await sql`pragma optimize`.execute(db);
  return { days, rows };
}

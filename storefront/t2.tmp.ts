import { openDatabase } from '@easel/data/db';
import { sql } from 'kysely';
const db = await openDatabase('/tmp/an2.db');
const followers = db.selectFrom('follows').select(['artist_id']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy('artist_id');
const q = db.selectFrom('artworks as w').innerJoin('artists as a', 'a.id', 'w.artist_id').leftJoin(followers.as('f'), 'f.artist_id', 'a.id').select('a.id').where('w.status', '=', 'available').groupBy('a.id')
    .orderBy((eb) => eb.fn.coalesce(eb.fn.max('f.n'), eb.lit(0)), 'desc').orderBy((eb) => eb.fn.sum('w.favourite_count'), 'desc').orderBy((eb) => eb.fn.max('a.popularity'), 'desc').orderBy('a.id').limit(10);
const c = q.compile();
console.log(c.sql);
console.log((await sql.raw(`EXPLAIN QUERY PLAN ${c.sql.replace(/\?/g, () => JSON.stringify(c.parameters.shift()).replace(/"/g, "'"))}`).execute(db)).rows.map((r: any) => r.detail));
const d = db.selectFrom('artists').select('id').where((eb) => eb.exists(eb.selectFrom('artworks as w').whereRef('w.artist_id', '=', 'artists.id').where('w.status', '=', 'available').select('w.id'))).orderBy('joined_at', 'desc').orderBy('id').limit(10).compile();
console.log((await sql.raw(`EXPLAIN QUERY PLAN ${d.sql.replace(/\?/g, () => "'available'")}`).execute(db)).rows.map((r: any) => r.detail));
console.log((await sql.raw(`select count(*) n from artists`).execute(db)).rows);

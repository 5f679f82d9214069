import type { Kysely } from 'kysely';

/**
 * Saved searches and their notifications. `alerts` holds each shopper's saved search as the
 * canonical query string of its definition; `alert_keys` is the reverse index the matcher reads
 * (each alert under the values of its most selective filter, or '*'); `notifications` is one row
 * per alert and work, unique, so an alert never tells of a work twice; `alert_matcher` is the
 * matcher's cursor in catalogue_changes, and `alert_works` what each work looked like to the
 * matcher when it last saw it (so a change is judged by what it moved).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .addUniqueConstraint('alerts_user_query_uq', ['user_id', 'query'])
    .execute();
  await db.schema
    .createTable('alert_keys')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('alert_keys_pk', ['key', 'alert_id'])
    .execute();
  await db.schema.createIndex('alert_keys_alert_idx').on('alert_keys').column('alert_id').execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('mailed_at', 'text')
    .addUniqueConstraint('notifications_alert_work_uq', ['alert_id', 'artwork_id'])
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_unmailed_idx').on('notifications').columns(['mailed_at', 'alert_id']).execute();
  await db.schema
    .createTable('alert_matcher')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_change_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alert_works')
    .addColumn('artwork_id', 'integer', (c) => c.primaryKey())
    .addColumn('document', 'text', (c) => c.notNull())
    .execute();
}

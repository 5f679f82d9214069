import type { Kysely } from 'kysely';

/**
 * A picture's address carries its seed; /media/art/ draws only the pictures the catalogue has,
 * so it looks the seed up among artwork images and artist avatars.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('artwork_images_seed_idx').on('artwork_images').column('seed').execute();
  await db.schema.createIndex('artists_avatar_seed_idx').on('artists').column('avatar_seed').execute();
}

import type { NextRequest } from 'next/server';
import { LRUCache } from 'lru-cache';
import type { Db } from '@easel/data/db';
import { artworkImagePathSchema, artworkImageUrl, type ArtworkImageSpec } from '@easel/shared/media';
import { getPictureOwners } from '@easel/data/queries/pictures';
import { pictureSpecsOf } from '@easel/indexer/documents';
import { apiError } from '@easel/shared/api-error-body';
import { avatarSpec } from './catalogue/cards';
import { getConfig } from './config';
import { getDb } from './db';
import { createMediaCache, type MediaCache } from './media-cache';
import { requestLimits } from './rate-limits';

/**
 * GET /media/art/{category}/{kind}/{seed}/{palette}/{aspectMilli}/{width}.webp: the pictures
 * of the catalogue's artworks and artists' avatars, drawn from the parameters in their address.
 * Only an address the site itself would print is drawn (any other is 404), an address is
 * limited in how many it asks for (RATE_LIMIT_MEDIA_PER_MINUTE), and the disk cache keeps
 * under its cap (MEDIA_CACHE_MAX_MB).
 */

/** Addresses found real lately, so a page of pictures asks the database once each. */
const known = new LRUCache<string, true>({ max: 50_000, ttl: 5 * 60_000 });

/** Whether the catalogue shows this picture: an image of an artwork, or an artist's avatar. */
export async function isCataloguePicture(db: Db, spec: ArtworkImageSpec): Promise<boolean> {
  const folder = artworkImageUrl(spec, 0);
  if (known.has(folder)) return true;
  const owners = await getPictureOwners(db, spec.seed);
  const candidates = [...(owners.avatar ? [avatarSpec(spec.seed)] : []), ...owners.artworks.flatMap(pictureSpecsOf)];
  const real = candidates.some((candidate) => artworkImageUrl(candidate, 0) === folder);
  if (real) known.set(folder, true);
  return real;
}

export interface PictureDeps {
  db: Db;
  cache: MediaCache;
  limits: Pick<ReturnType<typeof requestLimits>, 'check'>;
}

export async function answerPictureRequest(request: NextRequest, segments: string[], { db, cache, limits }: PictureDeps): Promise<Response> {
  // The path Next.js routed by: its decoded segments.
  const refusal = await limits.check(request, `/media/art/${segments.join('/')}`);
  if (refusal) return refusal;
  const notFound = (detail: string) => apiError(404, 'not_found', `No artwork picture at /media/art/${segments.join('/')} (${detail}).`);
  const parsed = artworkImagePathSchema.safeParse(segments);
  if (!parsed.success) return notFound(parsed.error.issues[0]?.message ?? 'invalid path');
  const { spec, width } = parsed.data;
  if (!(await isCataloguePicture(db, spec))) return notFound('no artwork or artist has this picture');
  const image = await cache.get(spec, width);
  return new Response(new Uint8Array(image), {
    status: 200,
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(image.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}

let cache: MediaCache | undefined;

/** The process's picture route, on its configured database, cache and limits. */
export async function pictureDeps(): Promise<PictureDeps> {
  const config = getConfig();
  cache ??= createMediaCache({ dir: config.MEDIA_CACHE_DIR, maxBytes: config.MEDIA_CACHE_MAX_MB * 1024 * 1024 });
  return { db: await getDb(), cache, limits: requestLimits() };
}

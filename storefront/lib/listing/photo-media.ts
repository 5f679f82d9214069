import { parsePhotoPath } from '@easel/shared/media';
import { apiError } from '@easel/shared/api-error-body';
import { requestLimits } from '../rate-limits';
import type { PhotoStore } from './photo-store';
import { getPhotoStore } from './process-photo-store';

/**
 * GET /media/photos/{key}/{width}.webp: an artist's uploaded photo at one of the served widths,
 * from the photo store every replica shares. Counted under the same per-address limit as the
 * drawn pictures (RATE_LIMIT_MEDIA_PER_MINUTE); a key never changes its bytes, so the answer is
 * cached for good.
 */
export async function answerPhotoRequest(
  request: Pick<Request, 'method' | 'headers'>,
  segments: string[],
  { store = getPhotoStore(), limits = requestLimits() }: { store?: PhotoStore; limits?: Pick<ReturnType<typeof requestLimits>, 'check'> } = {},
): Promise<Response> {
  const path = `/media/photos/${segments.join('/')}`;
  const refusal = await limits.check(request, path);
  if (refusal) return refusal;
  const parsed = parsePhotoPath(segments);
  const bytes = parsed && (await store.get(parsed.key, parsed.width));
  if (!bytes) return apiError(404, 'not_found', `No photo at ${path}.`);
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}

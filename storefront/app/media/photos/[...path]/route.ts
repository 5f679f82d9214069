import type { NextRequest } from 'next/server';
import { apiError } from '@easel/shared/api-error-body';
import { answerPhotoRequest } from '../../../../lib/listing/photo-media';

/** GET /media/photos/…: artists' uploaded photos (lib/listing/photo-media.ts). */
export async function GET(request: NextRequest, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await context.params;
  try {
    return await answerPhotoRequest(request, path);
  } catch (error) {
    console.error('media: could not answer', path.join('/'), error);
    return apiError(503, 'unavailable', 'The photo could not be read just now; try again shortly.');
  }
}

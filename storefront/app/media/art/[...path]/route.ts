import type { NextRequest } from 'next/server';
import { apiError } from '@easel/shared/api-error-body';
import { answerPictureRequest, pictureDeps } from '../../../../lib/media';

/** GET /media/art/…: artwork pictures (lib/media.ts). */
export async function GET(request: NextRequest, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await context.params;
  try {
    return await answerPictureRequest(request, path, await pictureDeps());
  } catch (error) {
    console.error('media: could not answer', path.join('/'), error);
    return apiError(503, 'unavailable', 'The picture could not be drawn just now; try again shortly.');
  }
}

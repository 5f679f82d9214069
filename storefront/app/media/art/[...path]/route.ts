import { artworkImagePathSchema } from '@easel/data/media';
import { getConfig } from '../../../../lib/config';
import { getArtworkImage } from '../../../../lib/media-cache';

/**
 * GET /media/art/{category}/{kind}/{seed}/{palette}/{aspectMilli}/{width}.webp
 * Artwork pictures, drawn from the parameters in their address and cached forever.
 */

function notFound(message: string): Response {
  return Response.json(
    { error: 'not_found', message },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function GET(_request: Request, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await context.params;
  const parsed = artworkImagePathSchema.safeParse(path);
  if (!parsed.success) {
    const detail = parsed.error.issues[0]?.message ?? 'invalid path';
    return notFound(`No artwork picture at /media/art/${path.join('/')} (${detail}).`);
  }
  const { spec, width } = parsed.data;
  try {
    const image = await getArtworkImage(getConfig().MEDIA_CACHE_DIR, spec, width);
    return new Response(new Uint8Array(image), {
      status: 200,
      headers: {
        'Content-Type': 'image/webp',
        'Content-Length': String(image.byteLength),
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    });
  } catch (error) {
    console.error('media: could not render', path.join('/'), error);
    return Response.json(
      { error: 'render_failed', message: 'The picture could not be drawn.' },
      { status: 500, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}

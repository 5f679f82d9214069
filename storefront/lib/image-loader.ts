'use client';

/**
 * next/image's loader (next.config.ts, `images.loaderFile`): the catalogue's pictures are
 * rendered at every width next/image asks for (its widths are the media route's,
 * IMAGE_WIDTHS), so a width is the same address with that width:
 * ({ src: '/media/art/…/1500/640.webp', width: 1200 }) -> '/media/art/…/1500/1200.webp'.
 * A real deployment points this at its image CDN instead (docs/GALLERY.md, "Artists' photos").
 */
export default function imageLoader({ src, width }: { src: string; width: number }): string {
  return `${src.slice(0, src.lastIndexOf('/') + 1)}${width}.webp`;
}

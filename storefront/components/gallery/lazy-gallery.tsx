'use client';

import dynamic from 'next/dynamic';
import { Suspense } from 'react';
import type { GalleryProps } from './gallery';

// React InstantSearch and the gallery's widgets are a chunk of their own: the server renders the
// gallery in full, the browser fetches the chunk beside the page's own (next/dynamic preloads
// it) and hydrates the gallery when it arrives, so the site's shell does not wait for it.
const Gallery = dynamic(() => import('./gallery').then((m) => m.Gallery));

/** The gallery, hydrated on its own once its code arrives; the server's markup stands until then. */
export function LazyGallery(props: GalleryProps) {
  return (
    <Suspense>
      <Gallery {...props} />
    </Suspense>
  );
}

'use client';

import dynamic from 'next/dynamic';

/**
 * The gallery, with React InstantSearch and its widgets in a chunk of their own, so /shop/'s
 * first-load JavaScript is the site's shell and the page's own small part. The server renders
 * the gallery in full, in its place in the page's HTML, and next/dynamic preloads the chunk with
 * the page's own; the page hydrates once it has arrived. No Suspense boundary of its own: one
 * would let the server send the page before the gallery, whose markup would then move in after
 * the footer had been painted.
 */
export const LazyGallery = dynamic(() => import('./gallery').then((m) => m.Gallery));

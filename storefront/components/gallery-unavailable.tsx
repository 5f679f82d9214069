export interface GalleryUnavailableProps {
  reason: 'unreachable' | 'bad_response';
}

/** Shown in place of the gallery when the search service cannot be reached or misbehaves. */
export function GalleryUnavailable({ reason }: GalleryUnavailableProps) {
  return (
    <section className="notice" aria-live="polite">
      <h2 className="notice__title">The gallery is taking a short break</h2>
      <p className="notice__text">
        {reason === 'unreachable'
          ? 'We can’t reach our collection just now. The artworks are all still here — please try again in a moment.'
          : 'Something went wrong while we were fetching the artworks. Please try again in a moment.'}
      </p>
      <a className="button" href="/">
        Try again
      </a>
    </section>
  );
}

'use client';

import { useState } from 'react';
import type { ImageSource } from '../../lib/catalogue/cards';
import { useT } from '../../lib/i18n/use-t';

export interface ViewerImage extends ImageSource {
  alt: string;
}

/** How wide the stage draws a picture: the page's first column (see product.css) less the mat. */
const STAGE_SIZES = '(min-width: 1200px) 560px, (min-width: 768px) 48vw, calc(100vw - 48px)';
const THUMBNAIL_SIZES = '64px';

/**
 * The work's pictures: one large on a quiet wall, the others as thumbnails that bring theirs
 * to the stage. The first picture is the page's largest paint, so it loads at once and first;
 * the thumbnails wait their turn.
 */
export function ImageViewer({ images }: { images: ViewerImage[] }) {
  const t = useT();
  const [shown, setShown] = useState(0);
  const image = images[shown] ?? images[0]!;
  return (
    <div className="viewer">
      <div className="viewer__stage">
        <div className="viewer__mat">
          <img
            className="viewer__image"
            src={image.src}
            srcSet={image.srcSet}
            sizes={STAGE_SIZES}
            width={image.width}
            height={image.height}
            alt={image.alt}
            loading="eager"
            {...(shown === 0 ? { fetchPriority: 'high' as const } : {})}
          />
        </div>
      </div>
      {images.length > 1 && (
        <ul className="viewer__thumbnails" role="list" aria-label={t('product.pictures')}>
          {images.map((thumbnail, i) => (
            <li key={thumbnail.src}>
              <button
                type="button"
                className="viewer__thumbnail"
                aria-pressed={i === shown}
                aria-label={t('product.showPicture', { n: i + 1, count: images.length, alt: thumbnail.alt })}
                onClick={() => setShown(i)}
              >
                <img src={thumbnail.src} srcSet={thumbnail.srcSet} sizes={THUMBNAIL_SIZES} width={thumbnail.width} height={thumbnail.height} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

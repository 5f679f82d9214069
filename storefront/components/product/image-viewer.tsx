'use client';

import Image from 'next/image';
import { type CSSProperties, useRef, useState } from 'react';
import Lightbox, { type Slide, type ZoomRef } from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { IMAGE_WIDTHS, type ImageKind } from '@easel/shared/media';
import type { ImageSource } from '../../lib/catalogue/cards';
import imageLoader from '../../lib/image-loader';
import { useT } from '../../lib/i18n/use-t';
import { productMessages } from '../../lib/i18n/messages/product';
import { RoomView } from './room-view';

declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    /** The work on a wall above a sofa, to scale (room-view.tsx). */
    room: { type: 'room' };
  }
}

export interface ViewerImage extends ImageSource {
  kind: ImageKind;
  alt: string;
}

/** A picture is drawn at most this tall, so the whole work shows on a laptop's screen. */
const MAX_HEIGHT_VH = 80;

/**
 * How wide the stage draws a picture: the page's first column (product.css: the full width on
 * phones, 7/12 beside the summary on tablets, all but the summary's 360 px and the gap of the
 * 1170 px content on wide screens), and never wider than its aspect allows at the maximum height. The browser picks the
 * srcset width from it, so a laptop gets a 1200 px picture and a phone one sharp at its pixel ratio.
 */
function stageSizes(aspect: number): string {
  const byHeight = `${Math.round(MAX_HEIGHT_VH * aspect)}vh`;
  return [
    `(min-width: 1200px) min(calc(min(100vw - 64px, 1170px) - 424px), ${byHeight})`,
    `(min-width: 992px) min(calc((100vw - 104px) * 0.58), ${byHeight})`,
    `(min-width: 768px) min(calc((100vw - 88px) * 0.58), ${byHeight})`,
    `(min-width: 576px) min(calc(100vw - 48px), ${byHeight})`,
    `min(calc(100vw - 32px), ${byHeight})`,
  ].join(', ');
}

/** A picture as the full-screen viewer's slide, with every width it can ask for. */
function slideOf(image: ViewerImage): Slide {
  return {
    src: image.src,
    alt: image.alt,
    width: image.width,
    height: image.height,
    srcSet: IMAGE_WIDTHS.map((width) => ({ src: imageLoader({ src: image.src, width }), width, height: Math.round((width * image.height) / image.width) })),
  };
}

/**
 * The work's pictures: the chosen one large on the page, the others as thumbnails, and "View in
 * a room" as the work above a sofa at its true size. Clicking the picture opens the full-screen
 * viewer (yet-another-react-lightbox): arrow keys and swipes move between the pictures, a click
 * or pinch zooms in and dragging moves round, Escape or the close button closes it and gives
 * focus back to the picture. The first picture is the page's largest paint, so it loads first.
 */
export function ImageViewer({ images, title, widthCm, heightCm }: { images: ViewerImage[]; title: string; widthCm: number; heightCm: number }) {
  const t = useT(productMessages);
  const [shown, setShown] = useState(0);
  const [open, setOpen] = useState(false);
  const zoom = useRef<ZoomRef>(null);
  const viewer = useRef<HTMLDivElement>(null);
  const image = images[shown] ?? images[0]!;
  const room = <RoomView image={images[0]!} title={title} widthCm={widthCm} heightCm={heightCm} />;
  const aspect = image.width / image.height;
  return (
    <div className="viewer" ref={viewer}>
      <div className="viewer__stage">
        {image.kind === 'room' ? (
          room
        ) : (
          <button type="button" className="viewer__open" aria-label={t('product.openViewer', { alt: image.alt })} onClick={() => setOpen(true)}>
            <Image
              className="viewer__image"
              src={image.src}
              width={image.width}
              height={image.height}
              alt={image.alt}
              sizes={stageSizes(aspect)}
              preload={shown === 0}
              loading="eager"
              {...(shown === 0 ? { fetchPriority: 'high' as const } : {})}
              style={{ '--aspect': aspect, '--max-height': `${MAX_HEIGHT_VH}vh` } as CSSProperties}
            />
          </button>
        )}
      </div>
      {images.length > 1 && (
        <ul className="viewer__thumbnails" role="list" aria-label={t('product.pictures')}>
          {images.map((thumbnail, i) => (
            <li key={thumbnail.src}>
              <button
                type="button"
                className="viewer__thumbnail"
                aria-pressed={i === shown}
                aria-label={thumbnail.kind === 'room' ? t('product.viewInRoom') : t('product.showPicture', { n: i + 1, count: images.length, alt: thumbnail.alt })}
                onClick={() => setShown(i)}
              >
                <Image src={thumbnail.src} width={thumbnail.width} height={thumbnail.height} sizes="64px" alt="" />
                {thumbnail.kind === 'room' && <span className="viewer__thumbnail-label">{t('product.viewInRoom')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Lightbox
        open={open}
        close={() => setOpen(false)}
        index={shown}
        slides={images.map((picture) => (picture.kind === 'room' ? { type: 'room' as const } : slideOf(picture)))}
        plugins={[Zoom]}
        zoom={{ ref: zoom, maxZoomPixelRatio: 2, doubleClickMaxStops: 0, scrollToZoom: true }}
        carousel={{ finite: true }}
        controller={{ closeOnBackdropClick: true }}
        on={{
          view: ({ index }) => setShown(index),
          // Focus goes back to the picture, which may have changed while the viewer was open
          // (or to the room view's thumbnail, when it was closed on the room).
          exited: () => viewer.current?.querySelector<HTMLElement>('.viewer__open, .viewer__thumbnail[aria-pressed="true"]')?.focus(),
          // A click on the picture zooms in, and a second one out again.
          click: () => {
            if (!zoom.current) return;
            if (zoom.current.zoom > 1) zoom.current.changeZoom(1);
            else zoom.current.zoomIn();
          },
        }}
        render={{ slide: ({ slide }) => (slide.type === 'room' ? room : undefined) }}
        labels={{
          Lightbox: t('product.viewer', { title }),
          'Photo gallery': t('product.pictures'),
          Previous: t('product.viewerPrevious'),
          Next: t('product.viewerNext'),
          Close: t('product.viewerClose'),
          'Zoom in': t('product.zoomIn'),
          'Zoom out': t('product.zoomOut'),
        }}
      />
    </div>
  );
}

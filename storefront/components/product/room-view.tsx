'use client';

import Image from 'next/image';
import type { CSSProperties } from 'react';
import { CM_PER_INCH, formatDimensions, formatLength } from '../../lib/money';
import { useSettings } from '../../lib/settings/settings-context';
import { useT } from '../../lib/i18n/use-t';
import { productMessages } from '../../lib/i18n/messages/product';
import type { ImageSource } from '../../lib/catalogue/cards';

/** The sofa the work is measured against: 200 cm, or 80 in for a shopper who measures in inches. */
const SOFA_WIDTH_CM = { cm: 200, in: 80 * CM_PER_INCH } as const;
const SOFA_HEIGHT_CM = 85;
/** The floor seen below the wall, and the gap between the sofa's back and the work. */
const FLOOR_CM = 20;
const HANG_GAP_CM = 25;

/** A box on the wall, as percentages of the scene, for absolutely placed parts. */
function box(leftCm: number, bottomCm: number, widthCm: number, heightCm: number, scene: { w: number; h: number }): CSSProperties {
  return {
    left: `${(leftCm / scene.w) * 100}%`,
    bottom: `${(bottomCm / scene.h) * 100}%`,
    width: `${(widthCm / scene.w) * 100}%`,
    height: `${(heightCm / scene.h) * 100}%`,
  };
}

/**
 * The work hung above a sofa, both at their true sizes: a 30 cm drawing looks small, a 150 cm
 * canvas large. The scene is measured in centimetres and drawn in percentages of itself, so it
 * stays to scale at any width; the scale is written under it in the shopper's units.
 */
export function RoomView({ image, title, widthCm, heightCm }: { image: ImageSource; title: string; widthCm: number; heightCm: number }) {
  const t = useT(productMessages);
  const units = useSettings().settings.display_units;
  const sofaW = SOFA_WIDTH_CM[units];
  const hangAt = FLOOR_CM + SOFA_HEIGHT_CM + HANG_GAP_CM;
  const w = Math.max(360, widthCm * 1.5, sofaW * 1.7);
  const scene = { w, h: Math.max(w * 0.62, hangAt + heightCm + 30) };
  return (
    <figure className="room">
      <div className="room__wall" style={{ aspectRatio: `${scene.w} / ${scene.h}`, '--room-aspect': scene.w / scene.h } as CSSProperties} role="img" aria-label={t('product.roomAlt', { title })}>
        <div className="room__floor" style={{ height: `${(FLOOR_CM / scene.h) * 100}%` }} />
        <svg className="room__sofa" data-width-cm={sofaW} style={box((scene.w - sofaW) / 2, FLOOR_CM * 0.6, sofaW, SOFA_HEIGHT_CM, scene)} viewBox="0 0 200 85" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect x="14" y="0" width="172" height="50" rx="8" className="room__sofa-back" />
          <rect x="0" y="26" width="24" height="50" rx="7" className="room__sofa-arm" />
          <rect x="176" y="26" width="24" height="50" rx="7" className="room__sofa-arm" />
          <rect x="20" y="42" width="160" height="26" rx="5" className="room__sofa-seat" />
          <rect x="10" y="76" width="5" height="9" className="room__sofa-leg" />
          <rect x="185" y="76" width="5" height="9" className="room__sofa-leg" />
        </svg>
        <Image
          className="room__work"
          data-width-cm={widthCm}
          src={image.src}
          width={image.width}
          height={image.height}
          alt=""
          sizes="(min-width: 768px) 40vw, 60vw"
          style={box((scene.w - widthCm) / 2, hangAt, widthCm, heightCm, scene)}
        />
      </div>
      <figcaption className="room__scale">
        {t('product.roomScale', { sofa: formatLength(sofaW, units), size: formatDimensions(widthCm, heightCm, undefined, units) })}
      </figcaption>
    </figure>
  );
}

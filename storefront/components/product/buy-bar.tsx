'use client';

import type { Currency } from '@easel/shared/vocabulary';
import { useEffect, useState } from 'react';
import { AddToBasket } from '../add-to-basket';

export interface BuyBarProps {
  slug: string;
  title: string;
  /** The price to pay, as text: '£1,250'. */
  price: string;
  unitPriceMinor: number;
  currency: Currency;
  /** The id of the buy box's buttons, which it stands in for while they are not wholly on screen. */
  buttonsId: string;
}

/**
 * On phones, the price and "Add to basket" kept at the foot of the screen while the buy box's
 * own buttons are not wholly in view (a phone shows the pictures first, so the buy box starts
 * near or below the fold); it steps aside while they are. Wider screens show the buy box beside
 * the pictures and never this bar (product.css).
 */
export function BuyBar({ slug, title, price, unitPriceMinor, currency, buttonsId }: BuyBarProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const buttons = document.getElementById(buttonsId);
    if (!buttons) return;
    // Judged by height alone (a focus ring or a wrapped row may stick out sideways), at each
    // twentieth of the row coming into view.
    const observer = new IntersectionObserver(([entry]) => {
      const { boundingClientRect: row, rootBounds: screen, isIntersecting } = entry!;
      setShown(!isIntersecting || (screen !== null && (row.top < screen.top || row.bottom > screen.bottom)));
    }, { threshold: Array.from({ length: 21 }, (_, i) => i / 20) });
    observer.observe(buttons);
    return () => observer.disconnect();
  }, [buttonsId]);
  return (
    <div className="buy-bar" data-shown={shown || undefined} aria-hidden={!shown} inert={!shown}>
      <p className="buy-bar__what">
        <span className="buy-bar__title">{title}</span>
        <span className="buy-bar__price">{price}</span>
      </p>
      <AddToBasket slug={slug} title={title} unitPriceMinor={unitPriceMinor} currency={currency} />
    </div>
  );
}

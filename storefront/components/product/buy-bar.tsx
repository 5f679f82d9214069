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
  /** The id of the buy box it stands in for while that is off screen. */
  buyBoxId: string;
}

/**
 * On phones, the price and "Add to basket" kept at the foot of the screen while the buy box is
 * out of view (a phone shows the pictures first, so the buy box starts below the fold); it
 * steps aside while the buy box itself is on screen. Wider screens show the buy box beside the
 * pictures and never this bar (product.css).
 */
export function BuyBar({ slug, title, price, unitPriceMinor, currency, buyBoxId }: BuyBarProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const box = document.getElementById(buyBoxId);
    if (!box) return;
    const observer = new IntersectionObserver(([entry]) => setShown(!entry!.isIntersecting));
    observer.observe(box);
    return () => observer.disconnect();
  }, [buyBoxId]);
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

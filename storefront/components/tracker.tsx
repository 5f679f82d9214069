'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { cardEvent, clickedCard } from '../lib/tracking/card-event';

type Tracker = typeof import('../lib/tracking/tracker');
let loading: Promise<Tracker> | undefined;

/** The tracker's code, fetched when the browser is next idle after the page has come to life. */
function loadTracker(): Promise<Tracker> {
  loading ??= new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 1000);
  }).then(async () => {
    const tracker = await import('../lib/tracking/tracker');
    tracker.startTracking();
    return tracker;
  });
  return loading;
}

/** A product card's click, read at once (its page may be gone by the time the tracker loads). */
function onClick(event: MouseEvent): void {
  const card = clickedCard(event.target);
  if (!card) return;
  const click = cardEvent(card);
  void loadTracker().then((tracker) => tracker.cardClicked(click));
}

// Clicks are heard from the moment this script runs, before the page has hydrated: React replays
// a click made while it hydrates (a card's link then navigates), but an effect would not yet be
// listening for it.
if (typeof document !== 'undefined') document.addEventListener('click', onClick, { capture: true });

/**
 * Counts a page view for every address the shopper reaches, and every product card clicked from
 * the moment the page's script runs (lib/tracking/tracker.ts); renders nothing.
 */
export function PageTracker() {
  const pathname = usePathname();
  useEffect(() => {
    void loadTracker().then((tracker) => tracker.pageView());
  }, [pathname]);
  return null;
}

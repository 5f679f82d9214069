'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { cardEvent, clickedCard, type CardEvent } from '../lib/tracking/card-event';

type Tracker = typeof import('../lib/tracking/tracker');
let loading: Promise<Tracker> | undefined;
/** The tracker once loaded: a click then goes straight to it. */
let loaded: Tracker | undefined;

/**
 * Clicks made before the tracker has loaded wait in the tab's session storage: a card's link may
 * leave the page first (on a slow phone, well before the browser is idle), and the next page's
 * tracker sends them.
 */
const PENDING_CLICKS = 'easel-pending-clicks';

function pendingClicks(): CardEvent[] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(PENDING_CLICKS) ?? '[]');
    return Array.isArray(kept) ? (kept as CardEvent[]) : [];
  } catch {
    return [];
  }
}

/** The clicks waiting, taken: each is sent once. */
function takePendingClicks(): CardEvent[] {
  const pending = pendingClicks();
  try {
    sessionStorage.removeItem(PENDING_CLICKS);
  } catch {
    // Refused: nothing was kept either.
  }
  return pending;
}

function keepPending(click: CardEvent): void {
  try {
    sessionStorage.setItem(PENDING_CLICKS, JSON.stringify([...pendingClicks(), click]));
  } catch {
    // Storage full or refused: this click goes uncounted if the page is left before the tracker loads.
  }
}

/** The tracker's code, fetched when the browser is next idle after the page has come to life. */
function loadTracker(): Promise<Tracker> {
  loading ??= new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 1000);
  }).then(async () => {
    const tracker = await import('../lib/tracking/tracker');
    tracker.startTracking();
    for (const click of takePendingClicks()) tracker.cardClicked(click);
    loaded = tracker;
    return tracker;
  });
  return loading;
}

/** A product card's click, read at once (its page may be gone by the time the tracker loads). */
function onClick(event: MouseEvent): void {
  const card = clickedCard(event.target);
  if (!card) return;
  const click = cardEvent(card);
  if (loaded) {
    loaded.cardClicked(click);
    return;
  }
  keepPending(click);
  void loadTracker();
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

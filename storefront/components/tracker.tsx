'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

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

/** Counts a page view for every address the shopper reaches (lib/tracking/tracker.ts); renders nothing. */
export function PageTracker() {
  const pathname = usePathname();
  useEffect(() => {
    void loadTracker().then((tracker) => tracker.pageView());
  }, [pathname]);
  return null;
}

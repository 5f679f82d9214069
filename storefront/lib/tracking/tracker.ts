/**
 * The browser half of tracking (lib/tracking/api.ts is the server's): page views, one visit per
 * browser session, product cards seen (half in view) and clicked. Events gather for a moment and
 * go as one beacon per endpoint; whatever is waiting goes when the page is hidden or left.
 * Loaded on its own once the page is idle (components/tracker.tsx), so it never delays a page;
 * clicks are read from the start (components/tracker.tsx) and handed over with `cardClicked`.
 *
 * A card of a search's results (`data-search-id`, `data-position`) names the search in its
 * impression and click. A clicked search result is remembered for a day (localStorage), so a
 * favourite, basket add or order of that work (read from the analytics data layer) is reported
 * as following the search (docs/SEARCH-ANALYTICS.md).
 */

import { CARD, type CardEvent, cardEvent, currentPath } from './card-event';

const ENDPOINTS = {
  page_view: '/t/event/', visit: '/t/visit/', impression: '/api/tracking/impressions/', click: '/api/tracking/clicks/', conversion: '/api/tracking/conversions/',
};
type Kind = keyof typeof ENDPOINTS;
/** The data layer's events that follow a search's result, as the search's outcome. */
const CONVERSIONS: Record<string, string> = { add_to_wishlist: 'favourite', add_to_cart: 'basket', purchase: 'order' };
const LED_KEY = 'easel-search-led';
const LED_FOR_MS = 24 * 60 * 60 * 1000;

/** The server's limits: events per batch and characters of a referrer. */
const MAX_EVENTS = 50;
const MAX_REFERRER = 1024;
const SEND_AFTER_MS = 1000;
const VISIT_KEY = 'easel-visit';

const waiting: Record<Kind, object[]> = { page_view: [], visit: [], impression: [], click: [], conversion: [] };
let timer: number | undefined;
/** Cards already counted as seen on this page view. */
let seen = new Set<string>();
let previousUrl = document.referrer;

function send(kind: Kind, events: object[]): void {
  const body = JSON.stringify({ events });
  // A beacon outlives the page; where one is refused (too large, or not supported), a keepalive fetch does too.
  const queued = navigator.sendBeacon?.(ENDPOINTS[kind], new Blob([body], { type: 'application/json' }));
  if (!queued) void fetch(ENDPOINTS[kind], { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
}

function sendAll(): void {
  window.clearTimeout(timer);
  timer = undefined;
  for (const kind of Object.keys(waiting) as Kind[]) {
    const events = waiting[kind];
    waiting[kind] = [];
    for (let i = 0; i < events.length; i += MAX_EVENTS) send(kind, events.slice(i, i + MAX_EVENTS));
  }
}

function track(kind: Kind, event: object): void {
  waiting[kind].push(event);
  timer ??= window.setTimeout(sendAll, SEND_AFTER_MS);
}

/** Works reached from a search's results, by slug: the search's id and when. */
function searchLed(): Record<string, { id: string; at: number }> {
  try {
    const led = JSON.parse(localStorage.getItem(LED_KEY) ?? '{}') as Record<string, { id: string; at: number }>;
    for (const slug of Object.keys(led)) if (Date.now() - led[slug]!.at > LED_FOR_MS) delete led[slug];
    return led;
  } catch {
    return {};
  }
}

/** A data layer event that follows a search's result: each such work reported under its search. */
function conversion(entry: unknown): void {
  const { event, ecommerce } = (entry ?? {}) as { event?: string; ecommerce?: { items?: { item_id?: string }[] } };
  const action = event && CONVERSIONS[event];
  if (!action) return;
  const led = searchLed();
  for (const item of ecommerce?.items ?? []) {
    const search = item.item_id && led[item.item_id];
    if (search) track('conversion', { slug: item.item_id, search_id: search.id, action });
  }
}

const observer = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    const card = entry.target as HTMLElement;
    const slug = card.dataset.slug!;
    if (!entry.isIntersecting || seen.has(slug)) continue;
    seen.add(slug);
    track('impression', cardEvent(card));
  }
}, { threshold: 0.5 });
const watched = new WeakSet<Element>();

function watchCards(): void {
  for (const card of document.querySelectorAll(CARD)) {
    if (watched.has(card)) continue;
    watched.add(card);
    observer.observe(card);
  }
}

/** Starts tracking on this page; `pageView` is then called for it and for every later address. */
export function startTracking(): void {
  if (!sessionStorage.getItem(VISIT_KEY)) {
    sessionStorage.setItem(VISIT_KEY, '1');
    track('visit', { path: currentPath(), referrer: referrerOf(document.referrer) });
  }
  // Cards arrive with client-side results and sections loaded after the page.
  new MutationObserver(watchCards).observe(document.body, { childList: true, subtree: true });
  // Events pushed before the tracker loaded, then each one pushed after.
  const layer = (window.dataLayer ??= []);
  layer.forEach(conversion);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => {
    entries.forEach(conversion);
    return push(...entries);
  };
  addEventListener('pagehide', sendAll);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendAll();
  });
}

/** A card clicked on a page (read when it was clicked); a search's result is remembered for what follows. */
export function cardClicked(click: CardEvent): void {
  track('click', click);
  if (!click.search_id) return;
  try {
    localStorage.setItem(LED_KEY, JSON.stringify({ ...searchLed(), [click.slug]: { id: click.search_id, at: Date.now() } }));
  } catch {
    // Storage full or refused: what follows is not tied to the search.
  }
}

export function pageView(): void {
  seen = new Set();
  track('page_view', { path: currentPath(), referrer: referrerOf(previousUrl) });
  previousUrl = location.href;
  watchCards();
}

/** The server takes an http(s) address of up to MAX_REFERRER characters, or nothing. */
function referrerOf(url: string): string {
  return /^https?:\/\//.test(url) && url.length <= MAX_REFERRER ? url : '';
}

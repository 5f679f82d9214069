import type { Viewport } from 'next';

const SITE_VIEWPORT: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#faf8f4',
};

// An iPhone's user agent names its iOS version as "iPhone OS 16_6"; Chrome and other browsers
// on iOS send the same platform part. iPads and iPods say "iPad"/"iPod" in the first token.
const IPHONE_IOS_15_OR_16 = /\(iPhone;[^)]*\bOS 1[56]_\d/;

/**
 * SPEC §2: on iPhones with iOS 15 or 16 the viewport is locked against zooming (Safari there
 * zooms into focused form fields and stays zoomed); everyone else keeps pinch-zoom.
 */
export function locksZoom(userAgent: string | null): boolean {
  return userAgent !== null && IPHONE_IOS_15_OR_16.test(userAgent);
}

/** The root layout's viewport for a request's user agent. */
export function viewportFor(userAgent: string | null): Viewport {
  return locksZoom(userAgent) ? { ...SITE_VIEWPORT, maximumScale: 1, userScalable: false } : SITE_VIEWPORT;
}

import { describe, expect, it } from 'vitest';
import { locksZoom, viewportFor } from './viewport';

const IPHONE = (os: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${os.replace(/_/g, '.')} Mobile/15E148 Safari/604.1`;

describe('the iPhone viewport lock (SPEC §2)', () => {
  it.each([
    ['Safari, iOS 15.0', IPHONE('15_0')],
    ['Safari, iOS 15.7.9', IPHONE('15_7_9')],
    ['Safari, iOS 16.6', IPHONE('16_6')],
    ['Chrome, iOS 16.1', 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/118.0.5993.69 Mobile/15E148 Safari/604.1'],
  ])('locks zoom on an iPhone with %s', (_, ua) => {
    expect(locksZoom(ua)).toBe(true);
    expect(viewportFor(ua)).toMatchObject({ width: 'device-width', initialScale: 1, maximumScale: 1, userScalable: false });
  });

  it.each([
    ['an iPhone with iOS 14', IPHONE('14_8')],
    ['an iPhone with iOS 17', IPHONE('17_4')],
    ['an iPhone with iOS 18', IPHONE('18_6')],
    ['an iPad with iOS 16', 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1'],
    ['an iPod with iOS 15', 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.7 Mobile/15E148 Safari/604.1'],
    ['Android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'],
    ['a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15'],
    ['no user agent', null],
  ])('leaves zoom alone for %s', (_, ua) => {
    expect(locksZoom(ua)).toBe(false);
    const viewport = viewportFor(ua);
    expect(viewport).toMatchObject({ width: 'device-width', initialScale: 1 });
    expect(viewport).not.toHaveProperty('maximumScale');
    expect(viewport).not.toHaveProperty('userScalable');
  });
});

import type { Locator, Page } from 'playwright-core';

/**
 * Holds back every artwork picture `page` asks for until the function it resolves to is called:
 * to see the page drawn before its pictures arrive.
 */
export async function holdPictures(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/media/art/**', async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** Where each picture `pictures` matches is drawn, in whole pixels. */
export const pictureBoxes = (pictures: Locator) => pictures.evaluateAll((images) => images.map((image) => {
  const { width: w, height: h, x, y } = image.getBoundingClientRect();
  return { w: Math.round(w), h: Math.round(h), x: Math.round(x), y: Math.round(y) };
}));

/** Whether every picture `pictures` matches has arrived and been decoded. */
export const picturesArrived = (pictures: Locator) =>
  pictures.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0));

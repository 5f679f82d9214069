import type { Locator } from 'playwright-core';

/** Whether an input shows its placeholder whole: the text, in the input's font, fits inside its padding. */
export function placeholderFits(input: Locator): Promise<boolean> {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return context.measureText(element.placeholder).width + padding <= element.clientWidth;
  });
}

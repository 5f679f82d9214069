/**
 * What a shopper did to a server-rendered form before its script had run, handed to React once
 * it has hydrated. React hydrates a field as the browser holds it, but its own state still holds
 * the server's, no change is heard, and its next render puts the server's back: a box typed in, a
 * filter ticked or a sort chosen on a slow phone would be lost.
 *
 * `readEarlyInput` reads, as the form has hydrated (a layout effect, before any re-render), each
 * field that differs from what the server rendered: its default value, tick or selected option.
 * `replayEarlyInput` then changes each again as the shopper did, through the events React
 * listens to, so each component's own handler takes it.
 */
export interface EarlyInput {
  field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  /** The value typed or chosen, or the tick given. */
  value: string | boolean;
}

export function readEarlyInput(root: HTMLElement): EarlyInput[] {
  const early: EarlyInput[] = [];
  for (const field of root.querySelectorAll<EarlyInput['field']>('input, select, textarea')) {
    if (field instanceof HTMLSelectElement) {
      // The server marks its choice `selected`; a select made in the browser marks none, and is skipped.
      const rendered = [...field.options].find((option) => option.defaultSelected);
      if (rendered && field.value !== rendered.value) early.push({ field, value: field.value });
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) early.push({ field, value: field.checked });
    } else if (field.type !== 'hidden' && field.value !== field.defaultValue) {
      early.push({ field, value: field.value });
    }
  }
  return early;
}

export function replayEarlyInput(early: readonly EarlyInput[]): void {
  for (const { field, value } of early) {
    if (!field.isConnected) continue;
    if (typeof value === 'boolean') {
      // The element's own setter tells React's tracker of the tick, so the click is a change.
      (field as HTMLInputElement).checked = !value;
      (field as HTMLInputElement).click();
    } else if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      // As for a tick: the element's setter tells the tracker, the prototype's does not.
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

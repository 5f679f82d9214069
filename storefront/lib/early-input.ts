import { useEffect, useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Words a shopper typed into a server-rendered box before its script had run, handed to React
 * once it has hydrated. React hydrates a box as the browser holds it, but its own state still
 * holds the server's words, no change is heard, and its next render puts the server's back.
 *
 * `useEarlyInput` reads, as the form under `root` hydrates (a layout effect, before any
 * re-render), each text field whose words differ from what the server rendered. Once the page
 * has mounted, it types each again through the event React listens to, so the box's own handler
 * takes the words, and then calls `replayed` with them.
 *
 * Words typed while React was hydrating are left to React: it replays that event itself, and
 * hears the change, because the value it tracked as it hydrated the box is not the box's.
 */
export function useEarlyInput(root: RefObject<HTMLElement | null>, replayed: (early: readonly EarlyInput[]) => void = () => {}): void {
  const early = useRef<EarlyInput[]>([]);
  const onReplayed = useEffectEvent(replayed);
  useLayoutEffect(() => {
    early.current = readEarlyInput(root.current!);
  }, []);
  useEffect(() => {
    if (early.current.length === 0) return;
    const timer = setTimeout(() => {
      replayEarlyInput(early.current);
      onReplayed(early.current);
    });
    return () => clearTimeout(timer);
  }, []);
}

export interface EarlyInput {
  field: HTMLInputElement | HTMLTextAreaElement;
  /** The words typed. */
  value: string;
}

/** Input types that hold typed words. */
const TEXT_TYPES = new Set(['text', 'search', 'number', 'email', 'tel', 'url']);

function readEarlyInput(root: HTMLElement): EarlyInput[] {
  const early: EarlyInput[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    if (field.value !== field.defaultValue && trackedByReact(field) === field.value) early.push({ field, value: field.value });
  }
  return early;
}

/** The value React tracked for a box as it hydrated it (what it compares a change event with). */
function trackedByReact(field: HTMLInputElement | HTMLTextAreaElement): string | undefined {
  return (field as { _valueTracker?: { getValue(): string } })._valueTracker?.getValue();
}

function replayEarlyInput(early: readonly EarlyInput[]): void {
  for (const { field, value } of early) {
    if (!field.isConnected) continue;
    // The element's own setter tells React's tracker; the prototype's does not, so the input event is a change.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

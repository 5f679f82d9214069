'use client';

import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

/**
 * A header panel's way out: while `open`, a press outside `root` closes it, and Escape closes
 * it and gives the focus back to `opener`, the control that opened it. The listeners are in place
 * as soon as the panel is drawn open (a layout effect, not one that waits for the next paint), so
 * an Escape pressed at once still closes it.
 */
export function useDismiss(open: boolean, close: () => void, root: RefObject<HTMLElement | null>, opener: RefObject<HTMLElement | null>): void {
  const onClose = useEffectEvent(close);
  useLayoutEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      opener.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);
}

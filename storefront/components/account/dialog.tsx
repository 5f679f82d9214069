'use client';

import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { commonMessages } from '../../lib/i18n/messages/common';

export interface DialogProps {
  title: string;
  /** Escape, the close button and the backdrop all ask this. */
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal dialog: the browser's own <dialog> shown modally, so the page behind is inert, focus
 * moves in and Escape asks to close. When it goes, focus returns where it was, or to the
 * header's account control when that place has gone (one dialog replacing another).
 */
export function Dialog({ title, onClose, children }: DialogProps) {
  const t = useT(commonMessages);
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const requestClose = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = ref.current!;
    const previous = document.activeElement;
    dialog.showModal();
    // The first field rather than the close button, so a form can be typed into at once.
    dialog.querySelector<HTMLElement>('input, textarea')?.focus();
    const cancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      const back = previous instanceof HTMLElement && previous.isConnected ? previous : document.querySelector<HTMLElement>('[data-overlay-return]');
      back?.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className="overlay-dialog" aria-labelledby={titleId} aria-modal="true" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div className="overlay-dialog__body">
        <div className="overlay-dialog__head">
          <h2 id={titleId} className="overlay-dialog__title">{title}</h2>
          <button type="button" className="icon-button overlay-dialog__close" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

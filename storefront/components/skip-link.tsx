'use client';

import type { MouseEvent } from 'react';

/** What the skip link moves the focus to: a page's own `data-skip-target` (the gallery's results), or else the main content. */
export const SKIP_TARGET = '[data-skip-target]';

/**
 * "Skip to content": the page's first Tab stop, shown only when focused. It moves the focus past
 * the header to the page's content; without JavaScript it still jumps to `<main id="main">`.
 */
export function SkipLink({ label }: { label: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.querySelector<HTMLElement>(`#main ${SKIP_TARGET}`) ?? document.getElementById('main');
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href="#main" onClick={skip}>
      {label}
    </a>
  );
}

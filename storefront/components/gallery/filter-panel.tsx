'use client';

import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { galleryMessages } from '../../lib/i18n/messages/gallery';
import { filterChips } from '../../lib/gallery/rules';
import { useGallery } from './gallery-context';
import { FilterSections } from './sections';

export interface FilterPanelProps {
  resultCount: number;
  onApply: () => void;
  onResetAll: () => void;
}

/** Below this width (SPEC section 9's 992 px breakpoint) the panel is a drawer. */
const DRAWER_QUERY = '(max-width: 991.98px)';

/**
 * The filter panel: a column beside the results on wide screens, a modal drawer on small ones
 * (one element either way, so each widget is mounted once), opened by a button that says how
 * many filters are on: "Filters (2)". Edits are a draft; the apply button shows the draft's
 * live count, and stays in view at the foot of the panel.
 */
export function FilterPanel({ resultCount, onApply, onResetAll }: FilterPanelProps) {
  const { active, preview } = useGallery();
  const previewEnabled = preview !== null;
  // The applied search's filters, as its chips show them: the drawer's button says how many.
  const activeCount = filterChips(active).length;
  const t = useT(galleryMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // While a draft is counted the last count stays up; a draft the search could not count
  // applies all the same, without a count that is not its own.
  const label = !preview
    ? t('gallery.showArtworks', { count: resultCount })
    : preview.status === 'failed'
      ? t('gallery.showUncounted')
      : preview.value === undefined
        ? t('gallery.counting')
        : t('gallery.showArtworks', { count: preview.value.count });

  // Growing past the breakpoint with the drawer open leaves a modal on a wide page: close it.
  useEffect(() => {
    const query = window.matchMedia(DRAWER_QUERY);
    const onChange = () => {
      if (!query.matches && dialog.current?.open) dialog.current.close();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };
  const apply = () => {
    onApply();
    if (window.matchMedia(DRAWER_QUERY).matches) close();
  };

  return (
    <>
      <button ref={opener} type="button" className="button button--secondary filters-opener" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        <span>
          {t('gallery.filters')}
          {activeCount > 0 && (
            <>
              <span aria-hidden="true"> ({activeCount})</span>
              <span className="visually-hidden">, {t('gallery.filtersActive', { count: activeCount })}</span>
            </>
          )}
        </span>
      </button>
      <dialog ref={dialog} className="filters" aria-labelledby="filters-title" onClose={() => opener.current?.focus()}>
        <form
          className="filters__form"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <div className="filters__head">
            <h2 className="filters__title" id="filters-title">{t('gallery.filters')}</h2>
            <button type="button" className="link-button" onClick={onResetAll}>{t('gallery.resetAll')}</button>
            <button type="button" className="filters__close icon-button" aria-label="Close filters" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="filters__sections">
            <FilterSections />
          </div>
          <div className={previewEnabled ? 'filters__apply filters__apply--pending' : 'filters__apply'}>
            <button type="submit" className="button button--primary filters__apply-button" aria-live="polite">
              {label}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

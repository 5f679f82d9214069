'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { answer, api } from '../lib/api/client';
import type { Language } from '../lib/i18n/languages';
import { useFormatNumber, useT } from '../lib/i18n/use-t';
import { categoriesMessages } from '../lib/i18n/messages/categories';
import { shellMessages } from '../lib/i18n/messages/shell';
import { useSettings } from '../lib/settings/settings-context';
import { LoadableSection, loadStatusOf } from './loadable-section';
import { useDismiss } from './use-dismiss';

const categoriesQuery = (language: Language) => ({
  queryKey: ['categories', language],
  queryFn: () => answer(api.api.v2.categories.index.$get({ query: { language } })),
});

/**
 * The header's "Shop art" menu: a button that opens the whole gallery and every medium with its
 * subcategories, each with how many works it has for sale, linking to their gallery pages. The
 * counts load from GET /api/v2/categories/ the first time the button is pointed at, focused or
 * opened. Escape or a press outside closes it; Escape gives the focus back to the button.
 */
export function CategoryMenu() {
  const t = useT(categoriesMessages, shellMessages);
  const formatNumber = useFormatNumber();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const CATEGORIES = categoriesQuery(useSettings().settings.language);
  const categories = useQuery({ ...CATEGORIES, enabled: false });
  const queries = useQueryClient();
  // Loaded when first wanted; once loaded, kept; after a failure, wanted again loads again.
  const prepare = () => void queries.prefetchQuery(CATEGORIES);
  useDismiss(open, () => setOpen(false), root, toggle);

  const link = (className: string, { name, url, count }: { name: string; url: string; count: number }) => (
    <a className={className} href={url}>
      <span>
        {name}
        <span className="visually-hidden">, {t('categories.count', { count })}</span>
      </span>
      <span className="category-menu__count" aria-hidden="true">{formatNumber(count)}</span>
    </a>
  );

  return (
    <div className="category-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="category-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) prepare();
          setOpen(!open);
        }}
        onPointerEnter={prepare}
        onFocus={prepare}
      >
        {t('shell.shop')}
      </button>
      <nav id={panelId} className="category-menu__panel" aria-label={t('categories.label')} hidden={!open}>
        <a className="category-menu__all" href="/shop/">{t('categories.all')}</a>
        <LoadableSection status={loadStatusOf(categories)} onRetry={prepare}>
          {categories.data && (
            <ul className="category-menu__media" role="list">
              {categories.data.results.map((medium) => (
                <li key={medium.value} className="category-menu__medium">
                  {link('category-menu__link category-menu__link--medium', medium)}
                  <ul className="category-menu__subcategories" role="list">
                    {medium.subcategories.map((sub) => (
                      <li key={sub.value}>{link('category-menu__link', sub)}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </LoadableSection>
      </nav>
    </div>
  );
}

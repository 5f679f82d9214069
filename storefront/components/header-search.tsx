'use client';

import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { answer, api, ApiResponseError } from '../lib/api/client';
import { useEarlyInput } from '../lib/early-input';
import type { SearchSuggestions } from '../lib/catalogue/search-api';
import { useT } from '../lib/i18n/use-t';
import { categoriesMessages } from '../lib/i18n/messages/categories';
import { searchMessages } from '../lib/i18n/messages/search';
import { vocabularyMessages } from '../lib/i18n/messages/vocabulary';
import { valueLabel } from '../lib/gallery/labels';
import { countryName } from '../lib/settings/entity';
import type { CountryCode } from '../lib/settings/countries';
import { useSettings } from '../lib/settings/settings-context';
import './header-search.css';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

const NONE: SearchSuggestions = { queries: [], categories: [], artworks: [], artists: [] };

/**
 * The header's search box: a form that opens the gallery with `q` (with or without
 * JavaScript), and, as the shopper types, an ARIA 1.2 combobox suggesting popular searches, the
 * categories where the words find works, artworks and artists.
 * Arrow keys move through the suggestions, Enter opens the chosen one (or, with none chosen,
 * the gallery), Escape closes the list and then clears the box. It is on every page, so it
 * imports nothing of the gallery's (the search contract would come with it).
 */
export function HeaderSearch() {
  const t = useT(categoriesMessages, searchMessages, vocabularyMessages);
  const { language } = useSettings().settings;
  const id = useId();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<SearchSuggestions>(NONE);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Words typed before the page hydrated stay, suggested for while the shopper is still in the box.
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, (early) => setOpen(early.some(({ field }) => field === document.activeElement)));

  // Each change waits out the debounce, and aborts the request the previous text started.
  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setSuggestions(NONE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(SEARCH_WAITS_MS.browser)]);
        setSuggestions(await answer(api.api.v2.search.index.$get({ query: { q } }, { init: { signal } })));
        setActive(-1);
      } catch (error) {
        // Refused: no suggestions. Aborted by newer text, or offline: the form still searches the gallery.
        if (error instanceof ApiResponseError) setSuggestions(NONE);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  // Searches, categories, artworks, then artists: the order of the list and of the arrow keys.
  const options = [suggestions.queries, suggestions.categories, suggestions.artworks, suggestions.artists].flatMap((list) => list.map((item) => item.url));
  const expanded = open && options.length > 0 && text.trim() !== '';
  const optionId = (index: number) => `${id}-option-${index}`;
  const choose = (index: number) => {
    const url = options[index];
    if (!url) return;
    setOpen(false);
    // A whole page load, as every link of the site is: a gallery page reads its search from the
    // address it is loaded at (the gallery's router would read the page it was pushed from).
    window.location.assign(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        // From the box, down goes to the first option and up to the last; both wrap round.
        setActive((current) => (!expanded || current < 0 ? (step > 0 ? 0 : options.length - 1) : (current + step + options.length) % options.length));
        return;
      }
      case 'Enter':
        // With no option chosen the form submits: the gallery with `q`.
        if (expanded && active >= 0) {
          event.preventDefault();
          choose(active);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else setText('');
        setActive(-1);
        return;
    }
  };

  const place = (a: SearchSuggestions['artists'][number]) => `${a.city}, ${countryName(a.country as CountryCode, language)}`;
  const option = (i: number, key: string, picture: ReactNode, title: string, meta: string) => (
    <li
      key={key}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      className="header-search__option"
      // Keeps the focus in the box, so choosing does not first close the list.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => setActive(i)}
      onClick={() => choose(i)}
    >
      {picture}
      <span className="header-search__text">
        <span className="header-search__title">{title}</span>
        {meta && <span className="header-search__meta">{meta}</span>}
      </span>
    </li>
  );
  const group = (name: 'searches' | 'categories' | 'artworks' | 'artists', items: ReactNode[]) =>
    items.length > 0 && (
      <ul role="group" aria-labelledby={`${id}-${name}`} className="header-search__group">
        <li role="presentation" id={`${id}-${name}`} className="header-search__group-title">{t(`search.${name}`)}</li>
        {items}
      </ul>
    );
  const starts = [suggestions.queries.length, suggestions.categories.length, suggestions.artworks.length]
    .reduce<number[]>((at, n) => [...at, at[at.length - 1]! + n], [0]);
  const typed = text.trim();

  return (
    <form ref={form} className="header-search" action="/shop/" method="get" role="search">
      <label className="visually-hidden" htmlFor={`${id}-q`}>{t('search.label')}</label>
      <input
        className="header-search__input"
        id={`${id}-q`}
        name="q"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <button className="header-search__submit" type="submit">{t('search.submit')}</button>
      <div className="header-search__list" id={`${id}-list`} role="listbox" aria-label={t('search.label')} hidden={!expanded}>
        {group('searches', suggestions.queries.map((s, i) => option(starts[0]! + i, s.query, null, s.query, '')))}
        {group('categories', suggestions.categories.map((c, i) => option(starts[1]! + i, c.category, null,
          t('search.inCategory', { query: typed, category: valueLabel(c.category, t) }), t('categories.count', { count: c.count }))))}
        {group('artworks', suggestions.artworks.map((w, i) => option(starts[2]! + i, w.slug, (
          <img className="header-search__thumb" src={w.image.src} srcSet={w.image.srcSet} sizes="40px" width={w.image.width} height={w.image.height} alt="" loading="lazy" />
        ), w.title, w.artist_name)))}
        {group('artists', suggestions.artists.map((a, j) => option(starts[3]! + j, a.slug, (
          <img className="header-search__avatar" src={a.avatar.src} srcSet={a.avatar.srcSet} sizes="32px" width={a.avatar.width} height={a.avatar.height} alt="" loading="lazy" />
        ), a.name, place(a))))}
      </div>
      <p className="visually-hidden" role="status">{expanded ? t('search.results', { count: options.length }) : ''}</p>
    </form>
  );
}

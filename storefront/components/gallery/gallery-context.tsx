'use client';

import { createContext, useContext } from 'react';
import type { Currency } from '@easel/shared/vocabulary';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import type { DisplayUnits } from '../../lib/money';
import type { DraftPreview, Loadable } from '../../lib/gallery/use-search-api';

/** What the gallery needs of the shopper's settings. */
export interface GallerySettings {
  currency: Currency;
  country: string;
  display_units: DisplayUnits;
  /**
   * Names of the countries the gallery can show, made on the server: browsers and Node name
   * some countries differently, and the page must hydrate with the server's text.
   */
  countryNames: Readonly<Record<string, string>>;
}

export interface GalleryState {
  settings: GallerySettings;
  /** The search the results show. */
  active: GallerySearchDefinition;
  /** The panel's edits, not yet applied. */
  draft: GallerySearchDefinition;
  /** The draft's count and facets while it differs from the active search; null while it does not. */
  preview: Loadable<DraftPreview> | null;
  /** How many values of a long list show before "Show all" (SPEC section 9's limit). */
  limit: number;
  setDraft: (update: (draft: GallerySearchDefinition) => GallerySearchDefinition) => void;
}

export const GalleryContext = createContext<GalleryState | null>(null);

/** 'FR' -> 'France', in the shopper's English. */
export function useCountryName(): (code: string) => string {
  const { settings } = useGallery();
  return (code) => settings.countryNames[code] ?? code;
}

export function useGallery(): GalleryState {
  const state = useContext(GalleryContext);
  if (!state) throw new Error('useGallery must be used inside the gallery');
  return state;
}

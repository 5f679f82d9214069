import { pushDataLayer } from '../analytics';

/**
 * Gallery tracking (SPEC section 4): how often the shopper used the filters, the pages and the
 * sort, how often the address changed, and which results they clicked (the card's `cb` flag).
 * Each use is also pushed to the analytics data layer.
 */

export interface GalleryTracking {
  filterUse: number;
  paginationUse: number;
  sortUse: number;
  urlChanges: number;
  /** Slugs of clicked results. */
  clicked: string[];
}

export type TrackingEvent =
  | { type: 'filter' }
  | { type: 'pagination' }
  | { type: 'sort' }
  | { type: 'url' }
  | { type: 'click'; slug: string };

export const INITIAL_TRACKING: GalleryTracking = { filterUse: 0, paginationUse: 0, sortUse: 0, urlChanges: 0, clicked: [] };

/** (state, { type: 'sort' }) -> state with sortUse + 1; a click adds its slug once. */
export function trackingReducer(state: GalleryTracking, event: TrackingEvent): GalleryTracking {
  switch (event.type) {
    case 'filter': return { ...state, filterUse: state.filterUse + 1 };
    case 'pagination': return { ...state, paginationUse: state.paginationUse + 1 };
    case 'sort': return { ...state, sortUse: state.sortUse + 1 };
    case 'url': return { ...state, urlChanges: state.urlChanges + 1 };
    case 'click': return state.clicked.includes(event.slug) ? state : { ...state, clicked: [...state.clicked, event.slug] };
  }
}

const DATA_LAYER_EVENTS: Record<TrackingEvent['type'], string> = {
  filter: 'gallery_filter',
  pagination: 'gallery_pagination',
  sort: 'gallery_sort',
  url: 'gallery_url_change',
  click: 'select_item',
};

/** Pushes one use onto `window.dataLayer`, with the running counts. */
export function pushTrackingEvent(event: TrackingEvent, state: GalleryTracking): void {
  pushDataLayer({
    event: DATA_LAYER_EVENTS[event.type],
    ...(event.type === 'click' ? { item_slug: event.slug } : {}),
    gallery_filter_use: state.filterUse,
    gallery_pagination_use: state.paginationUse,
    gallery_sort_use: state.sortUse,
    gallery_url_changes: state.urlChanges,
  });
}

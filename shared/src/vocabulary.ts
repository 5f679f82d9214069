/**
 * The catalogue's fixed vocabulary. Every filter value the gallery offers comes from here,
 * so the generator, the index settings, the search contract and the storefront agree.
 */

export const CATEGORIES = {
  painting: ['oil', 'acrylic', 'watercolour', 'gouache', 'ink', 'mixed-media', 'collage'],
  sculpture: ['bronze', 'ceramic', 'wood', 'stone', 'metal', 'glass', 'mixed-media'],
  photography: ['colour', 'black-and-white', 'digital', 'film'],
  drawing: ['charcoal', 'pencil', 'pastel', 'ink', 'graphite', 'coloured-pencil'],
  prints: ['screenprint', 'linocut', 'etching', 'woodcut', 'lithograph', 'giclee', 'monotype'],
} as const satisfies Record<string, readonly string[]>;

export type Category = keyof typeof CATEGORIES;
export type Subcategory<C extends Category = Category> = (typeof CATEGORIES)[C][number];
export const CATEGORY_VALUES = Object.keys(CATEGORIES) as Category[];

export const SUBJECTS = [
  'abstract', 'landscape', 'seascape', 'cityscape', 'portrait', 'figurative', 'nude',
  'still-life', 'animals', 'botanical', 'nature', 'architecture', 'interiors', 'fantasy',
  'music', 'sport', 'food-and-drink',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const STYLES = [
  'abstract', 'contemporary', 'expressionist', 'impressionist', 'minimalist', 'pop-art',
  'realist', 'surrealist', 'street-art', 'folk', 'cubist', 'photorealist', 'conceptual',
] as const;
export type Style = (typeof STYLES)[number];

/** Colour names with the swatch each is drawn and shown with. */
export const COLOURS = {
  red: '#c0392b',
  orange: '#e67e22',
  yellow: '#f1c40f',
  green: '#3f8f4f',
  turquoise: '#1abc9c',
  blue: '#2e5fa7',
  purple: '#7d4e9e',
  pink: '#e08fb0',
  brown: '#8b5a2b',
  beige: '#d9c7a3',
  black: '#1f1f1f',
  white: '#f6f4ef',
  grey: '#8e8e8e',
  gold: '#c9a43a',
} as const;
export type Colour = keyof typeof COLOURS;
export const COLOUR_VALUES = Object.keys(COLOURS) as Colour[];

export const ORIENTATIONS = ['portrait', 'landscape', 'square', 'panoramic'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** Size buckets by the longest side in cm: small up to 40, medium up to 80, large up to 130. */
export const SIZE_BUCKETS = ['small', 'medium', 'large', 'oversized'] as const;
export type SizeBucket = (typeof SIZE_BUCKETS)[number];
export const SIZE_BUCKET_LIMITS_CM: Record<Exclude<SizeBucket, 'oversized'>, number> = {
  small: 40,
  medium: 80,
  large: 130,
};

export const ARTWORK_STATUSES = ['available', 'reserved', 'sold', 'hidden'] as const;
export type ArtworkStatus = (typeof ARTWORK_STATUSES)[number];
/** The statuses a person may set when editing a work; sold and reserved come from checkout alone. */
export const EDITABLE_STATUSES = ['available', 'hidden'] as const satisfies readonly ArtworkStatus[];
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'CAD', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  GBP: '£',
  USD: '$',
  EUR: '€',
  CAD: 'CA$',
  AUD: 'A$',
};

/**
 * Countries artworks ship from and to, by ISO 3166-1 alpha-2 code. Shipping profiles draw
 * their destinations from this list; the settings chooser offers every ISO country.
 */
export const SHIPPING_COUNTRIES = [
  'GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'ZA', 'FR', 'DE', 'NL', 'BE', 'LU', 'ES', 'PT', 'IT',
  'AT', 'CH', 'DK', 'SE', 'NO', 'FI', 'PL', 'CZ', 'GR', 'JP', 'SG', 'HK', 'AE', 'IL', 'MX',
] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

/**
 * The statuses an artist sees their work in, in the order their figures are listed: a draft
 * (hidden, never published), for sale (available), reserved, sold (by checkout, or marked sold
 * elsewhere) and withdrawn (hidden after being published).
 */
export const LISTING_STATUSES = ['draft', 'for_sale', 'reserved', 'sold', 'withdrawn'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
/** Why an artist takes a work off sale. */
export const WITHDRAW_REASONS = ['withdrawn', 'sold_elsewhere'] as const;
export type WithdrawReason = (typeof WITHDRAW_REASONS)[number];

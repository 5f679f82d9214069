import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  ArtworkStatus, Category, Colour, Currency, Orientation, SizeBucket, Style, Subject,
} from '@easel/shared/vocabulary';
import type { ImageKind } from '@easel/shared/media';

/** ISO 8601 timestamps, stored as text so SQLite and PostgreSQL read them alike. */
type Timestamp = string;
/** 0 or 1: SQLite has no boolean column type. */
type Flag = 0 | 1;

export interface ArtistsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  bio: string;
  country: string;
  city: string;
  avatar_seed: number;
  joined_at: Timestamp;
  popularity: number;
  updated_at: Timestamp;
}

/** One place an artist studied, in the artist's order (`position` from 0). */
export interface ArtistEducationTable {
  artist_id: number;
  position: number;
  institution: string;
  /** The course or degree: 'MA Fine Art'. */
  course: string;
  /** The year they finished. */
  year: number;
}

export type ExhibitionKind = 'solo' | 'group';

/** One exhibition an artist showed in, in the artist's order (`position` from 0). */
export interface ArtistExhibitionsTable {
  artist_id: number;
  position: number;
  year: number;
  title: string;
  venue: string;
  city: string;
  kind: ExhibitionKind;
}

export interface ShippingProfilesTable {
  id: Generated<number>;
  artist_id: number;
  ships_from: string;
  /** Working days the artist takes to pack and send a work. */
  dispatch_days: Generated<number>;
}

export interface ShippingRatesTable {
  profile_id: number;
  destination: string;
  /** GBP minor units for an original; 0 means it ships free there. */
  cost_minor: number;
}

export interface ArtworksTable {
  id: Generated<number>;
  slug: string;
  artist_id: number;
  shipping_profile_id: number;
  title: string;
  description: string;
  category: Category;
  subcategory: string;
  subject: Subject;
  style: Style;
  medium: string;
  width_cm: number;
  height_cm: number;
  depth_cm: number;
  orientation: Orientation;
  size_bucket: SizeBucket;
  /** GBP minor units. */
  price_minor: number;
  sale_price_minor: number | null;
  framed: Flag;
  ready_to_hang: Flag;
  verified_advertising_safe: Flag;
  /** JSON array of strings. */
  auto_tags: string;
  status: ArtworkStatus;
  /** An original is one of one: 1 while it can be bought, 0 once sold. */
  stock: number;
  reserved_until: Timestamp | null;
  /** The user whose checkout holds the reservation; null for a hold made outside the shop. */
  reserved_by: number | null;
  /** The client address the checkout's hold was taken from, for the per-address cap on holds. */
  reserved_from: string | null;
  favourite_count: number;
  popularity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When first put on sale; null while a draft (status hidden). */
  published_at: Generated<Timestamp | null>;
  /** 1 when its artist marked it sold outside Easel (status sold). */
  sold_elsewhere: Generated<Flag>;
}

/** A work's uploaded photo: position 0 is its main image; its files are stored under `photo_key`. */
export interface ArtworkPhotosTable {
  id: Generated<number>;
  artwork_id: number;
  position: number;
  photo_key: string;
  /** The stored picture's size, the right way up. */
  width: number;
  height: number;
  created_at: Timestamp;
}

/** One served width of a photo, as WebP bytes. */
export interface PhotoFilesTable {
  photo_key: string;
  width: number;
  bytes: Uint8Array;
  created_at: Timestamp;
}

/** What shoppers did with a work, for its artist: product page views and times put in a basket. */
export interface ArtworkCountsTable {
  artwork_id: number;
  views: Generated<number>;
  basket_adds: Generated<number>;
}

export interface ArtworkColoursTable {
  artwork_id: number;
  colour: Colour;
  /** 0 is the dominant colour. */
  position: number;
}

export interface ArtworkImagesTable {
  id: Generated<number>;
  artwork_id: number;
  position: number;
  kind: ImageKind;
  seed: number;
  aspect_milli: number;
}

export interface PrintEditionsTable {
  id: Generated<number>;
  artwork_id: number;
  size_label: string;
  width_cm: number;
  height_cm: number;
  price_minor: number;
  edition_size: number;
  remaining: number;
}

export interface CurrencyRatesTable {
  from_currency: Currency;
  to_currency: Currency;
  rate: number;
  updated_at: Timestamp;
}

/** One row per catalogue write, in the same transaction: what the indexer follows. */
export interface CatalogueChangesTable {
  id: Generated<number>;
  artwork_id: number;
  changed_at: Timestamp;
}

/** One engine's copy of one search index: what it was built from and how far it has followed catalogue_changes. */
export interface SearchEngineStateTable {
  /** The engine's stable name ('main' for the one engine `npm start` runs). */
  engine: string;
  index_uid: string;
  fingerprint: string;
  documents: number;
  built_at: Timestamp;
  duration_ms: number;
  last_change_id: number;
  synced_at: Timestamp | null;
}

export type Role = 'user' | 'provider' | 'staff';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  role: Role;
  /** Set for providers: the artist profile they sell as. */
  artist_id: number | null;
  currency: Currency;
  country: string;
  display_units: 'cm' | 'in';
  language: 'en-gb' | 'en-us';
  /** What the user told us about themselves and the art they like; null until they do. */
  about: string | null;
  /**
   * The address an account gave and does not hold yet (its `email` is then a placeholder): a
   * guest's, or a new account's until its owner confirms it. Log-in by email needs it confirmed.
   */
  unconfirmed_email: string | null;
  /** SHA-256 of the link mailed to `unconfirmed_email`; null once confirmed or for a guest. */
  confirm_token_hash: string | null;
  /** When the link in `confirm_token_hash` stops working: 24 hours after it was mailed. */
  confirm_token_expires_at: string | null;
  created_at: Timestamp;
}

/** Mail waiting for the sender (docs/SECURITY.md, "Joining"). */
export interface OutboxTable {
  id: Generated<number>;
  to_email: string;
  subject: string;
  body: string;
  created_at: Timestamp;
  /** When the sender took it; null while it waits. */
  sent_at: Timestamp | null;
}

/** A link mailed to reset a password (docs/SECURITY.md, "Forgotten passwords"): used once, within the hour. */
export interface PasswordResetsTable {
  /** SHA-256 of the link's token. */
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value, so a leaked table does not leak sessions. */
  id_hash: string;
  user_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface BasketsTable {
  id: Generated<number>;
  session_hash: string | null;
  user_id: number | null;
  promo_code: string | null;
  updated_at: Timestamp;
}

export interface BasketLinesTable {
  id: Generated<number>;
  basket_id: number;
  artwork_id: number;
  /** Null for the original itself. */
  print_edition_id: number | null;
  quantity: number;
  added_at: Timestamp;
}

export interface PromoCodesTable {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1-100) or GBP minor units. */
  amount: number;
  expires_at: Timestamp | null;
  /** 1 when each customer may spend the code on one order only (see PromoRedemptionsTable). */
  once_per_customer: Generated<Flag>;
}

/**
 * Each order that spent a once-per-customer code: one row per code and customer, the customer
 * being the email the account holds or gave, case-folded (and the account itself, `user_id`).
 */
export interface PromoRedemptionsTable {
  code: string;
  customer_email: string;
  user_id: number;
  /** The order's (orders.idempotency_key), written before its payment is taken. */
  idempotency_key: string;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  status: 'placed' | 'paid' | 'cancelled';
  currency: Currency;
  subtotal_minor: number;
  shipping_minor: number;
  discount_minor: number;
  total_minor: number;
  ship_to_name: string;
  ship_to_address: string;
  ship_to_country: string;
  payment_reference: string | null;
  /** Where the order's receipt goes: the account's email, or the guest's. */
  contact_email: string | null;
  created_at: Timestamp;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  artwork_id: number;
  print_edition_id: number | null;
  quantity: number;
  unit_price_minor: number;
}

/** One row per Idempotency-Key of an order request: the answer every retry of it gets. */
export interface OrderRequestsTable {
  idempotency_key: string;
  user_id: number;
  order_id: number | null;
  answer_status: number;
  /** JSON, exactly as first sent. */
  answer_body: string;
  created_at: Timestamp;
}

/** A charge that ended with no order, refunded through the provider (see queries/refunds.ts). */
export interface ChargeRefundsTable {
  idempotency_key: string;
  payment_reference: string;
  amount_minor: number;
  currency: Currency;
  charged_at: Timestamp;
  /** When the sweep took the key: no order is placed under it from then on. */
  claimed_at: Timestamp;
  /** The provider's refund; null until it has answered. */
  refund_reference: string | null;
  refunded_at: Timestamp | null;
}

/** How far the refund sweep has read the provider's charges (one row, id 1). */
export interface ChargeSweepTable {
  id: number;
  swept_through: Timestamp;
}

export interface FavouritesTable {
  user_id: number;
  artwork_id: number;
  created_at: Timestamp;
}

export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  slug: string;
  name: string;
  created_at: Timestamp;
}

export interface CollectionItemsTable {
  collection_id: number;
  artwork_id: number;
  added_at: Timestamp;
}

export interface FollowsTable {
  user_id: number;
  artist_id: number;
  created_at: Timestamp;
}

/** Staff-curated labels: themes and campaigns share one shape, told apart by kind. */
export interface CurationsTable {
  id: Generated<number>;
  kind: 'theme' | 'campaign';
  label: string;
  slug: string;
}

export interface ArtworkCurationsTable {
  curation_id: number;
  artwork_id: number;
}

export interface EditorsPicksTable {
  id: Generated<number>;
  title: string;
  slug: string;
  position: number;
  curation_id: number;
}

/** The homepage hero: its words, where it leads and the artwork that pictures it. */
export interface HomepageBannersTable {
  id: Generated<number>;
  /** The lowest position is the one shown. */
  position: number;
  title: string;
  subtitle: string;
  link_label: string;
  link_url: string;
  artwork_id: number;
}

export interface RecentlyViewedTable {
  /** A user id or a visitor's session hash. */
  viewer: string;
  artwork_id: number;
  viewed_at: Timestamp;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  kind: 'impression' | 'click' | 'page_view' | 'visit' | 'event';
  payload: string;
  created_at: Timestamp;
}

/** Where a search was made: the gallery (its page or filters) or the header's search box. */
export type SearchSource = 'gallery' | 'header';
/** What followed a search, tied to it by its search id. */
export type SearchOutcomeKind = 'impression' | 'click' | 'favourite' | 'basket' | 'order';

/** One search, kept 90 days (docs/SEARCH-ANALYTICS.md). */
export interface SearchRecordsTable {
  /** Returned to the page with the answer (as Algolia's queryID); outcomes carry it. */
  search_id: string;
  created_at: Timestamp;
  /** The UTC day of created_at, 'YYYY-MM-DD'. */
  day: string;
  source: SearchSource;
  /** The normalised words: trimmed, lower case, single spaces; '' for none. */
  query: string;
  /** The canonical query string of the words and filters, without page, sort or currency: 'colours=red&q=cat'. */
  definition: string;
  result_count: number;
  page: number;
  latency_ms: number;
  /** The visitor's pseudonymous id of the day: never an address, email or session. */
  visitor: string | null;
  /** 1 once a click on one of its results has been recorded. */
  clicked: Generated<number>;
  /** 1 once a favourite, basket add or order has followed it. */
  converted: Generated<number>;
}

export interface SearchOutcomesTable {
  /** Made when the outcome is accepted, so storing it again after a crash stores it once. */
  outcome_id: string;
  search_id: string;
  kind: SearchOutcomeKind;
  slug: string;
  /** The result's position in the search's answer, from 1, for impressions and clicks. */
  position: number | null;
  created_at: Timestamp;
  /** 1 once rolled up into its search's day (which waits until the search's record is stored). */
  counted: Generated<number>;
}

/** Searches of one day and one definition, rolled up as records and outcomes arrive; kept after the records go. */
export interface SearchDailyTable {
  day: string;
  definition: string;
  query: string;
  searches: number;
  zero_result_searches: number;
  clicked_searches: number;
  clicks: number;
  click_position_sum: number;
  converted_searches: number;
  latency_ms_sum: number;
  latency_ms_max: number;
}

/** How many searches of a day used each filter value ('colours', 'red'). */
export interface SearchDailyFiltersTable {
  day: string;
  filter: string;
  value: string;
  searches: number;
}

/** The day's totals, for the searches-over-time chart. */
export interface SearchDaysTable {
  day: string;
  searches: number;
  zero_result_searches: number;
  clicked_searches: number;
  converted_searches: number;
  latency_ms_sum: number;
}

/** The report's lists: by words, then by definition (searches that found nothing, never clicked, slowest). */
export type SearchTopList = 'queries' | 'zero' | 'unclicked' | 'slowest';

/** One of a settled day's leading searches in one list, with the day's value for it. */
export interface SearchTopsTable {
  day: string;
  list: SearchTopList;
  /** The words ('queries') or the definition. */
  key: string;
  /** Searches ('queries', 'unclicked'), searches that found nothing ('zero') or the longest latency in ms ('slowest'). */
  value: number;
}

/** A settled day whose leading searches are kept: per list, the largest value left out (0: none). */
export type SearchTopDaysTable = { day: string } & Record<SearchTopList, number>;

/** The secret that makes a day's pseudonymous visitor ids; deleted once the day is over. */
export interface SearchVisitorSaltsTable {
  day: string;
  salt: string;
}

/** The newsletter's addresses; one gets the newsletter once its owner has confirmed it. */
export interface NewsletterSubscriptionsTable {
  email: string;
  created_at: Timestamp;
  /** When the owner followed the mailed link; null until then. */
  confirmed_at: Timestamp | null;
  /** SHA-256 of the link last mailed; null once confirmed. */
  confirm_token_hash: string | null;
  confirm_token_expires_at: Timestamp | null;
  /** When the last link was mailed: an address is mailed at most once a day. */
  mailed_at: Timestamp | null;
}

/** One address in a signed-in shopper's address book. */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postcode: string | null;
  country: string;
  /** When a work was last sent there: the book lists the latest first. */
  used_at: Timestamp;
}

/** A shopper's saved search: the canonical query string of its definition (docs/ALERTS.md). */
export interface AlertsTable {
  id: Generated<number>;
  user_id: number;
  query: string;
  name: string;
  frequency: 'instant' | 'daily';
  paused: Generated<number>;
  /** The secret of the alert's one-click unsubscribe link, mailed with every message. */
  unsubscribe_token: string;
  created_at: Timestamp;
  /** When a daily digest last went; null before the first. */
  mailed_at: Timestamp | null;
}

/** The matcher's reverse index: an alert under each value of its most selective filter ('colours=blue'), or '*'. */
export interface AlertKeysTable {
  key: string;
  alert_id: number;
}

/** One work an alert found; unique per alert and work. */
export interface NotificationsTable {
  id: Generated<number>;
  alert_id: number;
  user_id: number;
  artwork_id: number;
  created_at: Timestamp;
  read_at: Timestamp | null;
  /** When it went by email (at once or in a digest); null while it waits, or for a paused alert's. */
  mailed_at: Timestamp | null;
}

/** The alert matcher's cursor in catalogue_changes. */
export interface AlertMatcherTable {
  name: string;
  last_change_id: number;
}

/** What each work on sale looked like to the alert matcher when it last saw it: its filterable fields, as JSON. */
export interface AlertWorksTable {
  artwork_id: number;
  document: string;
}

export interface CacheGenerationsTable {
  name: string;
  generation: number;
}

/** A synonym: a search for `word` (normalised words) also finds each of `synonyms` (a JSON list). */
export interface SearchSynonymsTable {
  word: string;
  synonyms: string;
}

/** A rule for one search: its normalised words or its category address ('painting', 'painting/oil'). */
export interface SearchRulesTable {
  id: Generated<number>;
  query: string | null;
  category: string | null;
  /** JSON: [{ slug, position }], position 1-based. */
  pins: string;
  /** JSON: [slug]. */
  hides: string;
  banner_title: string | null;
  banner_url: string | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  updated_at: Timestamp;
}

/** Which generation of the levers an engine's index carries; `resets` counts rebuilds swapped in since. */
export interface SearchLeverStateTable {
  engine: string;
  index_uid: string;
  applied_generation: number;
  resets: number;
}

export interface Database {
  addresses: AddressesTable;
  cache_generations: CacheGenerationsTable;
  artists: ArtistsTable;
  artist_education: ArtistEducationTable;
  artist_exhibitions: ArtistExhibitionsTable;
  shipping_profiles: ShippingProfilesTable;
  shipping_rates: ShippingRatesTable;
  artworks: ArtworksTable;
  artwork_photos: ArtworkPhotosTable;
  artwork_counts: ArtworkCountsTable;
  photo_files: PhotoFilesTable;
  artwork_colours: ArtworkColoursTable;
  artwork_images: ArtworkImagesTable;
  print_editions: PrintEditionsTable;
  currency_rates: CurrencyRatesTable;
  catalogue_changes: CatalogueChangesTable;
  search_engine_state: SearchEngineStateTable;
  search_synonyms: SearchSynonymsTable;
  search_rules: SearchRulesTable;
  search_lever_state: SearchLeverStateTable;
  users: UsersTable;
  sessions: SessionsTable;
  baskets: BasketsTable;
  basket_lines: BasketLinesTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_requests: OrderRequestsTable;
  charge_refunds: ChargeRefundsTable;
  charge_sweep: ChargeSweepTable;
  favourites: FavouritesTable;
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
  follows: FollowsTable;
  curations: CurationsTable;
  artwork_curations: ArtworkCurationsTable;
  editors_picks: EditorsPicksTable;
  homepage_banners: HomepageBannersTable;
  recently_viewed: RecentlyViewedTable;
  tracking_events: TrackingEventsTable;
  search_records: SearchRecordsTable;
  search_outcomes: SearchOutcomesTable;
  search_daily: SearchDailyTable;
  search_daily_filters: SearchDailyFiltersTable;
  search_days: SearchDaysTable;
  search_visitor_salts: SearchVisitorSaltsTable;
  search_tops: SearchTopsTable;
  search_top_days: SearchTopDaysTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  outbox: OutboxTable;
  password_resets: PasswordResetsTable;
  alerts: AlertsTable;
  alert_keys: AlertKeysTable;
  notifications: NotificationsTable;
  alert_matcher: AlertMatcherTable;
  alert_works: AlertWorksTable;
}

export type ArtistRow = Selectable<ArtistsTable>;
export type ArtworkRow = Selectable<ArtworksTable>;
export type NewArtist = Insertable<ArtistsTable>;
export type NewArtwork = Insertable<ArtworksTable>;
export type PrintEditionRow = Selectable<PrintEditionsTable>;
export type ArtworkImageRow = Selectable<ArtworkImagesTable>;

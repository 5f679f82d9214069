import type { Language } from './languages';
import type { Message, MessageArea } from './message-area';
import { accountMessages } from './messages/account';
import { alertsMessages } from './messages/alerts';
import { apiMessages } from './messages/api';
import { artistMessages } from './messages/artist';
import { artistEditMessages } from './messages/artist-edit';
import { basketMessages } from './messages/basket';
import { categoriesMessages } from './messages/categories';
import { checkoutMessages } from './messages/checkout';
import { collectionsMessages } from './messages/collections';
import { commonMessages } from './messages/common';
import { deliveryMessages } from './messages/delivery';
import { editMessages } from './messages/edit';
import { favouritesMessages } from './messages/favourites';
import { filterMessages } from './messages/filter';
import { followingMessages } from './messages/following';
import { galleryMessages } from './messages/gallery';
import { homeMessages } from './messages/home';
import { listingMessages } from './messages/listing';
import { notificationsMessages } from './messages/notifications';
import { ordersMessages } from './messages/orders';
import { productMessages } from './messages/product';
import { receiptMessages } from './messages/receipt';
import { refusalMessages } from './messages/refusal';
import { searchMessages } from './messages/search';
import { sellingMessages } from './messages/selling';
import { seoMessages } from './messages/seo';
import { settingsMessages } from './messages/settings';
import { shellMessages } from './messages/shell';
import { shipsToMessages } from './messages/ships-to';
import { staffMessages } from './messages/staff';
import { vocabularyMessages } from './messages/vocabulary';

/**
 * The site's wording: one resource for both languages, in areas named by the keys' first word
 * (lib/i18n/messages/<area>.ts). British English holds every message; American English lists
 * only where it differs (basket/cart, colour/color, favourite/favorite, centimetres/centimeters,
 * working/business days), so a message cannot go missing in one language. Besides the pages'
 * words it holds the API's refusals (`api.*`), the gallery's SEO text (`seo.*`) and the
 * vocabulary's labels that are not the value itself (`vocabulary.*`).
 *
 * `{name}` marks a value filled in by the translator; a message with `one`/`other` forms is
 * chosen by its `count`. The server translates with every area (`getTranslator`); a client
 * component names the areas it uses (`useT(basketMessages)`), so its page's scripts carry only those.
 */
export const MESSAGE_AREAS = [
  commonMessages,
  shellMessages,
  categoriesMessages,
  accountMessages,
  settingsMessages,
  galleryMessages,
  homeMessages,
  artistMessages,
  artistEditMessages,
  sellingMessages,
  searchMessages,
  basketMessages,
  shipsToMessages,
  checkoutMessages,
  receiptMessages,
  editMessages,
  ordersMessages,
  favouritesMessages,
  followingMessages,
  collectionsMessages,
  staffMessages,
  productMessages,
  deliveryMessages,
  filterMessages,
  vocabularyMessages,
  seoMessages,
  apiMessages,
  refusalMessages,
  listingMessages,
  alertsMessages,
  notificationsMessages,
] as const;

type AreaOf<A> = A extends MessageArea<infer Name> ? Name : never;
type KeysOf<A> = A extends MessageArea<string, infer Key> ? Key : never;

/** The areas of the message table: 'gallery', 'basket', … */
export type Area = AreaOf<(typeof MESSAGE_AREAS)[number]>;

/** A key of the message table, or of the areas named: MessageKey<'basket'> is 'basket.name' | …. */
export type MessageKey<A extends Area = Area> = Extract<KeysOf<(typeof MESSAGE_AREAS)[number]>, `${A}.${string}`>;

const british = Object.assign({}, ...MESSAGE_AREAS.map((area) => area.british)) as Record<MessageKey, Message>;

/** Whether a string names a message of the table: 'refusal.expiry' -> true. */
export const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(british, text);

/** Every message in each language. */
export const MESSAGES: Record<Language, Readonly<Record<MessageKey, Message>>> = {
  'en-gb': british,
  'en-us': Object.assign({}, british, ...MESSAGE_AREAS.map((area) => area.american)),
};

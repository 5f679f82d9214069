import type { Language } from './languages';

/**
 * The site's wording: one resource for both languages. British English holds every message;
 * American English lists only where it differs (basket/cart, colour/color, favourite/favorite,
 * centimetres/centimeters), so a message cannot go missing in one language.
 *
 * `{name}` marks a value filled in by the translator; a message with `one`/`other` forms is
 * chosen by its `count`.
 */

export interface PluralMessage {
  one: string;
  other: string;
}

const BRITISH = {
  'common.close': 'Close',
  'common.justNow': 'just now',
  'common.loading': 'Loading…',
  'common.loadFailed': 'This could not be loaded just now.',
  'common.tryAgain': 'Try again',

  'shell.pitch': 'Original art, straight from the artists.',
  'shell.shop': 'Shop art',
  'shell.tools': 'Your settings and basket',
  'shell.footer': 'Easel · Every work is an original, sold by the artist who made it.',

  'settings.title': 'Your settings',
  'settings.summary': '{currency} · {units} · ships to {country}',
  'settings.currency': 'Currency',
  'settings.country': 'Ships to',
  'settings.units': 'Sizes in',
  'settings.language': 'Language',
  'settings.units.cm': 'Centimetres',
  'settings.units.in': 'Inches',
  'settings.saving': 'Saving…',
  'settings.saved': 'Settings saved',
  'settings.savedText': 'Prices in {currency}, sizes in {units}.',
  'settings.saveFailed': 'Your settings could not be saved',
  'settings.saveFailedText': 'Please try again in a moment.',

  'gallery.filters': 'Filters',
  'gallery.price': 'Price',
  'gallery.size': 'Size',
  'gallery.category': 'Category',
  'gallery.subject': 'Subject',
  'gallery.shipsTo': 'Ships to',
  'gallery.shipsFrom': 'Ships from',
  'gallery.prints': 'Prints',
  'gallery.framed': 'Framed',
  'gallery.style': 'Style',
  'gallery.colour': 'Colour',
  'gallery.orientation': 'Orientation',
  'gallery.reset': 'Reset',
  'gallery.resetAll': 'Reset all',
  'gallery.apply': 'Apply',
  'gallery.showArtworks': { one: 'Show {count} artwork', other: 'Show {count} artworks' },
  'gallery.artworkCount': { one: '{count} original artwork', other: '{count} original artworks' },
  'gallery.sort': 'Sort',
  'gallery.sort.best_match': 'Best match',
  'gallery.sort.newest': 'Newest',
  'gallery.sort.price_asc': 'Price: low to high',
  'gallery.sort.price_desc': 'Price: high to low',
  'gallery.sort.popular': 'Most popular',
  'gallery.freeShipping': 'Free shipping',
  'gallery.onSale': 'On sale',

  'home.editorsPicks': 'Editors’ picks',
  'home.editorsPicksText': 'Themes our editors are looking at this month.',
  'home.featured': 'Featured art',
  'home.popularArtists': 'Popular artists',
  'home.discoveredArtists': 'Newly discovered artists',
  'home.recentlyViewed': 'Recently viewed',
  'home.recommendations': 'Recommended for you',
  'home.browseAll': 'Browse all artworks',
  'home.bannerCredit': '{title} by {artist}',
  'artist.works': { one: '{count} work for sale', other: '{count} works for sale' },
  'artist.followers': { one: '{count} follower', other: '{count} followers' },

  'basket.name': 'Basket',
  'basket.link': { one: 'Basket, {count} item', other: 'Basket, {count} items' },
  'basket.title': 'Your shopping basket',
  'basket.itemCount': { one: '{count} item in your basket', other: '{count} items in your basket' },
  'basket.empty': 'Your basket is empty',
  'basket.add': 'Add to basket',
  'basket.added': 'Added to your basket',
  'basket.view': 'View basket',
  'basket.remove': 'Remove',
  'basket.updateFailed': 'We are unable to update your basket information. Please, try again later.',
  'basket.promoFailed': 'There was a network error. Your promo code wasn’t applied. Please try again later.',
  'basket.removeFailed': 'We are unable to remove this item. Try again later.',
  'basket.moneyBack': 'Money back guarantee',
  'basket.moneyBackText': 'Free, no-questions-asked returns.',
  'basket.securePayments': 'Secure payments',
  'basket.support': 'Dedicated support',
  'basket.greeting': 'Hello!',
  'basket.securePaymentsText': 'Card details go straight to the payment provider; we never store them.',
  'basket.supportText': 'Questions about a work or its delivery? Our team is here to help.',
  'basket.original': 'Original',
  'basket.print': '{size} print',
  'basket.quantity': 'Quantity',
  'basket.problem.sold': 'This work has been sold. Remove it to check out.',
  'basket.problem.unavailable': 'This work is no longer for sale. Remove it to check out.',
  'basket.problem.reserved': 'Another shopper is checking out with this work just now.',
  'basket.problem.sold_out': 'Not enough prints are left. Lower the quantity to check out.',
  'basket.promo': 'Promo code',
  'basket.promoApply': 'Apply',
  'basket.promoRemove': 'Remove code',
  'basket.promoApplied': '{code} applied',
  'basket.promoExpired': '{code} has expired',
  'basket.subtotal': 'Subtotal',
  'basket.discount': 'Discount',
  'basket.total': 'Total',
  'basket.shippingAtCheckout': 'Shipping is added at checkout, for your address.',
  'basket.checkout': 'Check out',
  'basket.continue': 'Continue shopping',

  'checkout.title': 'Checkout',
  'checkout.signIn': 'Please sign in to check out; your basket will be kept.',
  'checkout.address': 'Shipping address',
  'checkout.name': 'Full name',
  'checkout.street': 'Address',
  'checkout.country': 'Country',
  'checkout.toReview': 'Continue to review',
  'checkout.review': 'Review and pay',
  'checkout.shipping': 'Shipping',
  'checkout.free': 'Free',
  'checkout.reservedUntil': 'The originals are reserved for you until {time}.',
  'checkout.shipTo': 'Shipping to',
  'checkout.changeAddress': 'Change address',
  'checkout.payment': 'Payment',
  'checkout.cardNumber': 'Card number',
  'checkout.expiry': 'Expiry (MM/YY)',
  'checkout.cvc': 'Security code',
  'checkout.testCard': 'This is a demo shop: pay with the test card 4242 4242 4242 4242. No real card is ever charged.',
  'checkout.pay': 'Pay {amount}',
  'checkout.paying': 'Paying…',
  'checkout.confirmed': 'Thank you: your order is placed',
  'checkout.orderNumber': 'Order number {id}',
  'checkout.viewOrders': 'See your orders',

  'orders.title': 'Your orders',
  'orders.empty': 'You have not placed an order yet.',
  'orders.signIn': 'Please sign in to see your orders.',
  'orders.number': 'Order {id}',
  'orders.placedOn': 'Placed on {date}',
  'orders.status.placed': 'Placed',
  'orders.status.paid': 'Paid',
  'orders.status.cancelled': 'Cancelled',

  'favourites.name': 'Favourites',
  'favourites.add': 'Add to favourites',
  'favourites.remove': 'Remove from favourites',
  'favourites.added': 'Saved to your favourites',
  'favourites.count': { one: '{count} favourite', other: '{count} favourites' },
} as const satisfies Record<string, string | PluralMessage>;

export type MessageKey = keyof typeof BRITISH;
type Message<K extends MessageKey> = (typeof BRITISH)[K] extends string ? string : PluralMessage;

const AMERICAN: { [K in MessageKey]?: Message<K> } = {
  'settings.units.cm': 'Centimeters',

  'shell.tools': 'Your settings and cart',

  'gallery.colour': 'Color',

  'basket.name': 'Cart',
  'basket.link': { one: 'Cart, {count} item', other: 'Cart, {count} items' },
  'basket.title': 'Your shopping cart',
  'basket.itemCount': { one: '{count} item in your cart', other: '{count} items in your cart' },
  'basket.empty': 'Your cart is empty',
  'basket.add': 'Add to cart',
  'basket.added': 'Added to your cart',
  'basket.view': 'View cart',
  'basket.updateFailed': 'We are unable to update your cart information. Please, try again later.',
  'checkout.signIn': 'Please sign in to check out; your cart will be kept.',

  'favourites.name': 'Favorites',
  'favourites.add': 'Add to favorites',
  'favourites.remove': 'Remove from favorites',
  'favourites.added': 'Saved to your favorites',
  'favourites.count': { one: '{count} favorite', other: '{count} favorites' },
};

export const MESSAGES: Record<Language, { readonly [K in MessageKey]: Message<K> }> = {
  'en-gb': BRITISH,
  'en-us': { ...BRITISH, ...AMERICAN },
};

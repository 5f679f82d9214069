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

  'artist.metaTitle': '{name}: original art',
  'artist.metaDescription': 'Original art by {name}, from {place}, bought straight from the artist on Easel.',
  'artist.place': '{city}, {country}',
  'artist.followers': { one: '{count} follower', other: '{count} followers' },
  'artist.available': 'Available works',
  'artist.availableCount': { one: '{count} work for sale', other: '{count} works for sale' },
  'artist.categories': 'Categories',
  'artist.allCategories': 'All',
  'artist.sortApply': 'Sort',
  'artist.noWorks': 'Nothing for sale just now',
  'artist.noWorksText': 'New work is on its way; please come back soon.',
  'artist.pastLastPage': 'There are no more works on this page.',
  'artist.firstPage': 'Back to the first page',
  'artist.worksUnavailable': 'The works for sale can’t be shown just now',
  'artist.worksUnavailableText': 'Please try again in a moment; the artist and their sold works are all here.',
  'artist.sold': 'Sold',
  'artist.soldWorks': 'Sold works',
  'artist.soldCount': { one: '{count} work sold', other: '{count} works sold' },

  'search.label': 'Search artworks and artists',
  'search.placeholder': 'Search art and artists',
  'search.submit': 'Search',
  'search.artworks': 'Artworks',
  'search.artists': 'Artists',
  'search.results': { one: '{count} suggestion', other: '{count} suggestions' },

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
  'basket.promoFailed': "There was a network error. Your promo code wasn't applied. Please try again later.",
  'basket.removeFailed': 'We are unable to remove this item. Try again later.',
  'basket.moneyBack': 'Money back guarantee',
  'basket.moneyBackText': 'Free, no-questions-asked returns.',
  'basket.securePayments': 'Secure payments',
  'basket.support': 'Dedicated support',

  'favourites.name': 'Favourites',
  'favourites.add': 'Add to favourites',
  'favourites.remove': 'Remove from favourites',
  'favourites.added': 'Saved to your favourites',
  'favourites.count': { one: '{count} favourite', other: '{count} favourites' },

  'product.breadcrumb': 'Where this work sits in the gallery',
  'product.pictures': 'Pictures of the artwork',
  'product.showPicture': 'Show picture {n} of {count}: {alt}',
  'product.noPicture': 'Picture coming soon',
  'product.reducedFrom': 'Reduced from',
  'product.reducedTo': 'to',
  'product.sold': 'Sold',
  'product.soldText': 'This original has found a home.',
  'product.seeSimilar': 'See similar works for sale',
  'product.seePrints': 'Prints of it are still available',
  'product.reserved': 'Reserved',
  'product.reservedText': 'Another collector is buying this work. If the sale does not go ahead, it will be offered again.',
  'product.framed': 'Framed',
  'product.readyToHang': 'Ready to hang',
  'product.unframed': 'Unframed',
  'product.shippingCost': 'Shipping to {country}: {price}',
  'product.freeShipping': 'Free shipping to {country}',
  'product.noShipping': 'Does not ship to {country}',
  'product.shipsFrom': 'Ships from {country}',
  'product.returns': 'Free, no-questions-asked returns on originals',
  'product.about': 'About this artwork',
  'product.details': 'Details',
  'product.medium': 'Medium',
  'product.size': 'Size',
  'product.framing': 'Framing',
  'product.prints': 'Fine-art prints',
  'product.printsText': 'Limited editions of this work, in the sizes below.',
  'product.printSize': 'Size',
  'product.printDimensions': 'Dimensions',
  'product.printPrice': 'Price',
  'product.printEdition': 'Edition',
  'product.printsLeft': '{left} of {size} left',
  'product.printSoldOut': 'Sold out',
  'product.aboutArtist': 'About the artist',
  'product.basedIn': 'Based in {place}',
  'product.followers': { one: '{count} follower', other: '{count} followers' },
  'product.artistWorks': 'See all work by {artist}',
  'product.moreByArtist': 'More by {artist}',
  'product.similar': 'Similar works for sale',
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

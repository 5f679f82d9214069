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

  'account.login': 'Log in',
  'account.logout': 'Log out',
  'account.menu': 'Your account',
  'account.email': 'Email',
  'account.password': 'Password',
  'account.name': 'Your name',
  'account.loginTitle': 'Welcome back',
  'account.loginIntro': 'Log in to see your favourites, collections and orders.',
  'account.noAccount': 'New to Easel?',
  'account.join': 'Join Easel',
  'account.joinTitle': 'Join Easel',
  'account.joinIntro': 'Follow artists, save favourites and check out faster.',
  'account.passwordHint': 'At least 10 characters.',
  'account.haveAccount': 'Already have an account?',
  'account.working': 'One moment…',
  'account.welcomeBack': 'Welcome back, {name}.',
  'account.loggedOut': 'You have logged out. See you soon.',
  'account.welcomeAlert': 'Welcome to Easel, {name}. Your account is ready.',
  'account.newsletterTitle': 'New work, first',
  'account.newsletterIntro': 'A short letter when artists you might like list something new. No more than once a week.',
  'account.subscribe': 'Subscribe',
  'account.noThanks': 'No thanks',
  'account.subscribed': 'You are subscribed',
  'account.subscribedText': 'The newsletter will come to {email}.',
  'account.welcomeTitle': 'Welcome, {name}',
  'account.welcomeIntro': 'Every work here is an original, sold by the artist who made it. Tell us a little about what you love, and we will show you more of it.',
  'account.tellUs': 'Tell us about yourself',
  'account.startLooking': 'Start looking',
  'account.about': 'What art do you love?',
  'account.aboutHint': 'Painters, subjects, colours: a few words are plenty.',
  'account.save': 'Save',
  'account.thanksTitle': 'Thank you, {name}',
  'account.thanksIntro': 'We will use what you told us to suggest works you might like.',
  'account.done': 'Done',
  'account.ok': 'OK',
  'account.failed': 'That did not work just now. Please try again.',

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

  'account.loginIntro': 'Log in to see your favorites, collections and orders.',
  'account.aboutHint': 'Painters, subjects, colors: a few words are plenty.',
  'account.joinIntro': 'Follow artists, save favorites and check out faster.',

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

/** A message with a form for one and a form for every other count, chosen by the `count` value. */
export interface PluralMessage {
  one: string;
  other: string;
}

export type Message = string | PluralMessage;

/**
 * One area of the site's wording: the messages whose keys start with its name
 * (`gallery.filters`, `gallery.colour`, …), British English holding every one and American
 * English only those it words differently. Each area is a module of its own
 * (lib/i18n/messages/), so a page's scripts carry only the areas its client components name.
 */
export interface MessageArea<Name extends string = string, Key extends string = string> {
  readonly name: Name;
  readonly british: Readonly<Record<Key, Message>>;
  readonly american: Readonly<Partial<Record<Key, Message>>>;
}

/** American English's differences: only keys British English has, each in the same form. */
type Differences<British> = { readonly [K in keyof British]?: British[K] extends string ? string : PluralMessage };

/**
 * An area of the message table: messageArea('basket', { 'basket.name': 'Basket' }, { 'basket.name': 'Cart' }).
 * A key outside the area, or an American message British English lacks, does not type-check.
 */
export function messageArea<const Name extends string, const British extends Record<string, Message>>(
  name: Name,
  british: British & { readonly [K in Exclude<keyof British, `${Name}.${string}`>]: never },
  american: Differences<British> = {},
): MessageArea<Name, keyof British & string> {
  return { name, british, american };
}

/** Whether the area words `text`: isKeyIn(listingMessages, 'listing.refusal.title') -> true. */
export const isKeyIn = <Key extends string>(area: MessageArea<string, Key>, text: string): text is Key => Object.hasOwn(area.british, text);

/**
 * British spellings and words an American shopper should never read from Easel itself, for the
 * tests that render the site in American English. Each matches a word's start, so 'colour'
 * catches 'colours', 'coloured' and 'watercolour' too.
 */
export const BRITISH_SPELLINGS = [
  'colour', 'grey', 'favourite', 'basket', 'catalogue', 'centre', 'metre', 'working day', 'cancelled',
  'organis', 'jewellery', 'cheque', 'licence', 'postcode', 'enquir', 'programme', 'whilst', 'practise',
] as const;

const pattern = new RegExp(BRITISH_SPELLINGS.map((word) => word.replace(' ', '\\s+')).join('|'), 'gi');

/** The British spellings in `text`: 'Grey and colours' -> ['Grey', 'colour']. */
export function britishSpellingsIn(text: string): string[] {
  return text.match(pattern) ?? [];
}

import { describe, expect, it } from 'vitest';
import { describeAlert } from './describe';
import { parseAlertQuery } from './definition';

const words = (query: string, language: 'en-gb' | 'en-us') => {
  const parsed = parseAlertQuery(query);
  if (!parsed.ok) throw new Error(`${parsed.issue.param} ${parsed.issue.message}`);
  return describeAlert(parsed.definition, language, 'Ada Lovelace');
};

describe('an alert in words', () => {
  it('says every filter: adjectives, then the works, then the rest in order', () => {
    const query = 'colours=grey&colours=red&shape=square&subject=landscape&size_=large&painting=oil&painting=watercolour&sculpture=bronze'
      + '&q=sea&artist=ada-lovelace&price_min=200&price_max=900&currency=USD&in_sale=on&width_min=40&height_max=80&framed_or_ready_to_hang=true'
      + '&has_fine_art_prints=true&verified_advertising_safe=true&ships_from=FR&free_shipping=true&ships_to=DE';
    expect(words(query, 'en-gb')).toBe('Grey or red square landscape large oil paintings, watercolour paintings or bronze sculptures matching “sea” by Ada Lovelace'
      + ' between $200 and $900 on sale over 40 cm wide under 80 cm high framed or ready to hang with fine art prints verified sent from France that ship free to Germany');
    expect(words(query, 'en-us')).toMatch(/^Gray or red .* watercolor paintings /);
  });

  it('says where works ship to when shipping is not free, and "works" when no kind is chosen', () => {
    expect(words('width_max=50&height_min=20&ships_to=GB&ships_from=IT', 'en-gb')).toBe('Works under 50 cm wide over 20 cm high sent from Italy that ship to United Kingdom');
    expect(words('', 'en-us')).toBe('Works');
  });

  it("keeps free shipping to the shopper's own country when no ships-to is chosen, and no other trace of that country", () => {
    expect(parseAlertQuery('free_shipping=true&country=FR')).toMatchObject({ ok: true, query: 'ships_to=FR&free_shipping=true&currency=GBP' });
    expect(words('free_shipping=true&country=FR', 'en-gb')).toBe('Works that ship free to France');
    expect(parseAlertQuery('colours=red&country=FR')).toMatchObject({ ok: true, query: 'colours=red&currency=GBP' });
  });
});

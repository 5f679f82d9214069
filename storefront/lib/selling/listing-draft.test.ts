import { describe, expect, it } from 'vitest';
import { listingSchema } from '../listing/listing';
import { fieldOf, toListingBody, type ListingDraft } from './listing-draft';

const draft: ListingDraft = {
  title: 'Tide', description: 'Low water at the estuary.', category: 'painting', subcategory: 'oil', medium: 'Oil on linen',
  subject: 'seascape', style: 'impressionist', colours: ['blue', 'grey'], units: 'in', width: '24', height: '18.5', depth: '1',
  framed: true, ready_to_hang: false, price: '450.50', sale_price: '', ships_from: 'GB', shipping_profile_id: '3',
};

describe('toListingBody', () => {
  it('turns pounds into pence and text into numbers, as the schema takes them', () => {
    const { body, unreadable } = toListingBody(draft);
    expect(unreadable).toEqual([]);
    expect(body).toMatchObject({ price_minor: 45050, sale_price_minor: null, width: 24, height: 18.5, depth: 1, shipping_profile_id: 3, units: 'in' });
    expect(listingSchema.safeParse(body).success).toBe(true);
  });

  it('leaves an empty medium out, for the subcategory\'s own word', () => {
    const { body } = toListingBody({ ...draft, medium: '  ' });
    expect(body).not.toHaveProperty('medium');
    expect(listingSchema.safeParse(body).success).toBe(true);
  });

  it('names an amount that is not an amount, and leaves a side that is not a number for the schema to refuse by name', () => {
    const { body, unreadable } = toListingBody({ ...draft, price: '£450', sale_price: '12,5', width: '0x10', height: '' });
    expect(unreadable).toEqual(['price', 'sale_price']);
    const issues = listingSchema.safeParse(body).error!.issues.map((i) => [fieldOf(i.path.join('.')), i.message]);
    expect(issues).toEqual(expect.arrayContaining([['width', 'listing.refusal.width'], ['height', 'listing.refusal.height'], ['price', 'listing.refusal.price']]));
  });

  it('reads an amount of any length as one, for the schema to refuse by its range', () => {
    for (const price of ['99999999999999', '10000001', '0.50']) {
      const { body, unreadable } = toListingBody({ ...draft, price });
      expect(unreadable).toEqual([]);
      const issues = listingSchema.safeParse(body).error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      expect(new Set(issues)).toEqual(new Set(['price_minor: listing.refusal.price']));
    }
  });

  it('finds the form field of a path the API names', () => {
    expect([fieldOf('price_minor'), fieldOf('sale_price_minor'), fieldOf('colours.2'), fieldOf('title')]).toEqual(['price', 'sale_price', 'colours', 'title']);
  });
});

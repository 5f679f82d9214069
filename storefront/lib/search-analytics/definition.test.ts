import { describe, expect, it } from 'vitest';
import { recordedDefinition } from './definition';

describe('recordedDefinition', () => {
  it.each([
    ['', { query: '', definition: '', filters: [], page: 1 }],
    ['q=%20Cat%20%20ASLEEP%20', { query: 'cat asleep', definition: 'q=cat+asleep', filters: [], page: 1 }],
    [
      'q=sea&colours=red&colours=blue&sort=price_asc&page=3&paginate=24&currency=USD&country=US&price_min=100&in_sale=on&ships_to=FR',
      {
        query: 'sea',
        definition: 'q=sea&currency=USD&price_min=100&in_sale=on&ships_to=FR&colours=blue&colours=red',
        filters: [['price', '100– USD'], ['in_sale', 'yes'], ['ships_to', 'FR'], ['colours', 'red'], ['colours', 'blue']],
        page: 3,
      },
    ],
    // Free shipping without a ships-to is judged against the shopper's country, so it is kept as the ships-to.
    ['free_shipping=true&country=FR', { query: '', definition: 'ships_to=FR&free_shipping=true', filters: [['free_shipping', 'yes']], page: 1 }],
    ['product_boost=a-work&painting=oil', { query: '', definition: 'painting=oil', filters: [['painting', 'oil']], page: 1 }],
  ])('keeps the words, filters and page of %j', (queryString, expected) => {
    expect(recordedDefinition(queryString)).toEqual(expected);
  });

  it('records no search for an artist page or a refused search', () => {
    expect(recordedDefinition('artist=ada-lovelace')).toBeUndefined();
    expect(recordedDefinition('colours=plaid')).toBeUndefined();
  });
});

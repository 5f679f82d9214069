import { messageArea } from '../message-area';

export const categoriesMessages = messageArea('categories', {
  'categories.label': 'Shop by medium',
  'categories.all': 'All art',
  'categories.count': { one: '{count} work for sale', other: '{count} works for sale' },
});

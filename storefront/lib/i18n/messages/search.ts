import { messageArea } from '../message-area';

export const searchMessages = messageArea('search', {
  'search.label': 'Search artworks and artists',
  'search.placeholder': 'Search art and artists',
  'search.submit': 'Search',
  'search.artworks': 'Artworks',
  'search.artists': 'Artists',
  'search.searches': 'Searches',
  'search.categories': 'Categories',
  'search.inCategory': '{query} in {category}',
  'search.results': { one: '{count} suggestion', other: '{count} suggestions' },
});

import { messageArea } from '../message-area';

export const homeMessages = messageArea('home', {
  'home.editorsPicks': 'Editors’ picks',
  'home.editorsPicksText': 'Themes our editors are looking at this month.',
  'home.featured': 'Featured art',
  'home.popularArtists': 'Popular artists',
  'home.discoveredArtists': 'Newly discovered artists',
  'home.recentlyViewed': 'Recently viewed',
  'home.recommendations': 'Recommended for you',
  'home.browseAll': 'Browse all artworks',
});

import { messageArea } from '../message-area';

export const favouritesMessages = messageArea('favourites', {
  'favourites.name': 'Favourites',
  'favourites.add': 'Add to favourites',
  'favourites.remove': 'Remove from favourites',
  'favourites.added': 'Saved to your favourites',
  'favourites.count': { one: '{count} favourite', other: '{count} favourites' },
  'favourites.signIn': 'Log in to see the works you have saved.',
  'favourites.empty': 'Nothing saved yet: tap the heart on any work to keep it here.',
}, {
  'favourites.name': 'Favorites',
  'favourites.add': 'Add to favorites',
  'favourites.remove': 'Remove from favorites',
  'favourites.added': 'Saved to your favorites',
  'favourites.count': { one: '{count} favorite', other: '{count} favorites' },
  'favourites.signIn': 'Log in to see the works you have saved.',
  'favourites.empty': 'Nothing saved yet: tap the heart on any work to keep it here.',
});
